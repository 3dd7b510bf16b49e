import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Card } from '../core/cards/card.ts';
import { tempJournal } from '../testing/journal-fixtures.ts';

function journal() {
  const t = tempJournal();
  onTestFinished(t.cleanup);
  return t;
}

/** A second connection to the file, as a tool that edits rows by hand would have. */
function raw(path: string): DatabaseSync {
  const db = new DatabaseSync(path);
  onTestFinished(() => db.close());
  return db;
}

const CARDS: Card[] = [
  { rank: '9', suit: 'S' },
  { rank: '2', suit: 'H' },
  { rank: 'K', suit: 'D' },
  { rank: '3', suit: 'C' },
];

describe('the journal’s stadium rounds: one row per table round, concluded once', () => {
  it('each journal has its own terminal id, kept across reopening', () => {
    const a = journal();
    const b = journal();
    const id = a.journal.stadiumRounds.terminalId();
    expect(id).toMatch(/^t[0-9a-f]{16}$/);
    expect(b.journal.stadiumRounds.terminalId()).not.toBe(id);
    expect(a.reopen().stadiumRounds.terminalId()).toBe(id);
  });

  it('a second close of the same table round is refused by the key; the first stands', () => {
    const { journal: j } = journal();
    const rounds = j.stadiumRounds;
    j.transaction(() => rounds.recordClose('T1', 5, null, 'skipped', 't1'));
    expect(() => j.transaction(() => rounds.recordClose('T1', 5, null, 'no-bets', 't2'))).toThrow(/UNIQUE|PRIMARY/);
    expect(rounds.row('T1', 5)).toMatchObject({ sitOut: 'skipped', closedAt: 't1' });
    // Another table's round 5 is another row.
    j.transaction(() => rounds.recordClose('T2', 5, null, 'no-bets', 't3'));
  });

  it('a conclusion is written once; the stream’s word is kept once; the baseline follows the stream only', () => {
    const { journal: j } = journal();
    const rounds = j.stadiumRounds;
    j.transaction(() => rounds.recordClose('T1', 1, null, 'no-bets', 't1'));
    j.transaction(() => rounds.conclude('T1', 1, 'timeout', null, 't2'));
    expect(rounds.lastStreamRound('T1')).toBeNull();
    expect(rounds.lastConcludedRound('T1')).toBe(1);
    expect(() =>
      j.transaction(() => rounds.conclude('T1', 1, 'result', { kind: 'result', cards: CARDS }, 't3')),
    ).toThrow();
    j.transaction(() => rounds.markStream('T1', 1, { kind: 'result', cards: CARDS }));
    expect(rounds.row('T1', 1)).toMatchObject({ conclusion: 'timeout', stream: { kind: 'result', cards: CARDS } });
    expect(rounds.lastStreamRound('T1')).toBe(1);
    // A conclusion for a round never closed here creates its row.
    j.transaction(() => rounds.conclude('T1', 2, 'result', { kind: 'result', cards: CARDS }, 't4'));
    expect(rounds.lastResult('T1')).toMatchObject({ tableRound: 2, roundId: null });
  });

  it('by hand, a concluded row cannot change, a stream word cannot be rewritten, no row can be deleted', () => {
    const t = journal();
    const rounds = t.journal.stadiumRounds;
    t.journal.transaction(() => rounds.conclude('T1', 1, 'result', { kind: 'result', cards: CARDS }, 't1'));
    const db = raw(t.path);
    expect(() => db.exec("UPDATE stadium_rounds SET conclusion = 'void'")).toThrow(/final/);
    expect(() => db.exec("UPDATE stadium_rounds SET cards_json = '[]'")).toThrow(/once/);
    expect(() => db.exec('DELETE FROM stadium_rounds')).toThrow(/never deleted/);
    expect(() =>
      db.exec("INSERT INTO stadium_rounds (table_id, table_round, conclusion) VALUES ('T1', 2, 'result')"),
    ).toThrow(/CHECK/);
  });

  it('the outbox holds concluded rounds with locked bets until each is marked reported, once', () => {
    const { journal: j } = journal();
    const rounds = j.stadiumRounds;
    j.transaction(() => rounds.recordClose('T1', 1, null, 'skipped', 't1'));
    j.transaction(() => rounds.conclude('T1', 1, 'result', { kind: 'result', cards: CARDS }, 't2'));
    expect(rounds.unreported(10)).toEqual([]);
    expect(j.transaction(() => rounds.markReported('T1', 9, 't3'))).toBe(false);
    expect(() => rounds.markReported('T1', 1, 't3')).toThrow(/transaction/);
  });
});
