/**
 * A read error at start-up is not damage (docs/cabinet-rules.md#damaged-journal), with the fault injected
 * from outside the process: the real start-up (startCabinet, as the shells run it) in a child under
 * `strace -e inject=pread64:error=EIO`, on a healthy journal holding credits. A transient error leaves the
 * journal where it is and the credits on the meter; one that outlasts the retry schedule brings the cabinet
 * up on the same file in a storage-fault tilt once the disk reads, and never ends the process.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StartUpChildView } from '../testing/start-up-child.ts';
import { outcomeOf, signalTraced, spawnScript, spawnWithEio, straceMissing } from '../testing/strace-inject.ts';
import { until } from '../testing/until.ts';

const CHILD = 'electron/testing/start-up-child.ts';
const CREDITS_MINOR = 10_000;
const missing = straceMissing();

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A healthy journal with credits on it, made once by the same start-up without any fault. */
let template: string;
beforeAll(async () => {
  if (missing) return;
  template = mkdtempSync(path.join(os.tmpdir(), 'start-up-eio-template-'));
  const made = await outcomeOf(
    spawnScript(CHILD, {
      START_JOURNAL: path.join(template, 'journal.sqlite'),
      START_CREDIT_MINOR: String(CREDITS_MINOR),
    }),
  );
  expect(made.code, made.stderr).toBe(0);
});
afterAll(() => {
  if (template) rmSync(template, { recursive: true, force: true });
});

/** A copy of the healthy journal (with its WAL, second copy and record key) in a folder of its own. */
function healthyJournal(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'start-up-eio-'));
  dirs.push(dir);
  cpSync(template, dir, { recursive: true });
  return path.join(dir, 'journal.sqlite');
}

function movedAside(journal: string): string[] {
  return readdirSync(path.dirname(journal)).filter((f) => /damaged|ram-error/.test(f));
}

async function startWithEio(journal: string, when: string, env: Record<string, string> = {}) {
  const outcome = await outcomeOf(spawnWithEio(CHILD, journal, when, { START_JOURNAL: journal, ...env }));
  expect(outcome.code, outcome.stderr).toBe(0);
  return JSON.parse(outcome.stdout.trim().split('\n').at(-1)!) as StartUpChildView;
}

describe.skipIf(missing !== null)('a read error at start-up is not damage (EIO injected by strace)', () => {
  // Read 1 is the header check's, the next ones are SQLite's while it checks and opens the journal.
  for (const when of ['1', '2', '5', '2..4', '20..22']) {
    it(`EIO on read(s) ${when}, then the disk reads: the cabinet starts normally with the credits, nothing moved`, async () => {
      const journal = healthyJournal();
      const view = await startWithEio(journal, when);
      expect(view.creditsMinor).toBe(CREDITS_MINOR);
      expect(view.tilts).toEqual([]);
      expect(movedAside(journal)).toEqual([]);
    });
  }

  // 1..10: the check exhausts its tries, the open after it reads; 1..20: the open fails too, start-up waits once.
  for (const when of ['1..10', '1..20']) {
    it(`EIO on reads ${when}, past the retry schedule: up on the same file in storage-fault with the credits; a technician clears it once the disk reads`, async () => {
      const journal = healthyJournal();
      const view = await startWithEio(journal, when, { START_TECHNICIAN_CLEAR: '1' });
      expect(view.creditsMinor).toBe(CREDITS_MINOR);
      expect(view.tilts).toEqual(['storage-fault']);
      expect(view.recovery).toMatch(/^storage fault: the journal could not be read at start-up/);
      expect(view.afterClear).toEqual([]);
      expect(movedAside(journal)).toEqual([]);
    });
  }

  it('EIO on every read: start-up waits for the disk, never exits and never moves the journal', async () => {
    const journal = healthyJournal();
    const child = spawnWithEio(CHILD, journal, '1+', { START_JOURNAL: journal });
    const outcome = outcomeOf(child);
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let exited = false;
    void outcome.then(() => (exited = true));
    await until(() => /start-up tries again every/.test(stderr) || exited, 'the start-up to say it waits for the disk');
    expect(exited, stderr).toBe(false);
    expect(movedAside(journal)).toEqual([]);
    signalTraced(child, 'SIGKILL');
    await outcome;
  });
});

describe.skipIf(missing !== null)('the browser host with EIO on its first reads of the journal', () => {
  // The host's look at the stored config reads first, then the header check: reads 1..4 fail whichever of them
  // is reading (one failed read each used to make the header check throw, and the host exit 2).
  it('EIO on reads 1..4, the header read among them: starts and serves on the same journal, never exits with the setting code 2', async () => {
    const journal = healthyJournal();
    const host = spawnWithEio('electron/host/browser-host.ts', journal, '1..4', {}, [
      '--journal',
      journal,
      '--port',
      '0',
    ]);
    const outcome = outcomeOf(host);
    let stdout = '';
    host.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    let exit: number | null | undefined;
    void outcome.then((o) => (exit = o.code));
    await until(() => stdout.includes('"url"') || exit !== undefined, 'the host to print its address, or to exit');
    expect(exit).toBeUndefined();
    const started = JSON.parse(stdout.trim().split('\n').at(-1)!) as { recovery: string };
    expect(started.recovery).toBe('clean start: no round was interrupted');
    expect(movedAside(journal)).toEqual([]);
    // An orderly stop of the host (its emulators too), then strace ends with it.
    signalTraced(host, 'SIGTERM');
    await outcome;
  });
});

describe.skipIf(missing === null)('a read error at start-up (strace unavailable)', () => {
  it('is skipped: strace is needed to inject EIO from outside the process', () => {
    expect(missing).not.toBeNull();
  });
});
