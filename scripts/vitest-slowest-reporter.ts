/**
 * A Vitest reporter that lists the slowest tests and files at the end of a run and keeps every
 * test's time in .tmp/test-timings/unit.json (docs/testing.md#measuring). It sits beside Vitest's
 * default reporter.
 */
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { seconds, slowestFiles, slowestTable, writeTimings, type TimedTest } from './slowest-tests.ts';

const REPO = path.resolve(import.meta.dirname, '..');

export default class SlowestTestsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const tests: TimedTest[] = [];
    for (const module of testModules) {
      const file = path.relative(REPO, module.moduleId);
      for (const test of module.children.allTests()) {
        const duration = test.diagnostic()?.duration;
        if (duration !== undefined) tests.push({ file, title: test.fullName, ms: duration });
      }
    }
    if (tests.length === 0) return;
    writeTimings(path.join(REPO, '.tmp', 'test-timings', 'unit.json'), tests);
    const files = slowestFiles(tests, 10)
      .map((f) => `  ${seconds(f.ms).padStart(8)}  ${f.file} (${f.tests} tests)`)
      .join('\n');
    process.stdout.write(`\n${slowestTable('Vitest', tests)}\n\nSlowest files (sum of their tests):\n${files}\n\n`);
  }
}
