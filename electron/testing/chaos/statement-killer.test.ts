import { describe, expect, it, onTestFinished } from 'vitest';
import type { StatementInfo } from '../../storage/database.ts';
import { tempJournal } from '../journal-fixtures.ts';
import { StatementKiller } from './statement-killer.ts';

class Killed extends Error {}
const fakeKill = (): never => {
  throw new Killed('killed');
};
const info = (statement: number): StatementInfo => ({ statement, inTransaction: false, sql: 'SELECT 1' });

describe('the statement killer', () => {
  it('kills right after the nth statement and says where, first', () => {
    const where: StatementInfo[] = [];
    const killer = new StatementKiller({ killAtStatement: 3, onBeforeKill: (w) => where.push(w), kill: fakeKill });
    killer.afterStatement(info(1));
    killer.afterStatement(info(2));
    expect(where).toEqual([]);
    expect(() => killer.afterStatement(info(3))).toThrow(Killed);
    expect(where).toEqual([info(3)]);
  });

  it('is disarmed without killAtStatement, and armAfter(n) counts from the statements seen so far', () => {
    const killer = new StatementKiller({ kill: fakeKill });
    for (let n = 1; n <= 10; n++) killer.afterStatement(info(n));
    expect(killer.statements).toBe(10);
    killer.armAfter(2);
    killer.afterStatement(info(11));
    expect(() => killer.afterStatement(info(12))).toThrow(Killed);
  });

  it('refuses a count that is not a whole number ≥ 1', () => {
    expect(() => new StatementKiller({ killAtStatement: 0 })).toThrow(/whole number/);
    expect(() => new StatementKiller({ killAtStatement: 1.5 })).toThrow(/whole number/);
    expect(() => new StatementKiller().armAfter(-1)).toThrow(/whole number/);
  });

  it('lands inside an open transaction of a real journal, and the journal keeps nothing of it', () => {
    let where: StatementInfo | null = null;
    const killer = new StatementKiller({ onBeforeKill: (w) => (where = w), kill: fakeKill });
    const t = tempJournal({ observer: killer });
    onTestFinished(t.cleanup);
    const j = t.journal;
    // The first event of a chain also looks for an archive cut to link to; the second links to the first.
    j.transaction(() => j.appendEvent('door', 't', { code: 'door-closed' }));
    killer.armAfter(3); // BEGIN, the read of the event chain's last row, then the event row
    expect(() => j.transaction(() => j.appendEvent('door', 't', { code: 'door-opened' }))).toThrow(Killed);
    expect(where).toMatchObject({ statement: killer.statements, inTransaction: true });
    expect(where!.sql).toMatch(/^INSERT INTO events/);
    // The killer stays armed (a real kill never returns): look through a second connection.
    expect(
      t
        .reopen()
        .events({})
        .map((e) => e.message),
    ).toEqual([{ code: 'door-closed' }]);
  });
});
