/**
 * Runs every bench/*.bench.ts (sorted by name) as a child process with this
 * same Node, one after another, streaming its output. Benchmarks never run
 * inside the test suite. `npm run bench -- engine rng` runs only the files whose
 * names contain one of the given words.
 *
 * Before each bench it samples how busy the machine is; each bench hands its headline figures over through
 * bench/figures.ts. The run is kept in bench/last-run.json (the benches run this time replace theirs, the others
 * are kept), and every figure is printed beside the same figure of the run before, as a ratio
 * (docs/benchmarks.md#the-last-run-and-the-change).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  compareRuns,
  FIGURES_FILE_ENV,
  readReportedFigures,
  type BenchRun,
  type FigureChange,
  type LastRun,
} from './figures.ts';
import { otherCpuShare } from './ui-figures.ts';

const here = dirname(fileURLToPath(import.meta.url));
// Words choose the benches; whatever follows a lone `--` goes to each of them (`npm run bench -- ui -- --quick`).
const separator = process.argv.indexOf('--', 2);
const filters = process.argv.slice(2, separator < 0 ? undefined : separator);
const passOn = separator < 0 ? [] : process.argv.slice(separator + 1);
if (filters.includes('--help') || filters.includes('-h')) {
  process.stdout.write(
    'Usage: npm run bench [-- WORD... [-- FLAG...]]\n\nRuns bench/*.bench.ts one after another; with WORDs, only files whose names contain one;\nFLAGs after a second -- go to each bench run.\n',
  );
  process.exit(0);
}
const files = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => filters.length === 0 || filters.some((word) => name.includes(word)))
  .sort();

if (files.length === 0) {
  process.stderr.write(
    `bench: no bench/*.bench.ts file${filters.length > 0 ? ` matches ${filters.join(', ')}` : ''}\n`,
  );
  process.exit(2);
}

const LAST_RUN = join(here, 'last-run.json');
const figuresDir = mkdtempSync(join(os.tmpdir(), 'bench-figures-'));

function run(file: string, figuresFile: string): Promise<{ code: number; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(here, file), ...passOn], {
      stdio: 'inherit',
      cwd: join(here, '..'),
      env: { ...process.env, [FIGURES_FILE_ENV]: figuresFile },
    });
    child.on('error', (error) => {
      process.stderr.write(`bench: could not start ${file}: ${error.message}\n`);
      resolve({ code: 1, seconds: (performance.now() - started) / 1000 });
    });
    child.on('exit', (code, signal) => {
      resolve({ code: code ?? (signal !== null ? 1 : 0), seconds: (performance.now() - started) / 1000 });
    });
  });
}

function readLastRun(): LastRun | null {
  if (!existsSync(LAST_RUN)) return null;
  try {
    return JSON.parse(readFileSync(LAST_RUN, 'utf8')) as LastRun;
  } catch (error) {
    process.stderr.write(`bench: ${LAST_RUN} is not readable JSON (${(error as Error).message}); starting afresh\n`);
    return null;
  }
}

const results: { file: string; code: number; seconds: number }[] = [];
const runs: Record<string, BenchRun> = {};
for (const file of files) {
  // Other work on the machine takes the time a bench measures: sampled before the bench starts anything.
  const cpuInUseBefore = await otherCpuShare(2000);
  const share = Number.isFinite(cpuInUseBefore) ? `${(cpuInUseBefore * 100).toFixed(0)} %` : 'unknown';
  process.stdout.write(`\n=== ${file} === (CPU in use by other work before it started: ${share})\n`);
  const figuresFile = join(figuresDir, `${file}.jsonl`);
  const result = await run(file, figuresFile);
  results.push({ file, ...result });
  const figures = existsSync(figuresFile) ? readReportedFigures(readFileSync(figuresFile, 'utf8')) : {};
  runs[file] = {
    cpuInUseBefore: Number.isFinite(cpuInUseBefore) ? Math.round(cpuInUseBefore * 1000) / 1000 : null,
    seconds: Math.round(result.seconds * 10) / 10,
    ok: result.code === 0,
    figures,
  };
}
rmSync(figuresDir, { recursive: true, force: true });

const before = readLastRun();
const now: LastRun = {
  date: new Date().toISOString(),
  machine: { cores: os.availableParallelism(), cpu: os.cpus()[0]?.model ?? 'unknown', node: process.version },
  benches: { ...before?.benches, ...runs },
};
writeFileSync(LAST_RUN, `${JSON.stringify(now, null, 2)}\n`);

const fmt = (x: number | null): string =>
  x === null ? '—' : Math.abs(x) >= 1000 ? Math.round(x).toLocaleString('en') : String(Math.round(x * 100) / 100);
const thisRun: LastRun = { ...now, benches: runs };
const changes: FigureChange[] = compareRuns(before, thisRun);
if (changes.length > 0) {
  process.stdout.write(`\n=== figures, and their change since the last run (${before?.date ?? 'none kept'}) ===\n`);
  for (const c of changes) {
    const ratio = c.ratio === null ? '' : ` ×${c.ratio.toFixed(2)} ${c.verdict}`;
    const ceiling = c.ceiling === null ? '' : `  (ceiling ${fmt(c.ceiling)} ${c.unit})`;
    process.stdout.write(
      `${`${c.bench.replace('.bench.ts', '')} ${c.figure}`.padEnd(58)} ${fmt(c.now).padStart(12)} ${c.unit.padEnd(9)}` +
        ` was ${fmt(c.before).padStart(10)}${ratio}${ceiling}\n`,
    );
  }
  process.stdout.write(`kept in ${LAST_RUN}\n`);
}

process.stdout.write('\n=== summary ===\n');
for (const { file, code, seconds } of results) {
  process.stdout.write(
    `${file.padEnd(28)} ${code === 0 ? 'ok    ' : `FAILED (exit ${code})`} ${seconds.toFixed(1).padStart(7)} s\n`,
  );
}
process.exitCode = results.some((r) => r.code !== 0) ? 1 : 0;
