/**
 * The Electron main's crash policy (docs/cabinet-rules.md#damaged-journal, "Crash policy"), run from its source under
 * the recording stand-in for 'electron' (e2e/electron-stub) as a packaged kiosk: an error nothing handles, injected
 * from outside main by a module loaded with `--import`, ends the process with exit code 75; the journal holds the
 * `process-crash` row, and the next start's recovery line names the crash.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EXIT_PROCESS_CRASH } from './app/crash-policy.ts';
import { Journal } from './storage/journal.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

/** Loaded before main: SIGUSR2 makes an error nothing handles, of the kind CRASH_KIND names. */
const INJECTOR = `process.on('SIGUSR2', () => {
  if (process.env.CRASH_KIND === 'rejection') void Promise.reject(new RangeError('injected rejection'));
  else throw new TypeError('injected exception');
});
`;

interface MainRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Starts main on `dir`'s journal; once its window loads, sends `signal` (the crash, or SIGTERM to stop it). */
function runMain(dir: string, signal: NodeJS.Signals, kind = ''): Promise<MainRun> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      path.join(ROOT, 'e2e/electron-stub/register.mjs'),
      '--import',
      path.join(dir, 'inject.mjs'),
      path.join(ROOT, 'electron/main.electron.ts'),
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        STUB_IS_PACKAGED: '1',
        STUB_USER_DATA: dir,
        BACCARAT_JOURNAL: path.join(dir, 'journal.sqlite'),
        CRASH_KIND: kind,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  cleanups.push(() => void (child.exitCode === null && child.signalCode === null && child.kill('SIGKILL')));
  let stdout = '';
  let stderr = '';
  let sent = false;
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    if (!sent && stdout.includes('"stub":"loadURL"')) {
      sent = true;
      child.kill(signal);
    }
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

function crashMessages(dir: string): unknown[] {
  const journal = Journal.open(path.join(dir, 'journal.sqlite'), { readOnly: true });
  try {
    return journal
      .events({ limit: 1000 })
      .map((e) => e.message)
      .filter((m) => m?.code === 'process-crash');
  } finally {
    journal.close();
  }
}

describe('the Electron main crash policy', () => {
  it.each([
    ['exception', 'uncaught-exception', 'TypeError'],
    ['rejection', 'unhandled-rejection', 'RangeError'],
  ] as const)(
    'an unhandled %s: exit 75, a process-crash row, and the next start names it',
    async (kind, crash, error) => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'main-crash-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      writeFileSync(path.join(dir, 'inject.mjs'), INJECTOR);

      const crashed = await runMain(dir, 'SIGUSR2', kind);
      expect(crashed.code, crashed.stderr).toBe(EXIT_PROCESS_CRASH);
      expect(crashed.stdout).toContain(`{"stub":"exit","code":${EXIT_PROCESS_CRASH}}`);
      expect(crashed.stderr).toContain(`kiosk: ${crash}: ${error}: injected`);
      expect(crashMessages(dir)).toEqual([{ code: 'process-crash', crash, error, recordedAtStart: false }]);

      const next = await runMain(dir, 'SIGTERM');
      expect(next.code, next.stderr).toBe(0);
      expect(next.stdout).toContain(`the last run ended in a crash (${crash}, ${error}, at `);
    },
    60_000,
  );
});
