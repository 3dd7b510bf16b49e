import fc from 'fast-check';
import { describe, expect, it, onTestFinished } from 'vitest';
import { canonicalJson } from '../core/integrity/canonical-json.ts';
import { tempJournalPath } from '../testing/fixtures.ts';
import { sampleOutcome, tempJournal } from '../testing/journal-fixtures.ts';
import { Database } from './database.ts';
import { Journal } from './journal.ts';
import { MIGRATIONS } from './migrations.ts';
import { SETTLED_OUTCOMES_SQL } from './round-store.ts';

/** Migration 8: the roads window (the newest settled rounds of one wallet) is read by an index. */
const ROAD_WINDOW_MIGRATION = MIGRATIONS.find((m) => m.version === 8)!;

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
        j.markVoided(r.roundId, 'fault', 100, 1_000, 't');
      }
    }
  });
}

describe('migration 8: the roads window by index', () => {
  it('applies to an existing schema-7 journal, keeps its rounds and is recorded', () => {
    const tmp = tempJournalPath('road-window-v7-');
    onTestFinished(tmp.cleanup);
    const v7 = Database.open(tmp.path, {}, MIGRATIONS.slice(0, 7));
    const outcome = canonicalJson(sampleOutcome());
    v7.transaction(() => {
      for (const [roundId, demo] of [
        [1, 0],
        [2, 1],
        [3, 0],
      ] as const)
        v7.run(
          `INSERT INTO rounds (round_id, status, demo, bets_json, stake_minor, outcome_json, credits_before_minor, started_at)
           VALUES (?, 'settled', ?, '{"player":100}', 100, ?, 1000, '2026-12-01T03:00:00.000Z')`,
          roundId,
          demo,
          outcome,
        );
    });
    expect(v7.schemaVersion()).toBe(7);
    expect(
      v7.get(`SELECT name FROM sqlite_master WHERE type = 'index' AND name = 'rounds_road_window'`),
    ).toBeUndefined();
    v7.close();

    const j = Journal.open(tmp.path);
    onTestFinished(() => j.close());
    expect(j.schemaVersion()).toBe(8);
    expect(j.settledOutcomes(false, 0, 60).map((o) => o.roundId)).toEqual([3, 1]);
    expect(j.settledOutcomes(true, 0, 60).map((o) => o.roundId)).toEqual([2]);

    const db = Database.open(tmp.path, { readOnly: true }, MIGRATIONS);
    onTestFinished(() => db.close());
    expect(db.get('SELECT version, name FROM migrations WHERE version = 8')).toEqual({
      version: 8,
      name: ROAD_WINDOW_MIGRATION.name,
    });
    expect(
      db.get<{ sql: string }>(`SELECT sql FROM sqlite_master WHERE type = 'index' AND name = 'rounds_road_window'`)
        ?.sql,
    ).toMatch(/ON rounds\s*\(demo, status, round_id\)/);
  });

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
