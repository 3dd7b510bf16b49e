import { copyFileSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ArchiveRunRequest, ArchiveRunResult } from '../core/model/journal-archive.ts';
import { cleanAudit, closeCabinets, fund, journalOf, setupCabinet } from '../testing/cabinet-harness.ts';
import { changeStoredByte } from '../testing/journal-damage.ts';
import { tempJournal } from '../testing/journal-fixtures.ts';
import { writeSettledRounds } from '../testing/journal-archive-fixture.ts';
import { StatementFault } from '../testing/statement-fault.ts';
import { archivePathOf } from './journal-archive-file.ts';
import type { Journal } from './journal.ts';

afterEach(closeCabinets);

const AT = '2026-12-01T10:00:00.000Z';

function request(retainRounds: number, over: Partial<ArchiveRunRequest> = {}): ArchiveRunRequest {
  return { retainRounds, maxRounds: 7, maxEvents: 15, at: AT, ...over };
}

/** Runs batches until nothing more moves; the results in order. */
function archiveAll(j: Journal, retainRounds: number, over: Partial<ArchiveRunRequest> = {}): ArchiveRunResult[] {
  const results: ArchiveRunResult[] = [];
  for (let i = 0; i < 1000; i++) {
    const r = j.archiveOldRecords(request(retainRounds, over));
    results.push(r);
    if (r.outcome !== 'moved') return results;
  }
  throw new Error('archiving never finished');
}

function liveRoundIds(j: Journal): number[] {
  return j
    .recall({ limit: 500 })
    .map((r) => r.roundId)
    .reverse();
}

function archivedIds(j: Journal, chain: 'rounds' | 'events'): number[] {
  const id = chain === 'rounds' ? 'round_id' : 'id';
  return j.archivedRows(chain, 0, 100_000).map((r) => r[id] as number);
}

/** A real cabinet that played `rounds` rounds (a note now and then, a door opened once). */
function playedCabinet(rounds: number) {
  const h = setupCabinet();
  fund(h.cabinet, 50_000);
  for (let i = 0; i < rounds; i++) {
    if (i === 5) {
      h.cabinet.setDoorOpen(true);
      h.cabinet.setDoorOpen(false);
    }
    if (i % 10 === 9) fund(h.cabinet);
    h.cabinet.placeChip(i % 3 === 0 ? 'banker' : 'player', 100);
    h.cabinet.deal();
  }
  return h;
}

describe('the archive moves exactly the rounds beyond the retention', () => {
  it('the newest N rounds stay live; older rounds, and the events before the oldest round kept, move', () => {
    const h = playedCabinet(30);
    const j = journalOf(h.cabinet);
    const allRounds = liveRoundIds(j);
    const firstKept = allRounds[allRounds.length - 10]!;
    const firstKeptAt = j.round(firstKept)!.startedAt;
    const eventsBefore = j.events({ limit: 500 }).reverse();

    const results = archiveAll(j, 10);

    expect(results.at(-1)).toEqual({ outcome: 'nothing-to-do' });
    expect(liveRoundIds(j)).toEqual(allRounds.slice(-10));
    expect(archivedIds(j, 'rounds')).toEqual(allRounds.slice(0, -10));
    const movedEvents = eventsBefore.filter((e) => e.at < firstKeptAt).map((e) => e.id);
    expect(archivedIds(j, 'events')).toEqual(movedEvents);
    // Every batch is logged as a coded event in the live journal.
    const logged = j.events({ limit: 500, kind: 'journal-archive' });
    expect(logged.map((e) => e.message?.code)).toEqual(results.slice(0, -1).map(() => 'journal-archived'));
    expect(results.slice(0, -1).reduce((n, r) => n + (r.outcome === 'moved' ? r.rounds : 0), 0)).toBe(20);
  });

  it('meters, credits and the ledger are unchanged, and the audit of archive + live is clean', () => {
    const h = playedCabinet(30);
    const j = journalOf(h.cabinet);
    const before = {
      snapshot: h.cabinet.snapshot().creditsMinor,
      meters: h.cabinet.meters(),
      balance: j.ledgerBalance(false),
      ledgerRows: j.lastLedgerId(),
      critical: j.readCriticalCopies().a.state,
    };
    archiveAll(j, 10);
    expect(h.cabinet.snapshot().creditsMinor).toBe(before.snapshot);
    expect(h.cabinet.meters()).toEqual(before.meters);
    expect(j.ledgerBalance(false)).toBe(before.balance);
    expect(j.lastLedgerId()).toBe(before.ledgerRows);
    expect(j.readCriticalCopies().a.state).toEqual(before.critical);
    expect(j.verifyRecent()).toMatchObject({ ok: true });
    expect(j.verifyAllRecords().breaks).toEqual([]);
    cleanAudit(h.path);

    // A power cycle: the cabinet starts on the cut journal, untilted, and plays on.
    const again = h.restart();
    expect(again.snapshot().tilts).toEqual([]);
    expect(again.snapshot().creditsMinor).toBe(before.snapshot);
    again.placeChip('player', 100);
    expect(again.deal().status).toBe('settled');
    expect(journalOf(again).verifyAllRecords().breaks).toEqual([]);
    cleanAudit(h.path);
  });

  it('nothing moves while the journal holds no more rounds than the retention', () => {
    const h = playedCabinet(8);
    const j = journalOf(h.cabinet);
    expect(j.archiveOldRecords(request(10))).toEqual({ outcome: 'nothing-to-do' });
    expect(existsSync(archivePathOf(h.path))).toBe(false);
  });
});

describe('the chain verifies across the cut; damage is found', () => {
  it('a changed byte in an archived round is named by the full audit, and play goes on', () => {
    const h = playedCabinet(25);
    const j = journalOf(h.cabinet);
    archiveAll(j, 10);
    const victim = archivedIds(j, 'rounds')[3]!;
    changeStoredByte(archivePathOf(h.path), {
      table: 'rounds',
      idColumn: 'round_id',
      id: victim,
      column: 'bets_json',
      byteIndex: 2,
    });
    expect(j.verifyAllRecords().breaks).toContainEqual(
      expect.objectContaining({ table: 'rounds', rowId: victim, problem: { code: 'digest-mismatch' }, archived: true }),
    );
    // The live journal still verifies: the cabinet plays on.
    expect(j.verifyRecent()).toMatchObject({ ok: true });
    h.cabinet.placeChip('player', 100);
    expect(h.cabinet.deal().status).toBe('settled');
  });

  it('a changed byte in an archived event is named too', () => {
    const h = playedCabinet(25);
    const j = journalOf(h.cabinet);
    archiveAll(j, 10);
    const victim = archivedIds(j, 'events')[2]!;
    changeStoredByte(archivePathOf(h.path), {
      table: 'events',
      idColumn: 'id',
      id: victim,
      column: 'params_json',
      byteIndex: 0,
    });
    expect(j.verifyAllRecords().breaks).toContainEqual(expect.objectContaining({ table: 'events', rowId: victim }));
  });

  it('a live row beyond the retention that does not verify stays live, with everything after it', () => {
    const t = tempJournal();
    try {
      writeSettledRounds(t.journal, 40);
      t.journal.close();
      changeStoredByte(t.path, { table: 'rounds', idColumn: 'round_id', id: 12, column: 'cards_json', byteIndex: 5 });
      const j = t.reopen();
      const results = archiveAll(j, 10);
      expect(results.at(-1)).toMatchObject({
        outcome: 'blocked',
        table: 'rounds',
        rowId: 12,
        problem: { code: 'digest-mismatch' },
      });
      expect(archivedIds(j, 'rounds')).toEqual(Array.from({ length: 11 }, (_, i) => i + 1));
      expect(j.round(12)).not.toBeNull();
      expect(j.events({ limit: 5, kind: 'journal-archive' })[0]?.message).toMatchObject({
        code: 'journal-archive-blocked',
        rowId: 12,
        problem: { code: 'digest-mismatch' },
      });
    } finally {
      t.cleanup();
    }
  });
});

describe('a crash between the two commits loses no row and doubles none', () => {
  it('the archive committed, the live journal did not: the next run finishes exactly that batch', () => {
    const t = tempJournal();
    try {
      writeSettledRounds(t.journal, 40);
      const original = t.journal.recall({ limit: 500 }).reverse();
      t.journal.close();
      const fault = new StatementFault({ fault: 'SQLITE_IOERR', sticky: false });
      const j = t.reopen({ observer: fault });
      fault.armWhere(/^\s*DELETE FROM rounds/);
      // The live commit fails where a power cut would stop it: after the archive's commit.
      expect(() => j.archiveOldRecords(request(10))).toThrow(/disk I\/O error/);
      expect(archivedIds(j, 'rounds')).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(j.round(1)).not.toBeNull();
      expect(j.verifyRecent()).toMatchObject({ ok: true });

      const next = j.archiveOldRecords(request(10, { maxRounds: 3 }));
      expect(next).toMatchObject({ outcome: 'moved', rounds: 7, throughRoundId: 7, resumed: true });
      archiveAll(j, 10);
      const live = j.recall({ limit: 500 }).reverse();
      const archived = archivedIds(j, 'rounds');
      expect([...archived, ...live.map((r) => r.roundId)]).toEqual(original.map((r) => r.roundId));
      expect(j.verifyAllRecords().breaks).toEqual([]);
    } finally {
      t.cleanup();
    }
  });
});

describe('a damaged archive never stops the cabinet', () => {
  it('an archive that is not a database is set aside, kept, and a new archive starts at the cut', () => {
    const h = playedCabinet(25);
    const j = journalOf(h.cabinet);
    archiveAll(j, 20);
    const path = archivePathOf(h.path);
    // The archiver keeps its handle open; the damage is met when the file is next opened (after a restart).
    const again = h.restart();
    writeFileSync(path, 'this is not a database, and it is long enough to be read as a header'.repeat(20));
    for (let i = 0; i < 10; i++) {
      again.placeChip('player', 100);
      again.deal();
    }
    const result = journalOf(again).archiveOldRecords(request(20));
    // SQLite's code for a file that is not a database, never its sentence.
    expect(result).toMatchObject({
      outcome: 'set-aside',
      problem: { code: 'archive-unreadable', error: 'SQLITE_NOTADB' },
    });
    expect(journalOf(again).events({ limit: 1, kind: 'journal-archive' })[0]?.message).toMatchObject({
      code: 'journal-archive-set-aside',
      problem: { code: 'archive-unreadable', error: 'SQLITE_NOTADB' },
    });
    const kept = readdirSync(dirname(path)).filter((f) => f.includes('.archive.set-aside-'));
    expect(kept.length).toBeGreaterThan(0);
    expect(again.snapshot().tilts).toEqual([]);
    const moved = journalOf(again).archiveOldRecords(request(20));
    expect(moved).toMatchObject({ outcome: 'moved' });
    expect(journalOf(again).archiveState()[0]?.startsAfterId).toBeGreaterThan(0);
    // The records before the new archive are in the file set aside: the full audit says so.
    expect(journalOf(again).verifyAllRecords().breaks).toContainEqual(
      expect.objectContaining({ problem: { code: 'archive-starts-late', afterId: expect.any(Number) } }),
    );
    again.placeChip('player', 100);
    expect(again.deal().status).toBe('settled');
  });

  it('an archive of another journal (left beside a fresh one) is set aside at the first run', () => {
    const a = tempJournal();
    const b = tempJournal();
    try {
      writeSettledRounds(a.journal, 30);
      archiveAll(a.journal, 10);
      a.journal.close();
      writeSettledRounds(b.journal, 30);
      b.journal.close();
      copyFileSync(archivePathOf(a.path), archivePathOf(b.path));
      const j = b.reopen();
      expect(j.archiveOldRecords(request(10))).toMatchObject({
        outcome: 'set-aside',
        problem: expect.objectContaining({ code: expect.stringMatching(/^archive-(rows-differ|rows-unverified)$/) }),
      });
      archiveAll(j, 10);
      expect(archivedIds(j, 'rounds')).toHaveLength(20);
      expect(j.verifyAllRecords().breaks).toEqual([]);
    } finally {
      a.cleanup();
      b.cleanup();
    }
  });
});

describe('a RAM clear keeps the archive', () => {
  it('the archive is untouched, the chains go on across the cut, and later rounds archive into the same file', () => {
    const h = playedCabinet(25);
    const j = journalOf(h.cabinet);
    archiveAll(j, 10);
    const before = j.archiveState();
    h.cabinet.ramClear();
    expect(j.archiveState()).toEqual(before);
    expect(j.verifyRecent()).toMatchObject({ ok: true });
    // What was on the meter is now a handpay; an attendant pays it before play goes on.
    h.cabinet.clearHandpay('attendant');
    fund(h.cabinet);
    for (let i = 0; i < 5; i++) {
      h.cabinet.placeChip('player', 100);
      h.cabinet.deal();
    }
    archiveAll(j, 10);
    const after = j.archiveState().find((c) => c.chain === 'rounds')!;
    expect(after.startsAfterId).toBe(0);
    expect(after.lastId).toBe(20);
    expect(j.verifyAllRecords().breaks).toEqual([]);
    cleanAudit(h.path);
  });
});
