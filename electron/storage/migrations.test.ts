import { describe, expect, it, onTestFinished } from 'vitest';
import { tempJournalPath } from '../testing/fixtures.ts';
import { Database } from './database.ts';
import { Journal } from './journal.ts';
import { MIGRATIONS } from './migrations.ts';
import type { Migration } from './sql-connection.ts';

function columns(db: Database, table: string): string[] {
  return db.all<{ name: string }>(`SELECT name FROM pragma_table_info('${table}')`).map((c) => c.name);
}

function notNull(db: Database, table: string, column: string): boolean {
  return (
    db.get<{ notnull: number }>(`SELECT "notnull" FROM pragma_table_info('${table}') WHERE name = ?`, column)
      ?.notnull === 1
  );
}

function tempPath(): string {
  const tmp = tempJournalPath('migrations-');
  onTestFinished(tmp.cleanup);
  return tmp.path;
}

describe('the journal schema is one migration with the final columns', () => {
  it('a fresh file opens at version 1 with every table, and reasons stored only as codes', () => {
    const path = tempPath();
    const db = Database.open(path, {}, MIGRATIONS);
    onTestFinished(() => db.close());
    expect(MIGRATIONS.map((m) => m.version)).toEqual([1]);
    expect(db.schemaVersion()).toBe(1);
    expect(db.hasSchema()).toBe(true);
    // No column that held a sentence to be parsed back: the reason is its code and parameters.
    expect(columns(db, 'tilts')).toEqual([
      'kind',
      'source',
      'reason_code',
      'reason_params_json',
      'cleared_by',
      'since',
    ]);
    expect(columns(db, 'refunds')).toEqual(['round_id', 'amount_minor', 'at']);
    // An event row is its code and parameters: no column of words beside them.
    expect(columns(db, 'events')).toEqual(['id', 'at', 'kind', 'code', 'params_json', 'chain_digest']);
    expect(columns(db, 'rounds')).not.toContain('void_reason');
    expect(columns(db, 'rounds')).toEqual(expect.arrayContaining(['void_code', 'void_params_json', 'chain_digest']));
    for (const [table, column] of [
      ['events', 'code'],
      ['events', 'params_json'],
      ['tilts', 'reason_code'],
      ['tilts', 'reason_params_json'],
    ] as const) {
      expect(notNull(db, table, column), `${table}.${column} is NOT NULL`).toBe(true);
    }
    // The record chain starts with a keyed checkpoint per chain, and the archive cut table is there.
    expect(db.all('SELECT chain, started_after_id FROM record_chain ORDER BY chain')).toEqual([
      { chain: 'events', started_after_id: 0 },
      { chain: 'ledger', started_after_id: 0 },
      { chain: 'rounds', started_after_id: 0 },
    ]);
    expect(columns(db, 'record_chain_cut')).toContain('archived_digest');
  });

  it('a voided round without its void code is refused by the schema itself', () => {
    const path = tempPath();
    const db = Database.open(path, {}, MIGRATIONS);
    onTestFinished(() => db.close());
    const insert = (status: string, code: string | null) =>
      db.transaction(() =>
        db.run(
          `INSERT INTO rounds (status, demo, bets_json, stake_minor, credits_before_minor, started_at, void_code)
           VALUES (?, 0, '{"player":100}', 100, 1000, 't', ?)`,
          status,
          code,
        ),
      );
    expect(() => insert('voided', null)).toThrow(/CHECK constraint failed/);
    expect(() => insert('locked', 'power-lost')).toThrow(/CHECK constraint failed/);
    expect(() => insert('voided', 'power-lost')).not.toThrow();
  });

  it('a written journal reopens at the same version and its chains verify', () => {
    const path = tempPath();
    const j = Journal.open(path);
    j.transaction(() => {
      j.appendLedger({ at: 't', kind: 'bill', demo: false, deltaMinor: 500, balanceAfterMinor: 500 });
      j.appendEvent('door', 't', { code: 'door-opened' });
      j.putTilt({
        kind: 'door-open',
        source: 'door',
        reasonCode: { code: 'door-is-open' },
        clearedBy: 'door-closed',
        since: 't',
      });
    });
    j.close();
    const again = Journal.open(path);
    onTestFinished(() => again.close());
    expect(again.schemaVersion()).toBe(1);
    expect(again.verifyAllRecords()).toEqual({ rowsChecked: 2, breaks: [] });
    expect(again.tilts()).toEqual([
      { kind: 'door-open', source: 'door', reasonCode: { code: 'door-is-open' }, clearedBy: 'door-closed', since: 't' },
    ]);
  });
});

describe('the migration runner', () => {
  it('upgrades a version-0 file (its migrations table empty, a first start killed before it committed)', () => {
    const path = tempPath();
    const empty = Database.open(path, {}, []);
    expect(empty.schemaVersion()).toBe(0);
    expect(empty.hasSchema()).toBe(true); // nothing to run for a program with no migrations
    empty.close();
    const db = Database.open(path, {}, MIGRATIONS);
    onTestFinished(() => db.close());
    expect(db.schemaVersion()).toBe(1);
    expect(db.all('SELECT version FROM migrations')).toEqual([{ version: 1 }]);
  });

  it('upgrades an older file by the migrations it has not run, once each, and records them', () => {
    const path = tempPath();
    Database.open(path, {}, MIGRATIONS).close();
    const next: Migration = { version: 2, name: 'a later change', sql: 'CREATE TABLE later (x INTEGER)' };
    const db = Database.open(path, {}, [...MIGRATIONS, next]);
    expect(db.schemaVersion()).toBe(2);
    db.close();
    const again = Database.open(path, {}, [...MIGRATIONS, next]);
    onTestFinished(() => again.close());
    expect(again.all('SELECT version, name FROM migrations ORDER BY version')).toEqual([
      { version: 1, name: MIGRATIONS[0]!.name },
      { version: 2, name: 'a later change' },
    ]);
  });

  it('a file of a newer version runs nothing of this program and keeps its version', () => {
    const path = tempPath();
    const next: Migration = { version: 2, name: 'a later change', sql: 'CREATE TABLE later (x INTEGER)' };
    Database.open(path, {}, [...MIGRATIONS, next]).close();
    const db = Database.open(path, {}, MIGRATIONS);
    onTestFinished(() => db.close());
    expect(db.schemaVersion()).toBe(2);
    expect(db.get<{ n: number }>('SELECT COUNT(*) AS n FROM migrations')?.n).toBe(2);
  });
});
