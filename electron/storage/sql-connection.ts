/**
 * What a migration, the record chain and the archive cut need of the journal's SQLite connection: statements and
 * transactions, no opening or migrating. `Database` (database.ts) is the one implementation; naming the shape here
 * lets the migrations it runs use it without importing the runner that imports them.
 */
import type { SQLInputValue } from 'node:sqlite';

export interface SqlConnection {
  /** SQL without parameters or results (pragmas, DDL). */
  exec(sql: string): void;
  run(sql: string, ...params: SQLInputValue[]): { changes: number; lastId: number };
  get<T>(sql: string, ...params: SQLInputValue[]): T | undefined;
  all<T>(sql: string, ...params: SQLInputValue[]): T[];
  /** Like `all`, each row an array of its columns in the SELECT's order (no object per row: the chain's hot read). */
  rows<T extends readonly unknown[]>(sql: string, ...params: SQLInputValue[]): T[];
  /** Everything `fn` wrote is on disk when this returns, or nothing of it is. */
  transaction<T>(fn: () => T): T;
  readonly inTransaction: boolean;
  /** Refuses a write outside `transaction(fn)` before any SQL runs. */
  requireTransaction(what: string): void;
}

/** One numbered schema step, run in its own transaction with its row in `migrations`. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
  /** A step SQL alone cannot do, run after `sql` in the same transaction. */
  readonly apply?: (db: SqlConnection, journalPath: string) => void;
}
