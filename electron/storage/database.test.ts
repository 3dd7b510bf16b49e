import { afterEach, describe, expect, it, vi } from 'vitest';
import { tempJournalPath } from '../testing/fixtures.ts';
import { Database, type DatabaseOptions, type StatementInfo } from './database.ts';
import { Journal } from './journal.ts';
import { MIGRATIONS } from './migrations.ts';
import type { Migration } from './sql-connection.ts';

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});
function tmpPath(): string {
  const tmp = tempJournalPath('database-test-');
  cleanups.push(tmp.cleanup);
  return tmp.path;
}
/** One event row with its code, as the schema requires. */
const INSERT_EVENT = "INSERT INTO events (at, kind, code, params_json) VALUES (?, ?, 'door-opened', '{}')";

function open(path: string, options: DatabaseOptions = {}, migrations: readonly Migration[] = MIGRATIONS): Database {
  const db = Database.open(path, options, migrations);
  cleanups.unshift(() => db.close());
  return db;
}

describe('opening the database', () => {
  it('records applied migrations and does not run them twice', () => {
    const path = tmpPath();
    Database.open(path, {}, MIGRATIONS).close();
    const db = open(path);
    expect(db.schemaVersion()).toBe(MIGRATIONS.length);
    expect(db.hasSchema()).toBe(true);
    expect(db.get<{ n: number }>('SELECT COUNT(*) AS n FROM migrations')?.n).toBe(MIGRATIONS.length);
  });

  it('is durable: WAL with synchronous=FULL, so a COMMIT is on disk when it returns', () => {
    expect(open(tmpPath()).durability()).toEqual({ journalMode: 'wal', synchronous: 2 });
  });

  it('a migration that fails leaves the previous version and runs again at the next open', () => {
    const path = tmpPath();
    const broken: Migration = {
      version: MIGRATIONS.length + 1,
      name: 'broken',
      sql: 'CREATE TABLE extra (x INTEGER); SELECT nope();',
    };
    expect(() => Database.open(path, {}, [...MIGRATIONS, broken])).toThrow(/no such function/);
    const reader = open(path, { readOnly: true });
    expect(reader.schemaVersion()).toBe(MIGRATIONS.length);
    expect(reader.hasSchema()).toBe(true);
    const db = open(path, {}, [...MIGRATIONS, { ...broken, sql: 'CREATE TABLE extra (x INTEGER)' }]);
    expect(db.schemaVersion()).toBe(MIGRATIONS.length + 1);
  });

  it('a read-only open runs no migrations and refuses writes', () => {
    const path = tmpPath();
    Database.open(path, {}, MIGRATIONS).close();
    const extra: Migration = { version: MIGRATIONS.length + 1, name: 'extra', sql: 'CREATE TABLE extra (x INTEGER)' };
    const db = open(path, { readOnly: true }, [...MIGRATIONS, extra]);
    expect(db.schemaVersion()).toBe(MIGRATIONS.length);
    expect(db.hasSchema()).toBe(false);
    expect(() => db.transaction(() => db.run(INSERT_EVENT, 't', 'k'))).toThrow(/readonly/);
  });
});

describe('transactions', () => {
  it('a transaction that throws leaves nothing behind', () => {
    const db = open(tmpPath());
    expect(() =>
      db.transaction(() => {
        db.run(INSERT_EVENT, 't', 'k');
        throw new Error('power cut in the middle');
      }),
    ).toThrow('power cut');
    expect(db.get<{ n: number }>('SELECT COUNT(*) AS n FROM events')?.n).toBe(0);
    expect(db.inTransaction).toBe(false);
  });

  it('transactions do not nest', () => {
    const db = open(tmpPath());
    expect(() => db.transaction(() => db.transaction(() => 1))).toThrow(/do not nest/);
    expect(db.transaction(() => 2)).toBe(2);
  });

  it('requireTransaction refuses outside a transaction and passes inside one', () => {
    const db = open(tmpPath());
    expect(() => db.requireTransaction('someWriter')).toThrow('someWriter must run inside a journal transaction');
    const inside = db.transaction(() => {
      db.requireTransaction('someWriter');
      return db.inTransaction;
    });
    expect(inside).toBe(true);
  });
});

describe('the statement observer seam', () => {
  it('tells an observer about every statement, in order, BEGIN and COMMIT included', () => {
    const path = tmpPath();
    Database.open(path, {}, MIGRATIONS).close();
    const seen: StatementInfo[] = [];
    const db = open(path, { observer: { afterStatement: (info) => seen.push(info) } });
    const opening = seen.length;
    expect(seen.map((s) => s.statement)).toEqual(Array.from({ length: opening }, (_, i) => i + 1));
    db.transaction(() => db.run(INSERT_EVENT, 't', 'k'));
    expect(seen.slice(opening).map((s) => [s.statement, s.inTransaction, s.sql.split(' ')[0]])).toEqual([
      [opening + 1, true, 'BEGIN'],
      [opening + 2, true, 'INSERT'],
      [opening + 3, false, 'COMMIT'],
    ]);
  });

  it('no statement observer means no hook: nothing is counted, called or killed', () => {
    const kill = vi.spyOn(process, 'kill');
    try {
      const path = tmpPath();
      const j = Journal.open(path);
      cleanups.unshift(() => j.close());
      for (let i = 0; i < 50; i++) j.transaction(() => j.appendEvent('k', 't', { code: 'door-opened' }));
      expect(j.events({ limit: 100 })).toHaveLength(50);
      expect(kill).not.toHaveBeenCalled();
      // The production journal carries no test tooling.
      for (const name of ['armKill', 'statementCount', 'corruptCriticalCopy', 'killAtStatement', 'onBeforeKill']) {
        expect(name in j, name).toBe(false);
      }
    } finally {
      kill.mockRestore();
    }
  });
});
