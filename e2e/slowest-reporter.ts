/**
 * A Playwright reporter that lists the slowest tests at the end of a run and keeps every test's time in
 * .tmp/test-timings/e2e.json (docs/testing.md#measuring). Skipped tests (the electron project here)
 * are left out: they cost nothing.
 */
import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { slowestTable, writeTimings, type TimedTest } from '../scripts/slowest-tests.ts';

const REPO = path.resolve(import.meta.dirname, '..');

export default class SlowestTestsReporter implements Reporter {
  readonly #tests: TimedTest[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'skipped') return;
    const title = test.titlePath().slice(3).join(' › ');
    this.#tests.push({ file: path.relative(REPO, test.location.file), title, ms: result.duration });
  }

  onEnd(_result: FullResult): void {
    if (this.#tests.length === 0) return;
    writeTimings(path.join(REPO, '.tmp', 'test-timings', 'e2e.json'), this.#tests);
    process.stdout.write(`\n${slowestTable('Playwright', this.#tests)}\n\n`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
