/**
 * The table server's own journal (docs/stadium.md#the-table-journal): one row per round, through the storage layer's
 * Database (WAL, synchronous FULL), with its own migration. A round is opened, then dealt or voided, then marked
 * published, each step one durable commit, so a restart knows exactly where every round stood. The result's message
 * is kept byte for byte, so a re-publish after a crash is the same message under the same id.
 */
import { Database } from '../storage/database.ts';
import type { Migration } from '../storage/sql-connection.ts';

const TABLE_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'stadium table: identity and rounds',
    sql: `
      -- Which table this journal belongs to: a journal never serves two tables.
      CREATE TABLE table_identity (one INTEGER PRIMARY KEY CHECK (one = 1), table_id TEXT NOT NULL);
      CREATE TABLE table_rounds (
        round INTEGER PRIMARY KEY CHECK (round >= 1),
        status TEXT NOT NULL CHECK (status IN ('open', 'dealt', 'void')),
        closes_in_ms INTEGER NOT NULL CHECK (closes_in_ms >= 1),
        opened_at TEXT NOT NULL,
        concluded_at TEXT,
        -- The result message exactly as published (dealt rounds only).
        result_json TEXT,
        -- Why a void round could not finish (void rounds only).
        void_code TEXT CHECK (void_code IS NULL OR void_code IN ('table-restarted', 'rng-unavailable')),
        published_at TEXT,
        CHECK ((status = 'dealt') = (result_json IS NOT NULL)),
        CHECK ((status = 'void') = (void_code IS NOT NULL)),
        CHECK (status <> 'open' OR published_at IS NULL)
      );
      CREATE TRIGGER table_rounds_keep BEFORE DELETE ON table_rounds BEGIN
        SELECT RAISE(ABORT, 'table rounds are never deleted');
      END;
      -- open → dealt or void, once; a concluded round's facts never change again, only its published_at is set.
      CREATE TRIGGER table_rounds_forward BEFORE UPDATE ON table_rounds
      WHEN OLD.status <> 'open' AND (NEW.status <> OLD.status OR NEW.result_json IS NOT OLD.result_json
        OR NEW.void_code IS NOT OLD.void_code OR OLD.published_at IS NOT NULL)
      BEGIN
        SELECT RAISE(ABORT, 'a concluded table round never changes');
      END;
    `,
  },
];

export type VoidCode = 'table-restarted' | 'rng-unavailable';

export type TableRound =
  | { readonly round: number; readonly status: 'open'; readonly closesInMs: number }
  | { readonly round: number; readonly status: 'dealt'; readonly resultJson: string; readonly published: boolean }
  | { readonly round: number; readonly status: 'void'; readonly voidCode: VoidCode; readonly published: boolean };

interface Row {
  round: number;
  status: 'open' | 'dealt' | 'void';
  closes_in_ms: number;
  result_json: string | null;
  void_code: VoidCode | null;
  published_at: string | null;
}

function fromRow(row: Row): TableRound {
  const published = row.published_at !== null;
  if (row.status === 'open') return { round: row.round, status: 'open', closesInMs: row.closes_in_ms };
  if (row.status === 'dealt') return { round: row.round, status: 'dealt', resultJson: row.result_json!, published };
  return { round: row.round, status: 'void', voidCode: row.void_code!, published };
}

export class TableJournalError extends Error {
  override readonly name = 'TableJournalError';
}

export class TableJournal {
  private readonly db: Database;

  private constructor(db: Database) {
    this.db = db;
  }

  /** Opens (creating) the journal of table `table`; a journal of another table is refused before any write. */
  static open(path: string, table: string): TableJournal {
    const db = Database.open(path, {}, TABLE_MIGRATIONS);
    try {
      const owner = db.get<{ table_id: string }>('SELECT table_id FROM table_identity')?.table_id;
      if (owner !== undefined && owner !== table) {
        throw new TableJournalError(`${path} is the journal of table ${owner}, not of table ${table}`);
      }
      if (owner === undefined) {
        db.transaction(() => db.run('INSERT INTO table_identity (one, table_id) VALUES (1, ?)', table));
      }
      return new TableJournal(db);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  close(): void {
    this.db.close();
  }

  /** The newest round, or null before the first. */
  last(): TableRound | null {
    const row = this.db.get<Row>('SELECT * FROM table_rounds ORDER BY round DESC LIMIT 1');
    return row ? fromRow(row) : null;
  }

  round(round: number): TableRound | null {
    const row = this.db.get<Row>('SELECT * FROM table_rounds WHERE round = ?', round);
    return row ? fromRow(row) : null;
  }

  /** Opens the round after the newest one; refused while that one is still open. */
  open(closesInMs: number): number {
    return this.db.transaction(() => {
      const last = this.last();
      if (last?.status === 'open') throw new TableJournalError(`round ${last.round} is still open`);
      const round = (last?.round ?? 0) + 1;
      this.db.run(
        'INSERT INTO table_rounds (round, status, closes_in_ms, opened_at) VALUES (?, ?, ?, ?)',
        round,
        'open',
        closesInMs,
        new Date().toISOString(),
      );
      return round;
    });
  }

  dealt(round: number, resultJson: string): void {
    this.conclude(round, "status = 'dealt', result_json = ?", resultJson);
  }

  voided(round: number, code: VoidCode): void {
    this.conclude(round, "status = 'void', void_code = ?", code);
  }

  published(round: number): void {
    this.db.transaction(() => {
      this.db.run('UPDATE table_rounds SET published_at = ? WHERE round = ? AND published_at IS NULL', now(), round);
    });
  }

  private conclude(round: number, set: string, value: string): void {
    this.db.transaction(() => {
      const r = this.db.run(
        `UPDATE table_rounds SET ${set}, concluded_at = ? WHERE round = ? AND status = 'open'`,
        value,
        now(),
        round,
      );
      if (r.changes !== 1) throw new TableJournalError(`round ${round} is not open`);
    });
  }
}

function now(): string {
  return new Date().toISOString();
}
