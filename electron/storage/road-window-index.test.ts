import fc from 'fast-check';
import { describe, expect, it, onTestFinished } from 'vitest';
import { sampleOutcome, tempJournal } from '../testing/journal-fixtures.ts';
import { Database } from './database.ts';
import { Journal } from './journal.ts';
import { MIGRATIONS } from './migrations.ts';
import { SETTLED_OUTCOMES_SQL } from './round-store.ts';

/** Migration 8: the roads window (the newest settled rounds of one wallet) is read by an index. */

function planOf(path: string, demo: boolean): string[] {
  const db = Database.open(path, { readOnly: true }, MIGRATIONS);
  try {
    return db
      .all<{ detail: string }>(`EXPLAIN QUERY PLAN ${SETTLED_OUTCOMES_SQL}`, 0, demo ? 1 : 0, 60)
      .map((row) => row.detail);
  } finally {
    db.close();
  }
}

interface Played {
  readonly roundId: number;
  readonly demo: boolean;
  readonly settled: boolean;
}

function write(j: Journal, rounds: readonly Played[]): void {
  const outcome = sampleOutcome();
  j.transaction(() => {
    for (const r of rounds) {
      j.insertRound({
        roundId: r.roundId,
        demo: r.demo,
        bets: { player: 100 },
        stakeMinor: 100,
        creditsBeforeMinor: 1_000,
        at: 't',
      });
      if (r.settled) {
        j.markDealt(r.roundId, outcome, 't');
        j.markSettled(r.roundId, { player: 200 }, 200, 1_100, 't');
      } else {
        j.markVoided(r.roundId, 100, 1_000, 't', { code: 'power-lost', status: 'locked' });
      }
    }
  });
}

describe('the roads window by index', () => {
  it('the roads window query searches the index in both wallets and needs no sort', () => {
    const t = tempJournal();
    onTestFinished(t.cleanup);
    write(
      t.journal,
      Array.from({ length: 300 }, (_, i) => ({ roundId: i + 1, demo: i >= 100 && i < 120, settled: i % 25 !== 0 })),
    );
    for (const demo of [false, true]) {
      const plan = planOf(t.path, demo);
      expect(plan, `demo ${demo}`).toEqual([
        'SEARCH rounds USING INDEX rounds_road_window (demo=? AND status=? AND round_id>?)',
      ]);
    }
  });

  it('the window is the newest `limit` settled rounds of the wallet after the given round, newest first', () => {
    const query = fc.record({ demo: fc.boolean(), afterRoundId: fc.nat(65), limit: fc.integer({ min: 1, max: 70 }) });
    fc.assert(
      fc.property(
        fc.array(fc.record({ demo: fc.boolean(), settled: fc.boolean() }), { maxLength: 60 }),
        fc.array(query, { minLength: 1, maxLength: 8 }),
        (kinds, queries) => {
          const t = tempJournal();
          try {
            const rounds = kinds.map((k, i) => ({ roundId: i + 1, ...k }));
            write(t.journal, rounds);
            for (const { demo, afterRoundId, limit } of queries) {
              const expected = rounds
                .filter((r) => r.roundId > afterRoundId && r.settled && r.demo === demo)
                .map((r) => r.roundId)
                .reverse()
                .slice(0, limit);
              expect(t.journal.settledOutcomes(demo, afterRoundId, limit).map((o) => o.roundId)).toEqual(expected);
            }
          } finally {
            t.cleanup();
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
