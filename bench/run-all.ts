/**
 * Runs every bench/*.bench.ts (sorted by name) as a child process with this
 * same Node, one after another, streaming its output. Benchmarks never run
 * inside the test suite. `npm run bench -- engine rng` runs only the files whose
 * names contain one of the given words.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
if (filters.includes('--help') || filters.includes('-h')) {
  process.stdout.write(
    'Usage: npm run bench [-- WORD...]\n\nRuns bench/*.bench.ts one after another; with WORDs, only files whose names contain one.\n',
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

function run(file: string): Promise<{ code: number; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(here, file)], { stdio: 'inherit', cwd: join(here, '..') });
    child.on('error', (error) => {
      process.stderr.write(`bench: could not start ${file}: ${error.message}\n`);
      resolve({ code: 1, seconds: (performance.now() - started) / 1000 });
    });
    child.on('exit', (code, signal) => {
      resolve({ code: code ?? (signal !== null ? 1 : 0), seconds: (performance.now() - started) / 1000 });
    });
  });
}

const results: { file: string; code: number; seconds: number }[] = [];
for (const file of files) {
  process.stdout.write(`\n=== ${file} ===\n`);
  results.push({ file, ...(await run(file)) });
}

process.stdout.write('\n=== summary ===\n');
for (const { file, code, seconds } of results) {
  process.stdout.write(
    `${file.padEnd(28)} ${code === 0 ? 'ok    ' : `FAILED (exit ${code})`} ${seconds.toFixed(1).padStart(7)} s\n`,
  );
}
process.exitCode = results.some((r) => r.code !== 0) ? 1 : 0;
