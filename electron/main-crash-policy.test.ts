/**
 * The Electron main's crash policy (docs/cabinet-rules.md#damaged-journal, "Crash policy"), run from its source under
 * the recording stand-in for 'electron' (e2e/electron-stub) as a packaged kiosk: an error nothing handles, injected
 * from outside main by a module loaded with `--import`, ends the process with exit code 75; the journal holds the
 * `process-crash` row, and the next start's recovery line names the crash.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EXIT_PROCESS_CRASH } from './app/crash-policy.ts';
import { crashMessages, killLeftoverMains, prepareMainDir, runMain } from './testing/main-under-stand-in.ts';

const cleanups: Array<() => void> = [];
afterEach(() => {
  killLeftoverMains();
  for (const c of cleanups.splice(0).reverse()) c();
});

describe('the Electron main crash policy', () => {
  it.each([
    ['exception', 'uncaught-exception', 'TypeError'],
    ['rejection', 'unhandled-rejection', 'RangeError'],
  ] as const)(
    'an unhandled %s: exit 75, a process-crash row, and the next start names it',
    async (kind, crash, error) => {
      const parent = mkdtempSync(path.join(os.tmpdir(), 'main-crash-'));
      cleanups.push(() => rmSync(parent, { recursive: true, force: true }));
      const dir = prepareMainDir(parent);

      const crashed = await runMain(dir, 'SIGUSR2', kind);
      expect(crashed.code, crashed.stderr).toBe(EXIT_PROCESS_CRASH);
      expect(crashed.stdout).toContain(`{"stub":"exit","code":${EXIT_PROCESS_CRASH}}`);
      expect(crashed.stderr).toContain(`kiosk: ${crash}: ${error}: injected`);
      expect(crashMessages(dir)).toEqual([
        {
          code: 'process-crash',
          crash,
          error,
          recordedAtStart: false,
          crashedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        },
      ]);

      const next = await runMain(dir, 'SIGTERM');
      expect(next.code, next.stderr).toBe(0);
      expect(next.stdout).toContain(`the last run ended in a crash (${crash}, ${error}, at `);
    },
    60_000,
  );
});
