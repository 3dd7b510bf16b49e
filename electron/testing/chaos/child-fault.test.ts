import { describe, expect, it, onTestFinished } from 'vitest';
import { tempJournal } from '../journal-fixtures.ts';
import { armFault } from './child-fault.ts';

describe('the storage fault a chaos child meets', () => {
  it('strikes at the nth write after it is armed (never during start-up), with SQLite’s error, until healed', () => {
    let strikes = 0;
    const fault = armFault({ kind: 'sqlite', atWrite: 2, sqlite: 'SQLITE_IOERR' }, 'unused', () => strikes++);
    const t = tempJournal({ observer: fault.observer });
    onTestFinished(t.cleanup);
    const j = t.journal;
    const write = () => j.transaction(() => j.appendEvent('door', 't', { code: 'door-opened' }));
    write(); // not armed yet: start-up writes never meet the fault
    fault.arm();
    expect(() => write()).toThrow(expect.objectContaining({ code: 'ERR_SQLITE_ERROR', errcode: 10 }));
    expect(fault.struck()).toBe(true);
    expect(() => write()).toThrow(/disk I\/O error/);
    expect(strikes).toBe(1);
    fault.heal();
    write();
    expect(t.reopen().events({}).length).toBe(2);
  });
});
