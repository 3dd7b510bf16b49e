/**
 * The slowest tests of a run, as one table for both runners (Vitest's reporter in
 * scripts/vitest-slowest-reporter.ts, Playwright's in e2e/slowest-reporter.ts), so docs/testing.md can
 * quote them and a developer sees where the suite's time goes (docs/testing.md#measuring).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface TimedTest {
  /** The file, relative to the repository. */
  readonly file: string;
  /** The test's full title (describe blocks joined with " › "). */
  readonly title: string;
  readonly ms: number;
}

/** How many of the slowest tests are listed. */
export const SLOWEST_COUNT = 20;

export function slowest(tests: readonly TimedTest[], count = SLOWEST_COUNT): TimedTest[] {
  return [...tests].sort((a, b) => b.ms - a.ms || a.file.localeCompare(b.file)).slice(0, count);
}

/** Per file: the sum of its tests' times, slowest first (what a runner's worker spends on it). */
export function slowestFiles(
  tests: readonly TimedTest[],
  count = SLOWEST_COUNT,
): { file: string; ms: number; tests: number }[] {
  const byFile = new Map<string, { ms: number; tests: number }>();
  for (const t of tests) {
    const entry = byFile.get(t.file) ?? { ms: 0, tests: 0 };
    entry.ms += t.ms;
    entry.tests += 1;
    byFile.set(t.file, entry);
  }
  return [...byFile]
    .map(([file, e]) => ({ file, ...e }))
    .sort((a, b) => b.ms - a.ms || a.file.localeCompare(b.file))
    .slice(0, count);
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** A Markdown table (it reads in a terminal too), numbered, slowest first. */
export function slowestTable(heading: string, tests: readonly TimedTest[], count = SLOWEST_COUNT): string {
  const rows = slowest(tests, count).map(
    (t, i) => `| ${i + 1} | ${seconds(t.ms)} | ${t.file} | ${t.title.replace(/\|/g, '\\|')} |`,
  );
  return [
    `${heading}: the ${rows.length} slowest of ${tests.length} tests`,
    '',
    '| # | time | file | test |',
    '| ---: | ---: | --- | --- |',
    ...rows,
  ].join('\n');
}

/** Writes the whole list as JSON beside the other test results, for a later comparison. */
export function writeTimings(file: string, tests: readonly TimedTest[]): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    JSON.stringify({ tests: slowest(tests, tests.length), files: slowestFiles(tests, Infinity) }, null, 1) + '\n',
  );
}
