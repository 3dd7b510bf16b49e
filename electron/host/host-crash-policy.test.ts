/**
 * The crash policy through the real browser host (docs/cabinet-rules.md#damaged-journal, "Crash policy"): an error
 * nothing handles after start ends the host with exit code 75, the journal holds a `process-crash` row and the
 * `program-fault` tilt, and the next start's recovery line names the crash. A crash the journal could not take (its
 * marker file) is journaled by the next start. The next start is tilted until a technician clears it through the
 * host's real channels; an attendant is refused.
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
import { connectHostClient, type HostCall } from '../testing/host-client.ts';
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
  return spawnHost(journal, env).exited;
}

interface SpawnedHost {
  /** The host's start line, once it has started (null when it exited first). */
  readonly started: Promise<{ url: string; recovery: string } | null>;
  readonly exited: Promise<HostRun>;
  stop(): void;
}

/**
 * Spawns the host on `journal`. `keep`: with its test controls, left running until `stop`; otherwise a host that
 * does not crash is stopped with SIGTERM once started.
 */
function spawnHost(journal: string, env: Record<string, string> = {}, keep = false): SpawnedHost {
  const args = [HOST, '--port', '0', '--journal', journal, ...(keep ? ['--test-controls'] : [])];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A group of its own: a host that crashes leaves its socat device pairs behind, and the cleanup ends the
    // whole group, so no test leaves processes running.
    detached: true,
  });
  cleanups.push(() => killGroup(child.pid));
  let stdout = '';
  let stderr = '';
  let started: { url: string; recovery: string } | null = null;
  let onStart: (line: { url: string; recovery: string } | null) => void = () => undefined;
  const startedPromise = new Promise<{ url: string; recovery: string } | null>((resolve) => (onStart = resolve));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    const line = stdout.split('\n').find((l) => l.startsWith('{"url"'));
    if (line && !started) {
      started = JSON.parse(line) as { url: string; recovery: string };
      onStart(started);
      if (!env[CRASH_AFTER_START_ENV] && !keep) child.kill('SIGTERM');
    }
  });
  const exited = new Promise<HostRun>((resolve) =>
    child.once('exit', (code) => {
      onStart(null);
      resolve({ code, stderr, started });
    }),
  );
  return { started: startedPromise, exited, stop: () => void child.kill('SIGTERM') };
}

/** Ends the process group `pid` leads, with whatever is left in it; a group already gone is fine. */
function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

type Call = HostCall;

/** One client of the host at `url` (its start line's, with the token), hung up after the test. */
async function client(url: string): Promise<Call> {
  const connected = await connectHostClient(url);
  cleanups.push(() => connected.close());
  return connected.call;
}

function tiltRows(journal: string): string[] {
  const opened = Journal.open(journal, { readOnly: true });
  try {
    return opened.tilts().map((t) => `${t.kind}:${t.source}`);
  } finally {
    opened.close();
  }
}

/** Signs `role` in with the key on (its PIN set through the test control) and asks to clear the crash's tilt. */
async function clearAs(call: Call, role: 'attendant' | 'technician', pin: string): Promise<unknown> {
  expect(await call('test:operator-key', { on: true })).toMatchObject({ ok: true });
  expect(await call('test:set-pin', { role, pin })).toMatchObject({ ok: true });
  expect(await call('staff:sign-in', { role, pin })).toMatchObject({ ok: true });
  return call('tech:clear-tilt', { kind: 'program-fault', source: 'program' });
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
        {
          code: 'process-crash',
          crash,
          error,
          recordedAtStart: false,
          crashedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        },
      ]);
      expect(existsSync(crashMarkerPath(journal))).toBe(false);
      expect(tiltRows(journal)).toEqual(['program-fault:program']);

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
      {
        code: 'process-crash',
        crash: 'uncaught-exception',
        error: 'SqliteError',
        recordedAtStart: true,
        crashedAt: report.at,
      },
    ]);
    expect(tiltRows(journal)).toEqual(['program-fault:program']);
    const later = await runHost(journal);
    expect(later.started?.recovery).not.toContain('crash');
    expect(crashRows(journal)).toHaveLength(1);
  }, 60_000);

  it.each(['journal', 'marker'] as const)(
    'after a crash kept in the %s the next start is tilted program-fault: an attendant is refused, a technician clears it',
    async (kept) => {
      const journal = journalPath();
      if (kept === 'journal') {
        const crashed = await runHost(journal, { [CRASH_AFTER_START_ENV]: 'exception' });
        expect(crashed.code, crashed.stderr).toBe(EXIT_PROCESS_CRASH);
      } else {
        expect((await runHost(journal)).code).toBe(0);
        const report = { crash: 'unhandled-rejection', error: 'SqliteError', at: '2026-12-07T03:00:00.000Z' } as const;
        expect(recordCrash(null, journal, report)).toBe('marker');
      }

      const next = spawnHost(journal, {}, true);
      const started = await next.started;
      if (!started) expect.fail((await next.exited).stderr);
      const call = await client(started.url);
      const tilted = (await call('cabinet:snapshot', {})) as { ok: true; value: { tilts: Array<{ kind: string }> } };
      expect(tilted.value.tilts.map((t) => t.kind)).toEqual(['program-fault']);

      expect(await clearAs(call, 'attendant', '135790')).toMatchObject({ ok: false, error: { code: 'wrong-role' } });
      expect(tiltRows(journal)).toEqual(['program-fault:program']);
      expect(await call('staff:sign-out', {})).toMatchObject({ ok: true });

      const cleared = await clearAs(call, 'technician', '864209');
      expect(cleared).toMatchObject({ ok: true, value: { tilts: [] } });
      expect(tiltRows(journal)).toEqual([]);
      next.stop();
      expect((await next.exited).code).toBe(0);
    },
    60_000,
  );
});
