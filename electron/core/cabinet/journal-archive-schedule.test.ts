import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Journal } from '../../storage/journal.ts';
import { startCabinetOn } from '../../storage/open-cabinet.ts';
import { StatementFault } from '../../testing/statement-fault.ts';
import { openTestCabinet, closeCabinets, journalOf } from '../../testing/cabinet-harness.ts';
import { changeStoredByte } from '../../testing/journal-damage.ts';
import { writeSettledRounds } from '../../testing/journal-archive-fixture.ts';
import { deterministicRandom, steppingClock, testConfig } from '../../testing/fixtures.ts';
import { until } from '../../testing/until.ts';
import { RETAIN_ROUNDS } from '../config/venue-config.ts';
import { ARCHIVE_BATCH } from './journal-archive-schedule.ts';

/** A journal with a few hundred rounds more than the smallest retention a venue may set, built once. */
const ROUNDS = RETAIN_ROUNDS.min + ARCHIVE_BATCH.maxRounds + 40;
let dir = '';
let template = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'archive-schedule-'));
  template = join(dir, 'template.sqlite');
  const j = Journal.open(template);
  writeSettledRounds(j, ROUNDS);
  // The checkpoints move to the end once, so each cabinet below starts without catching up the whole chain.
  j.verifyRecent();
  j.close();
}, 300_000);

afterAll(() => {
  closeCabinets();
  rmSync(dir, { recursive: true, force: true });
});

let copies = 0;
/** A cabinet on a fresh copy of the long journal, with the smallest retention (or the config given). */
function cabinetOnCopy(retainRounds: number = RETAIN_ROUNDS.min) {
  const path = join(dir, `journal-${copies++}.sqlite`);
  for (const suffix of ['', '.record-key']) copyFileSync(template + suffix, path + suffix);
  const config = { ...testConfig(), journal: { retainRounds } };
  return {
    path,
    cabinet: openTestCabinet({ journalPath: path, config, random: deterministicRandom(3), clock: steppingClock() }),
  };
}

describe('the archive runs between rounds, bounded, and only on a journal that verifies', () => {
  it('one run moves one bounded batch; credits, meters and the recall of the last rounds are unchanged', () => {
    const { cabinet } = cabinetOnCopy();
    const before = { credits: cabinet.snapshot().creditsMinor, meters: cabinet.meters() };
    const newest = cabinet.recall({ limit: 10 });
    const first = cabinet.archiveBetweenRounds();
    expect(first).toMatchObject({
      outcome: 'moved',
      rounds: ARCHIVE_BATCH.maxRounds,
      throughRoundId: ARCHIVE_BATCH.maxRounds,
    });
    const second = cabinet.archiveBetweenRounds();
    expect(second).toMatchObject({ outcome: 'moved', rounds: 40, throughRoundId: ROUNDS - RETAIN_ROUNDS.min });
    expect(cabinet.archiveBetweenRounds()).toEqual({ outcome: 'nothing-to-do' });
    expect(cabinet.snapshot().creditsMinor).toBe(before.credits);
    expect(cabinet.meters()).toEqual(before.meters);
    expect(cabinet.recall({ limit: 10 })).toEqual(newest);
    expect(cabinet.snapshot().tilts).toEqual([]);
    // Play goes on after the cut.
    cabinet.placeChip('player', 100);
    expect(cabinet.deal().status).toBe('settled');
    expect(journalOf(cabinet).verifyRecent()).toMatchObject({ ok: true });
  });

  it('the default retention keeps every round of this journal live', () => {
    const { cabinet } = cabinetOnCopy(RETAIN_ROUNDS.default);
    expect(cabinet.archiveBetweenRounds()).toEqual({ outcome: 'nothing-to-do' });
  });

  it('a journal whose live records do not verify is never archived (the memory-error tilt stops play)', () => {
    const { path, cabinet } = cabinetOnCopy();
    cabinet.close();
    changeStoredByte(path, { table: 'ledger', idColumn: 'id', id: 2 * ROUNDS, column: 'delta_minor', byteIndex: 3 });
    const again = openTestCabinet({
      journalPath: path,
      config: { ...testConfig(), journal: { retainRounds: RETAIN_ROUNDS.min } },
      random: deterministicRandom(3),
      clock: steppingClock(),
    });
    expect(again.snapshot().tilts.map((t) => t.kind)).toContain('memory-error');
    expect(again.archiveBetweenRounds()).toEqual({ outcome: 'skipped', why: 'records-unverified' });
    expect(again.archiveState()).toEqual([]);
  });

  it('never while a round is open: a settle the journal refused leaves the round open, and nothing moves', () => {
    const { path, cabinet } = cabinetOnCopy();
    cabinet.close();
    const fault = new StatementFault({ fault: 'SQLITE_IOERR', sticky: true });
    const journal = Journal.open(path, { observer: fault });
    const held = startCabinetOn(journal, {
      journalPath: path,
      config: { ...testConfig(), journal: { retainRounds: RETAIN_ROUNDS.min } },
      random: deterministicRandom(3),
      clock: steppingClock(),
    });
    try {
      held.placeChip('player', 100);
      fault.armWhere(/^\s*UPDATE rounds SET status = 'settled'/);
      expect(() => held.deal()).toThrow();
      expect(held.snapshot().tilts.map((t) => t.kind)).toContain('storage-fault');
      expect(held.archiveBetweenRounds()).toEqual({ outcome: 'skipped', why: 'round-open' });
      expect(held.archiveState()).toEqual([]);
    } finally {
      fault.heal();
      held.close();
    }
  });

  it('the cabinet starts the timer itself: a batch moves between rounds without being asked', async () => {
    const { cabinet } = cabinetOnCopy();
    await until(
      () => cabinet.events({ limit: 5, kind: 'journal-archive' }).some((e) => e.message?.code === 'journal-archived'),
      'the archive timer to move a batch',
    );
    expect(cabinet.archiveState().find((c) => c.chain === 'rounds')?.lastId).toBeGreaterThan(0);
  });
});
