/**
 * Test-only fault injection through the journal's StatementObserver seam (electron/storage/database.ts):
 * the Nth write statement since the injector was armed throws the error node:sqlite throws for a real
 * SQLite failure (`code: 'ERR_SQLITE_ERROR'`, `errcode`, `errstr`), in place of the statement, so the
 * write never happens. A write statement is one that changes the file: INSERT, UPDATE, DELETE, REPLACE and
 * COMMIT. `sticky` keeps failing every write from then on until `heal()`, as a full or dead disk does
 * (docs/cabinet-rules.md#storage-faults).
 */
import type { StatementInfo, StatementObserver } from '../storage/database.ts';

/** The SQLite primary result codes a failing disk gives, and SQLite's own words for each. */
export const SQLITE_FAULTS = {
  SQLITE_READONLY: { errcode: 8, errstr: 'attempt to write a readonly database' },
  SQLITE_IOERR: { errcode: 10, errstr: 'disk I/O error' },
  SQLITE_CORRUPT: { errcode: 11, errstr: 'database disk image is malformed' },
  SQLITE_FULL: { errcode: 13, errstr: 'database or disk is full' },
} as const;
export type SqliteFault = keyof typeof SQLITE_FAULTS;

/** The error node:sqlite throws when SQLite returns `fault`. */
export function sqliteError(fault: SqliteFault): Error {
  const { errcode, errstr } = SQLITE_FAULTS[fault];
  return Object.assign(new Error(errstr), { code: 'ERR_SQLITE_ERROR', errcode, errstr });
}

const WRITE = /^\s*(INSERT|UPDATE|DELETE|REPLACE|COMMIT)\b/i;

export function isWriteStatement(sql: string): boolean {
  return WRITE.test(sql);
}

export interface StatementFaultOptions {
  readonly fault?: SqliteFault;
  /** Keep failing every later write until `heal()` (a full disk); false: only the one statement fails. */
  readonly sticky?: boolean;
}

export class StatementFault implements StatementObserver {
  private failAt: number | null = null;
  private failWhere: RegExp | null = null;
  private writes = 0;
  private failing = false;
  private readonly fault: SqliteFault;
  private readonly sticky: boolean;
  /** The statements that were refused, in order. */
  readonly refused: StatementInfo[] = [];
  /** Every write statement seen since the last `arm`, refused or not. */
  readonly writesSeen: string[] = [];

  constructor(options: StatementFaultOptions = {}) {
    this.fault = options.fault ?? 'SQLITE_FULL';
    this.sticky = options.sticky ?? true;
  }

  /** The `n`th write statement from now (1 = the next) fails. */
  arm(n: number): void {
    if (!Number.isSafeInteger(n) || n < 1) throw new Error(`arm needs a whole number ≥ 1, got ${String(n)}`);
    this.failAt = this.writes + n;
    this.writesSeen.length = 0;
  }

  /** The next write statement whose SQL matches `sql` fails (and, when sticky, every write after it). */
  armWhere(sql: RegExp): void {
    this.failWhere = sql;
  }

  /** Counts the write statements `fn` runs, with no fault armed. */
  count(fn: () => void): number {
    const before = this.writes;
    fn();
    return this.writes - before;
  }

  /** The disk works again: no statement fails from now on. */
  heal(): void {
    this.failAt = null;
    this.failWhere = null;
    this.failing = false;
  }

  get isFailing(): boolean {
    return this.failing;
  }

  beforeStatement(info: StatementInfo): void {
    if (!isWriteStatement(info.sql)) return;
    this.writes++;
    this.writesSeen.push(info.sql);
    const due = (this.failAt !== null && this.writes >= this.failAt) || this.failWhere?.test(info.sql) === true;
    if (this.failing || due) {
      this.failing = this.sticky;
      if (!this.sticky) this.failAt = null;
      this.failWhere = null;
      this.refused.push(info);
      throw sqliteError(this.fault);
    }
  }

  afterStatement(): void {
    // Only the statements before which a fault is thrown matter here.
  }
}

/**
 * A real fault at an exact point: `action` (fill the disk, make a file read-only) runs just before the
 * `n`th write statement from now, and the statement then meets the broken disk as SQLite would.
 */
export class WriteTrigger implements StatementObserver {
  private at: number | null = null;
  private writes = 0;
  private action: (() => void) | null = null;
  /** The SQL of every write statement since the last `count`. */
  readonly writesSeen: string[] = [];

  arm(n: number, action: () => void): void {
    if (!Number.isSafeInteger(n) || n < 1) throw new Error(`arm needs a whole number ≥ 1, got ${String(n)}`);
    this.at = this.writes + n;
    this.action = action;
  }

  /** Counts the write statements `fn` runs. */
  count(fn: () => void): number {
    const before = this.writes;
    this.writesSeen.length = 0;
    fn();
    return this.writes - before;
  }

  beforeStatement(info: StatementInfo): void {
    if (!isWriteStatement(info.sql)) return;
    this.writes++;
    this.writesSeen.push(info.sql);
    if (this.at !== null && this.writes >= this.at) {
      const action = this.action;
      this.at = null;
      this.action = null;
      action?.();
    }
  }

  afterStatement(): void {
    // Only the point before the armed statement matters here.
  }
}
