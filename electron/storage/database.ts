/**
 * The SQLite connection under the journal: opening, durability pragmas, the
 * prepared-statement cache, transactions and the migrations runner. The stores
 * (one per table) run their SQL through it; nothing outside electron/storage/
 * sees a statement.
 *
 * SQLite through `node:sqlite` (DatabaseSync), WAL with synchronous=FULL, so a
 * COMMIT has reached the disk before the call returns
 * (docs/cabinet-rules.md#power-loss).
 *
 * `StatementObserver` is the one seam for crash testing: when an observer is
 * given at open, it is called synchronously after every statement (including
 * BEGIN and COMMIT), so a test observer can kill the process at an exact point;
 * an observer with `beforeStatement` is called just before each one and may throw
 * in its place, as SQLite would (electron/testing/statement-fault.ts).
 * Production opens the database without one, and then nothing is counted or called.
 */
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { JournalError } from '../core/model/journal-port.ts';
import type { Migration, SqlConnection } from './sql-connection.ts';

/** Where a statement ran: its number since open (1 = the first), whether a transaction is open, its SQL. */
export interface StatementInfo {
  readonly statement: number;
  readonly inTransaction: boolean;
  readonly sql: string;
}

/** Told about every statement right after it ran (must be synchronous). */
export interface StatementObserver {
  afterStatement(info: StatementInfo): void;
  /** Fault testing: called before the statement runs; a throw here stands for SQLite refusing it. */
  beforeStatement?(info: StatementInfo): void;
}

export interface DatabaseOptions {
  readonly readOnly?: boolean;
  /** Crash testing only (electron/testing/chaos/statement-killer.ts); production passes none. */
  readonly observer?: StatementObserver;
}

export class Database implements SqlConnection {
  private readonly db: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();
  /** The same SQL prepared to return arrays (`rows`): a statement's mode is its own, so these are kept apart. */
  private readonly arrayStatements = new Map<string, StatementSync>();
  private readonly observer: StatementObserver | null;
  private readonly migrations: readonly Migration[];
  private readonly path: string;
  private statementsRun = 0;
  private open = false;

  private constructor(
    db: DatabaseSync,
    observer: StatementObserver | null,
    migrations: readonly Migration[],
    path: string,
  ) {
    this.db = db;
    this.path = path;
    this.observer = observer;
    this.migrations = migrations;
  }

  /** Opens (creating if needed) the database file; read-write opens run the pending migrations. */
  static open(path: string, options: DatabaseOptions, migrations: readonly Migration[]): Database {
    const db = new DatabaseSync(path, { readOnly: options.readOnly ?? false, enableForeignKeyConstraints: true });
    const database = new Database(db, options.observer ?? null, migrations, path);
    try {
      if (options.readOnly) {
        database.exec('PRAGMA query_only = ON');
        return database;
      }
      database.exec('PRAGMA journal_mode = WAL');
      // FULL: the WAL is fsynced at every COMMIT, so a committed transaction survives a power loss.
      database.exec('PRAGMA synchronous = FULL');
      database.exec('PRAGMA busy_timeout = 5000');
      database.exec('PRAGMA foreign_keys = ON');
      database.migrate();
      return database;
    } catch (error) {
      database.close();
      throw error;
    }
  }

  close(): void {
    this.statements.clear();
    this.arrayStatements.clear();
    if (this.db.isOpen) this.db.close();
  }

  // -------------------------------------------------------------- statements

  private ran(sql: string): void {
    if (this.observer === null) return;
    this.statementsRun++;
    this.observer.afterStatement({ statement: this.statementsRun, inTransaction: this.db.isTransaction, sql });
  }

  private beforeRun(sql: string): void {
    this.observer?.beforeStatement?.({
      statement: this.statementsRun + 1,
      inTransaction: this.db.isTransaction,
      sql,
    });
  }

  private prepared(sql: string): StatementSync {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  /** Runs SQL without parameters or results (pragmas, DDL, BEGIN/COMMIT). */
  exec(sql: string): void {
    this.beforeRun(sql);
    this.db.exec(sql);
    this.ran(sql);
  }

  run(sql: string, ...params: SQLInputValue[]): { changes: number; lastId: number } {
    this.beforeRun(sql);
    const r = this.prepared(sql).run(...params);
    this.ran(sql);
    return { changes: Number(r.changes), lastId: Number(r.lastInsertRowid) };
  }

  get<T>(sql: string, ...params: SQLInputValue[]): T | undefined {
    this.beforeRun(sql);
    const r = this.prepared(sql).get(...params) as T | undefined;
    this.ran(sql);
    return r;
  }

  all<T>(sql: string, ...params: SQLInputValue[]): T[] {
    this.beforeRun(sql);
    const r = this.prepared(sql).all(...params) as T[];
    this.ran(sql);
    return r;
  }

  rows<T extends readonly unknown[]>(sql: string, ...params: SQLInputValue[]): T[] {
    this.beforeRun(sql);
    let s = this.arrayStatements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      s.setReturnArrays(true);
      this.arrayStatements.set(sql, s);
    }
    const r = s.all(...params) as unknown as T[];
    this.ran(sql);
    return r;
  }

  // ------------------------------------------------------------ transactions

  /**
   * Runs `fn` inside BEGIN IMMEDIATE … COMMIT. Either everything it wrote is on
   * disk when this returns, or (on a throw or a crash) nothing of it is.
   */
  transaction<T>(fn: () => T): T {
    if (this.open) throw new JournalError('transactions do not nest');
    this.exec('BEGIN IMMEDIATE');
    this.open = true;
    try {
      const result = fn();
      this.exec('COMMIT');
      return result;
    } catch (error) {
      // Not observed: a ROLLBACK only undoes, and a crash right here undoes the same. On a failing
      // disk the ROLLBACK may fail too: the caller must see the first error, not the rollback's.
      try {
        if (this.db.isTransaction) this.db.exec('ROLLBACK');
      } catch {
        // SQLite rolls back by itself when it cannot go on (a full disk, an I/O error).
      }
      throw error;
    } finally {
      this.open = false;
    }
  }

  get inTransaction(): boolean {
    return this.open;
  }

  /** Every writer calls this first: a write outside `transaction(fn)` is refused before any SQL runs. */
  requireTransaction(what: string): void {
    if (!this.open) throw new JournalError(`${what} must run inside a journal transaction`);
  }

  // -------------------------------------------------------------- migrations

  /** Each migration runs in its own transaction together with its row in `migrations`. */
  private migrate(): void {
    this.exec(
      'CREATE TABLE IF NOT EXISTS migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
    );
    const current = this.schemaVersion();
    for (const m of this.migrations) {
      if (m.version <= current) continue;
      this.transaction(() => {
        this.exec(m.sql);
        m.apply?.(this, this.path);
        this.run(
          'INSERT INTO migrations (version, name, applied_at) VALUES (?, ?, ?)',
          m.version,
          m.name,
          new Date().toISOString(),
        );
      });
    }
  }

  schemaVersion(): number {
    return this.get<{ v: number | null }>('SELECT MAX(version) AS v FROM migrations')?.v ?? 0;
  }

  /** False for a file whose first migration never committed (killed during the very first start). */
  hasSchema(): boolean {
    const t = this.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'migrations'",
    );
    return (t?.n ?? 0) > 0 && this.schemaVersion() >= this.migrations.length;
  }

  // ------------------------------------------------------------ diagnostics

  /** The durability settings in force on this connection (2 = FULL). */
  durability(): { journalMode: string; synchronous: number } {
    const mode = this.get<{ journal_mode: string }>('PRAGMA journal_mode')?.journal_mode ?? '?';
    const sync = this.get<{ synchronous: number }>('PRAGMA synchronous')?.synchronous ?? -1;
    return { journalMode: mode, synchronous: sync };
  }

  /** SQLite's own page-level check. */
  quickCheck(): string {
    return this.get<{ quick_check: string }>('PRAGMA quick_check')?.quick_check ?? 'no answer';
  }
}
