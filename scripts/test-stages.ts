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
 *
 * A stage marked `beside` runs at the same time as the stage before it (docs/testing.md#stages-side-by-side):
 * lint, the type checks and the chaos runs each keep one core busy, so side by side they fill both. The first
 * stage of such a group prints as it runs; the others' output is held and printed whole when they end, so no two
 * stages' lines are interleaved.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface Stage {
  readonly key: string;
  readonly name: string;
  readonly budgetMin: number;
  readonly scripts: readonly string[];
  /** Runs at the same time as the stage before it, not after it. */
  readonly beside?: boolean;
}

export const STAGES: readonly Stage[] = [
  { key: 'static', name: 'lint and types', budgetMin: 2, scripts: ['lint', 'typecheck'] },
  { key: 'chaos', name: 'chaos and RNG', budgetMin: 2, scripts: ['test:chaos', 'test:rng'], beside: true },
  { key: 'unit', name: 'unit (Vitest)', budgetMin: 5, scripts: ['test:unit'] },
  { key: 'e2e', name: 'e2e (build, Playwright)', budgetMin: 12, scripts: ['test:e2e'] },
];

/** The stages in runs: each run's stages start together, and the next run starts when all of them have ended. */
export function stageGroups(stages: readonly Stage[]): readonly (readonly Stage[])[] {
  const groups: Stage[][] = [];
  for (const stage of stages) {
    const last = groups.at(-1);
    if (stage.beside && last) last.push(stage);
    else groups.push([stage]);
  }
  return groups;
}

/** The minutes a run of stages side by side may take: its longest budget. */
export const groupBudgetMin = (group: readonly Stage[]): number => Math.max(...group.map((s) => s.budgetMin));

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

/**
 * The end-of-run table, with a warning line per stage over its budget. `wallSeconds` is the whole run's time when
 * stages ran side by side (then the stages' times add up to more than the run took).
 */
export function stageReport(times: readonly StageTime[], wallSeconds?: number): string {
  const lines = ['', 'Stage durations (docs/testing.md#budgets):'];
  for (const t of times) {
    const budget = t.budgetMin === null ? '' : ` (budget ${t.budgetMin}:00)`;
    lines.push(`  ${t.name.padEnd(26)} ${minutes(t.seconds).padStart(6)}${budget}${t.ok ? '' : '  FAILED'}`);
  }
  const total = wallSeconds ?? times.reduce((sum, t) => sum + t.seconds, 0);
  lines.push(
    `  ${(wallSeconds === undefined ? 'total' : 'total (wall clock)').padEnd(26)} ${minutes(total).padStart(6)}`,
  );
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

const REPO = path.resolve(import.meta.dirname, '..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs one npm script; its output goes to the terminal, or into `held` when the stage's output is held. */
function runScript(script: string, held: Buffer[] | null): Promise<number> {
  return new Promise((resolve) => {
    const child: ChildProcess = spawn(NPM, ['run', script], {
      cwd: REPO,
      stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    child.stdout?.on('data', (chunk: Buffer) => held?.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => held?.push(chunk));
    child.on('error', (error) => {
      held?.push(Buffer.from(`${script}: ${error.message}\n`));
      resolve(1);
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** One stage's scripts in order, stopping at the first that fails. */
async function runStage(stage: Stage, holdOutput: boolean): Promise<StageTime & { code: number; held: Buffer[] }> {
  const held: Buffer[] = [];
  const started = performance.now();
  let code = 0;
  for (const script of stage.scripts) {
    code = await runScript(script, holdOutput ? held : null);
    if (code !== 0) break;
  }
  const seconds = (performance.now() - started) / 1000;
  return { name: stage.name, seconds, budgetMin: stage.budgetMin, ok: code === 0, code, held };
}

async function main(): Promise<number> {
  const chosen = chooseStages(process.argv.slice(2));
  if (typeof chosen === 'string') {
    process.stderr.write(`test-stages: ${chosen}\n`);
    return 2;
  }
  const times: StageTime[] = [];
  const install = Number(process.env.BACCARAT_CI_INSTALL_S);
  const hasInstall = Number.isFinite(install) && install > 0;
  if (hasInstall) times.push({ name: 'install (apt, npm ci)', seconds: install, budgetMin: null, ok: true });
  const started = performance.now();
  let code = 0;
  for (const group of stageGroups(chosen)) {
    const ended = await Promise.all(group.map((stage, i) => runStage(stage, i > 0)));
    for (const stage of ended) {
      if (stage.held.length) {
        process.stdout.write(`\n--- ${stage.name} (ran beside the stage above; its output) ---\n`);
        process.stdout.write(Buffer.concat(stage.held));
      }
      times.push({ name: stage.name, seconds: stage.seconds, budgetMin: stage.budgetMin, ok: stage.ok });
    }
    code = ended.find((s) => s.code !== 0)?.code ?? 0;
    if (code !== 0) break;
  }
  const wall = (performance.now() - started) / 1000 + (hasInstall ? install : 0);
  const sideBySide = stageGroups(chosen).some((g) => g.length > 1);
  process.stdout.write(stageReport(times, sideBySide ? wall : undefined));
  return code;
}

if (import.meta.main) process.exitCode = await main();
