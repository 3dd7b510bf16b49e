import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_VENUE_CONFIG } from '../core/config/venue-config.ts';
import { markerPathOf, pendingQuarantine } from '../storage/journal-quarantine.ts';
import { damageMiddleRoundsPage } from '../testing/journal-file-damage.ts';
import { buildPlayedJournal } from '../testing/played-journal.ts';
import type { RunningCabinet } from './running-cabinet.ts';
import { watchJournalFile, type WatchedCabinet } from './journal-file-watch.ts';
import { startCabinet } from './start-cabinet.ts';

const dirs: string[] = [];
const running: RunningCabinet[] = [];
afterEach(async () => {
  for (const r of running.splice(0)) await r.dispose();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** OS entropy approved, so the journal plays without devices (docs/rng.md#approved-entropy-source). */
const CONFIG = {
  ...DEFAULT_VENUE_CONFIG,
  devices: { ...DEFAULT_VENUE_CONFIG.devices, rng: { ...DEFAULT_VENUE_CONFIG.devices.rng, source: 'os' as const } },
};

function playedJournal(rounds: number): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'file-watch-'));
  dirs.push(dir);
  const journalPath = path.join(dir, 'journal.sqlite');
  buildPlayedJournal(journalPath, { rounds, batch: 500 });
  return journalPath;
}

async function start(journalPath: string, restarts: string[] = []): Promise<RunningCabinet> {
  const r = await startCabinet({
    journalPath,
    config: CONFIG,
    env: {},
    log: () => undefined,
    restartAfterJournalDamage: () => void restarts.push('restart'),
    journalFileCheckAfterMs: 0,
  });
  running.push(r);
  return r;
}

const memoryErrors = (r: RunningCabinet) => r.cabinet.snapshot().tilts.filter((t) => t.kind === 'memory-error');

describe('the whole journal file is checked beside the running cabinet', () => {
  it('a sound journal: the check finds nothing, the ledger adds up, and the table plays on', async () => {
    const r = await start(playedJournal(400));
    expect(await r.journalFileCheck).toBe('sound');
    expect(memoryErrors(r)).toEqual([]);
  });

  it('damage in an old page start-up never reads: play stops, the marker is written, the shell restarts, and the next start moves the file aside locked', async () => {
    const journalPath = playedJournal(1200);
    damageMiddleRoundsPage(journalPath, 600);
    const restarts: string[] = [];
    const first = await start(journalPath, restarts);
    // Start-up reads the tables' edges only: this damage is not its to find.
    expect(first.recovery).not.toMatch(/RAM error/);
    expect(await first.journalFileCheck).toBe('damaged');
    expect(memoryErrors(first)).toEqual([
      expect.objectContaining({
        source: 'journal',
        reasonCode: expect.objectContaining({ code: 'journal-damaged', proof: 'integrity-check' }),
      }),
    ]);
    expect(restarts).toEqual(['restart']);
    expect(pendingQuarantine(journalPath)).toMatchObject({ check: 'quick-check', moveAtNextStart: true });
    await first.dispose();
    running.splice(running.indexOf(first), 1);
    const sha256 = createHash('sha256').update(readFileSync(journalPath)).digest('hex');

    const second = await start(journalPath);
    expect(second.recovery).toMatch(/^RAM error: journal damaged/);
    const kept = readdirSync(path.dirname(journalPath)).find((f) => /^journal\.sqlite\.damaged-\d{8}T\d{9}Z$/.test(f));
    expect(kept).toBeDefined();
    expect(
      createHash('sha256')
        .update(readFileSync(path.join(path.dirname(journalPath), kept!)))
        .digest('hex'),
    ).toBe(sha256);
    expect(memoryErrors(second)).toEqual([
      expect.objectContaining({
        source: 'journal',
        reasonCode: expect.objectContaining({ code: 'journal-damaged', damagedFile: kept, sha256 }),
      }),
    ]);
    expect(pendingQuarantine(journalPath)?.salvage).not.toBeNull();
    expect(existsSync(markerPathOf(journalPath))).toBe(true);
    expect(await second.journalFileCheck).toBe('sound');
  });

  it('an old ledger amount changed in place (pages still sound) is the memory error start-up raised for it before', async () => {
    const journalPath = playedJournal(400);
    const db = new DatabaseSync(journalPath);
    try {
      const { sql } = db.prepare("SELECT sql FROM sqlite_schema WHERE name = 'ledger_append_only_u'").get() as {
        sql: string;
      };
      db.exec('DROP TRIGGER ledger_append_only_u');
      db.exec(
        "UPDATE ledger SET delta_minor = delta_minor + 1 WHERE id = (SELECT MIN(id) FROM ledger WHERE kind = 'stake')",
      );
      db.exec(sql);
    } finally {
      db.close();
    }
    const r = await start(journalPath);
    expect(r.recovery).not.toMatch(/RAM error/);
    expect(await r.journalFileCheck).toBe('ledger-differs');
    expect(memoryErrors(r)).toEqual([
      expect.objectContaining({ source: 'critical-memory', reasonCode: { code: 'memory-no-good-copy' } }),
    ]);
  });
});

describe('the check speaks only of the journal file it started on', () => {
  /** A watch over a path the test changes mid-check; what it does to the cabinet is recorded. */
  async function watchChanging(onRetry: (journalPath: string) => void) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'file-watch-changing-'));
    dirs.push(dir);
    const journalPath = path.join(dir, 'journal.sqlite');
    const logs: string[] = [];
    const done: string[] = [];
    const cabinet: WatchedCabinet = {
      raiseFault: (kind) => void done.push(kind),
      storageFaultAtStartUp: (code) => void done.push(`storage fault ${code}`),
    };
    const watch = watchJournalFile(cabinet, journalPath, {
      afterMs: 0,
      log: (line) => logs.push(line),
      restart: () => done.push('restart'),
      // The first pass finds no file (a RAM clear between its journals); the retry sees what the test left there.
      schedule: { delaysMs: [0], wait: async () => onRetry(journalPath) },
    });
    return { journalPath, logs, done, outcome: await watch.done };
  }

  it('a damaged file put where the journal was removed is not acted on: no tilt, no marker, no restart', async () => {
    const damaged = playedJournal(1200);
    damageMiddleRoundsPage(damaged, 600);
    const { journalPath, logs, done, outcome } = await watchChanging((at) => copyFileSync(damaged, at));
    expect(outcome).toBe('stopped');
    expect(done).toEqual([]);
    expect(pendingQuarantine(journalPath)).toBeNull();
    expect(logs.join('\n')).toMatch(/removed or replaced during the whole-file check/);
  });

  it('a journal that stays removed is no storage fault of the running cabinet', async () => {
    const { logs, done, outcome } = await watchChanging(() => undefined);
    expect(outcome).toBe('stopped');
    expect(done).toEqual([]);
    expect(logs.join('\n')).toMatch(/removed or replaced during the whole-file check/);
  });
});
