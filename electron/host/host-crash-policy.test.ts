/**
 * The crash policy through the real browser host (docs/cabinet-rules.md#damaged-journal, "Crash policy"): an error
 * nothing handles after start ends the host with exit code 75, the journal holds a `process-crash` row, and the
 * next start's recovery line names the crash. A crash the journal could not take (its marker file) is journaled by
 * the next start.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EXIT_PROCESS_CRASH } from '../app/crash-policy.ts';
import { crashMarkerPath, recordCrash } from '../app/process-crash-record.ts';
import type { EventLogEntry } from '../core/model/event-log.ts';
import { Journal } from '../storage/journal.ts';
import { CRASH_AFTER_START_ENV } from './test-hooks.ts';

const HOST = path.join(import.meta.dirname, 'browser-host.ts');
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function journalPath(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'host-crash-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return path.join(dir, 'journal.sqlite');
}

interface HostRun {
  readonly code: number | null;
  readonly stderr: string;
  /** The host's start line ({url, port, journal, recovery}), null when it never started. */
  readonly started: { recovery: string } | null;
}

/** Runs the host on `journal`; a host that starts and does not crash is stopped with SIGTERM once started. */
function runHost(journal: string, env: Record<string, string> = {}): Promise<HostRun> {
  const child = spawn(process.execPath, [HOST, '--port', '0', '--journal', journal], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => void (child.exitCode === null && child.signalCode === null && child.kill('SIGKILL')));
  let stdout = '';
  let stderr = '';
  let started: { recovery: string } | null = null;
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    const line = stdout.split('\n').find((l) => l.startsWith('{"url"'));
    if (line && !started) {
      started = JSON.parse(line) as { recovery: string };
      if (!env[CRASH_AFTER_START_ENV]) child.kill('SIGTERM');
    }
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr, started })));
}

function crashRows(journal: string): EventLogEntry[] {
  const opened = Journal.open(journal, { readOnly: true });
  try {
    return opened.events({ limit: 1000 }).filter((e) => e.message?.code === 'process-crash');
  } finally {
    opened.close();
  }
}

describe('the browser host crash policy', () => {
  it.each([
    ['exception', 'uncaught-exception', 'TypeError'],
    ['rejection', 'unhandled-rejection', 'RangeError'],
  ] as const)(
    'an unhandled %s after start: exit 75, a process-crash row, and the next start names it',
    async (how, crash, error) => {
      const journal = journalPath();
      const crashed = await runHost(journal, { [CRASH_AFTER_START_ENV]: how });
      expect(crashed.started, crashed.stderr).not.toBeNull();
      expect(crashed.code, crashed.stderr).toBe(EXIT_PROCESS_CRASH);
      expect(crashed.stderr).toContain(`host: ${crash}: ${error}: test hook:`);
      expect(crashRows(journal).map((e) => e.message)).toEqual([
        { code: 'process-crash', crash, error, recordedAtStart: false },
      ]);
      expect(existsSync(crashMarkerPath(journal))).toBe(false);

      const next = await runHost(journal);
      expect(next.code, next.stderr).toBe(0);
      expect(next.started?.recovery).toContain(`the last run ended in a crash (${crash}, ${error}, at `);

      // Only the start right after the crash names it.
      const later = await runHost(journal);
      expect(later.started?.recovery).not.toContain('crash');
    },
    60_000,
  );

  it('a crash the journal could not take is kept in the marker and journaled by the next start', async () => {
    const journal = journalPath();
    const first = await runHost(journal);
    expect(first.code, first.stderr).toBe(0);
    const report = { crash: 'uncaught-exception', error: 'SqliteError', at: '2026-12-07T03:00:00.000Z' } as const;
    expect(recordCrash(null, journal, report)).toBe('marker');

    const next = await runHost(journal);
    expect(next.code, next.stderr).toBe(0);
    expect(next.started?.recovery).toContain('the last run ended in a crash (uncaught-exception, SqliteError');
    expect(existsSync(crashMarkerPath(journal))).toBe(false);
    expect(crashRows(journal).map((e) => e.message)).toEqual([
      { code: 'process-crash', crash: 'uncaught-exception', error: 'SqliteError', recordedAtStart: true },
    ]);
    const later = await runHost(journal);
    expect(later.started?.recovery).not.toContain('crash');
  }, 60_000);
});
