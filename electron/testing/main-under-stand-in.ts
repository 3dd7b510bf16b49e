/**
 * Test-only: the Electron main (electron/main.electron.ts) run from its source under plain Node with the recording
 * stand-in for 'electron' (e2e/electron-stub), as a packaged kiosk, on a journal in a folder of the test's. A module
 * loaded with `--import` before main is the only way in: on SIGUSR2 it makes an error nothing handles (a thrown
 * TypeError, or with kind "rejection" a rejected promise), so the crash comes from outside main's own code.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { EventMessage } from '../core/model/journal-message.ts';
import { Journal } from '../storage/journal.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

const INJECTOR = `process.on('SIGUSR2', () => {
  if (process.env.CRASH_KIND === 'rejection') void Promise.reject(new RangeError('injected rejection'));
  else throw new TypeError('injected exception');
});
`;

const running = new Set<ChildProcess>();

/** Kills a main a failed test left running (afterEach). */
export function killLeftoverMains(): void {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  running.clear();
}

export interface MainRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A fresh folder under `parent` for main's journal and the injector. */
export function prepareMainDir(parent: string): string {
  const dir = mkdtempSync(path.join(parent, 'main-'));
  writeFileSync(path.join(dir, 'inject.mjs'), INJECTOR);
  return dir;
}

/**
 * Starts main on `dir`'s journal; once its window has loaded, runs `before` and sends `signal` (SIGUSR2 for the
 * crash, SIGTERM to stop it); resolves when main has exited. A main still running when the test ends is killed.
 */
export function runMain(dir: string, signal: NodeJS.Signals, kind = '', before?: () => void): Promise<MainRun> {
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
  running.add(child);
  let stdout = '';
  let stderr = '';
  let sent = false;
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    if (!sent && stdout.includes('"stub":"loadURL"')) {
      sent = true;
      before?.();
      child.kill(signal);
    }
  });
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve({ code, stdout, stderr });
    }),
  );
}

/** The `process-crash` rows of `dir`'s journal, oldest first. */
export function crashMessages(dir: string): EventMessage[] {
  const journal = Journal.open(path.join(dir, 'journal.sqlite'), { readOnly: true });
  try {
    return journal
      .events({ limit: 1000 })
      .map((e) => e.message)
      .filter((m): m is EventMessage => m?.code === 'process-crash')
      .reverse();
  } finally {
    journal.close();
  }
}
