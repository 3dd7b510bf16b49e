import { describe, expect, it, onTestFinished } from 'vitest';
import { keySwitchTurned, signedIn, wrongPin } from '../core/staff/staff-event.ts';
import { tempJournal } from '../testing/journal-fixtures.ts';

function journal() {
  const t = tempJournal();
  onTestFinished(t.cleanup);
  return t;
}

describe('staff store', () => {
  it('starts with no PIN for either role, and keeps a record with its event across a reopen', () => {
    const t = journal();
    const j = t.journal;
    expect(j.staff.load()).toEqual({
      attendant: { pinHash: null, failures: 0, lockedUntil: null },
      technician: { pinHash: null, failures: 0, lockedUntil: null },
    });
    const record = { pinHash: 'scrypt$16$1$1$c2FsdA==$a2V5', failures: 5, lockedUntil: '2026-01-01T00:15:00.000Z' };
    j.staff.save('technician', record, wrongPin('technician', 5, record.lockedUntil), '2026-01-01T00:00:00.000Z');
    j.staff.log(keySwitchTurned(true), '2026-01-01T00:00:01.000Z');
    const again = t.reopen();
    expect(again.staff.load().technician).toEqual(record);
    expect(again.events({ kind: 'staff', limit: 5 }).map((e) => e.message)).toEqual([
      { code: 'key-switch', on: true },
      { code: 'staff-locked-out', role: 'technician', failures: 5, until: '2026-01-01T00:15:00.000Z' },
    ]);
  });

  it('refuses a PIN that is not a scrypt hash, and writes neither the record nor its event', () => {
    const { journal: j } = journal();
    expect(() =>
      j.staff.save('attendant', { pinHash: '1234', failures: 0, lockedUntil: null }, signedIn('attendant'), 't'),
    ).toThrow(/CHECK constraint/);
    expect(j.staff.load().attendant.pinHash).toBeNull();
    expect(j.events({ kind: 'staff', limit: 5 })).toEqual([]);
  });

  it('a paid handpay keeps its amount and the role that paid it', () => {
    const { journal: j } = journal();
    const hp = j.transaction(() => j.insertHandpay(12_500, 't1'));
    j.transaction(() => j.clearHandpays('t2', 'attendant'));
    expect(j.paidHandpays()).toEqual([{ ...hp, clearedAt: 't2', paidBy: 'attendant' }]);
  });
});
