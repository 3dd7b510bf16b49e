/**
 * What the fleet chaos reads of each journal after an event (docs/stadium.md#fleet-chaos), read-only through SQLite
 * itself, so a terminal or table that is running is never disturbed: each terminal's settled rounds with the table
 * round and the cards they were settled on, and its locked rounds still waiting for the table; the table's dealt
 * rounds with the cards it signed.
 */
import { DatabaseSync } from 'node:sqlite';
import type { FleetRecord, TerminalRecord } from './fleet-checks.ts';

interface CardJson {
  readonly rank: string;
  readonly suit: string;
}

const cardCodes = (cards: readonly CardJson[]): string[] => cards.map((c) => `${c.rank}${c.suit}`);

function readOnly<T>(path: string, read: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    return read(db);
  } finally {
    db.close();
  }
}

/** One terminal's journal: every settled round (with its table round, when it has one) and every locked one. */
export function readTerminal(terminal: string, journalPath: string): TerminalRecord {
  return readOnly(journalPath, (db) => {
    const settled = db
      .prepare(
        `SELECT r.round_id AS roundId, r.outcome_json AS outcome, s.table_id AS tableId, s.table_round AS tableRound
           FROM rounds r LEFT JOIN stadium_rounds s ON s.round_id = r.round_id
          WHERE r.status = 'settled' ORDER BY r.round_id`,
      )
      .all() as Array<{ roundId: number; outcome: string | null; tableId: string | null; tableRound: number | null }>;
    const locked = db.prepare(`SELECT COUNT(*) AS n FROM rounds WHERE status IN ('locked', 'dealt')`).get() as {
      n: number;
    };
    const counts = db
      .prepare(
        `SELECT COUNT(*) AS rounds,
                SUM(CASE WHEN conclusion = 'result' AND round_id IS NOT NULL THEN 1 ELSE 0 END) AS settled,
                SUM(CASE WHEN conclusion IN ('void', 'timeout', 'fault') AND round_id IS NOT NULL THEN 1 ELSE 0 END)
                  AS refunded
           FROM stadium_rounds`,
      )
      .get() as { rounds: number; settled: number | null; refunded: number | null };
    return {
      terminal,
      settled: settled.map((s) => ({
        table: s.tableId,
        round: s.tableRound,
        cards: s.outcome ? cardCodes((JSON.parse(s.outcome) as { dealOrder: CardJson[] }).dealOrder) : [],
      })),
      lockedRounds: locked.n,
      rounds: counts.rounds,
      refunded: counts.refunded ?? 0,
    };
  });
}

/** The table's journal: the cards of every round it dealt and signed, by round. */
export function readTable(journalPath: string): Map<number, string[]> {
  return readOnly(journalPath, (db) => {
    const rows = db
      .prepare(`SELECT round, result_json AS json FROM table_rounds WHERE status = 'dealt'`)
      .all() as Array<{
      round: number;
      json: string;
    }>;
    return new Map(rows.map((r) => [r.round, cardCodes((JSON.parse(r.json) as { cards: CardJson[] }).cards)]));
  });
}

/** How many rounds the table has opened. */
export function tableRounds(journalPath: string): number {
  return readOnly(journalPath, (db) => (db.prepare('SELECT COUNT(*) AS n FROM table_rounds').get() as { n: number }).n);
}

export function readFleet(table: string, tableJournal: string, terminals: ReadonlyMap<string, string>): FleetRecord {
  // The terminals first: the table journals a round before it publishes it, so every round a terminal has settled by
  // now is already in the table's journal read after; read the other way round, a round dealt and settled between
  // the two reads would look like one the table never dealt.
  const read = [...terminals].map(([id, path]) => readTerminal(id, path));
  return { table, tableCards: readTable(tableJournal), terminals: read };
}
