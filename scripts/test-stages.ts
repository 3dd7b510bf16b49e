/**
 * `npm test`: the stages of the whole suite in order, each timed against its budget
 * (docs/testing.md#budgets). A stage that fails stops the run with its exit code; the table of the
 * stages run so far is printed at the end either way. A stage over its budget prints a warning line but
 * does not fail the run: machines are noisy, and a verdict that depends on the machine's load is no
 * verdict on the code.
 *
 *   node scripts/test-stages.ts            every stage
 *   node scripts/test-stages.ts unit e2e   only the named stages (by key), in the suite's order
 *
 * BACCARAT_CI_INSTALL_S (set by .ci/run) adds the install step's seconds to the table.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export interface Stage {
  readonly key: string;
  readonly name: string;
  readonly budgetMin: number;
  readonly scripts: readonly string[];
}

export const STAGES: readonly Stage[] = [
  { key: 'static', name: 'lint and types', budgetMin: 4, scripts: ['lint', 'typecheck'] },
  { key: 'unit', name: 'unit (Vitest)', budgetMin: 5, scripts: ['test:unit'] },
  { key: 'chaos', name: 'chaos and RNG', budgetMin: 2, scripts: ['test:chaos', 'test:rng'] },
  { key: 'e2e', name: 'e2e (build, Playwright)', budgetMin: 9, scripts: ['test:e2e'] },
];

export interface StageTime {
  readonly name: string;
  readonly seconds: number;
  readonly budgetMin: number | null;
  readonly ok: boolean;
}

function minutes(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The end-of-run table, with a warning line per stage over its budget. */
export function stageReport(times: readonly StageTime[]): string {
  const lines = ['', 'Stage durations (docs/testing.md#budgets):'];
  for (const t of times) {
    const budget = t.budgetMin === null ? '' : ` (budget ${t.budgetMin}:00)`;
    lines.push(`  ${t.name.padEnd(26)} ${minutes(t.seconds).padStart(6)}${budget}${t.ok ? '' : '  FAILED'}`);
  }
  const total = times.reduce((sum, t) => sum + t.seconds, 0);
  lines.push(`  ${'total'.padEnd(26)} ${minutes(total).padStart(6)}`);
  for (const t of times) {
    if (t.budgetMin !== null && t.seconds > t.budgetMin * 60) {
      lines.push(`WARNING: stage "${t.name}" took ${minutes(t.seconds)}, over its budget of ${t.budgetMin}:00`);
    }
  }
  return lines.join('\n') + '\n';
}

/** The stages named on the command line (all when none), or a message saying which keys exist. */
export function chooseStages(keys: readonly string[]): readonly Stage[] | string {
  if (keys.length === 0) return STAGES;
  const unknown = keys.filter((k) => !STAGES.some((s) => s.key === k));
  if (unknown.length) return `unknown stage "${unknown[0]}": the stages are ${STAGES.map((s) => s.key).join(', ')}`;
  return STAGES.filter((s) => keys.includes(s.key));
}

function main(): number {
  const chosen = chooseStages(process.argv.slice(2));
  if (typeof chosen === 'string') {
    process.stderr.write(`test-stages: ${chosen}\n`);
    return 2;
  }
  const times: StageTime[] = [];
  const install = Number(process.env.BACCARAT_CI_INSTALL_S);
  if (Number.isFinite(install) && install > 0)
    times.push({ name: 'install (apt, npm ci)', seconds: install, budgetMin: null, ok: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  let code = 0;
  for (const stage of chosen) {
    const started = performance.now();
    for (const script of stage.scripts) {
      const run = spawnSync(npm, ['run', script], { stdio: 'inherit', cwd: path.resolve(import.meta.dirname, '..') });
      code = run.status ?? 1;
      if (code !== 0) break;
    }
    times.push({
      name: stage.name,
      seconds: (performance.now() - started) / 1000,
      budgetMin: stage.budgetMin,
      ok: code === 0,
    });
    if (code !== 0) break;
  }
  process.stdout.write(stageReport(times));
  return code;
}

if (import.meta.main) process.exitCode = main();
