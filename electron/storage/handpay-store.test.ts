import { describe, expect, it, onTestFinished } from 'vitest';
import { tempJournal } from '../testing/journal-fixtures.ts';

function journal() {
  const t = tempJournal();
  onTestFinished(t.cleanup);
  return t.journal;
}

describe('handpays', () => {
  it('stay pending until cleared, then all pending ones clear at once', () => {
    const j = journal();
    const first = j.transaction(() => j.insertHandpay(500, 't1'));
    const second = j.transaction(() => j.insertHandpay(700, 't2'));
    expect(first).toEqual({ handpayId: 1, amountMinor: 500, at: 't1' });
    expect(j.pendingHandpays()).toEqual([first, second]);
    expect(j.transaction(() => j.clearHandpays('t3', 'attendant'))).toBe(2);
    expect(j.pendingHandpays()).toEqual([]);
    expect(j.transaction(() => j.clearHandpays('t4', 'technician'))).toBe(0);
  });

  it('insertHandpay outside a transaction is refused', () => {
    const j = journal();
    expect(() => j.insertHandpay(500, 't')).toThrow('insertHandpay must run inside a journal transaction');
    expect(j.pendingHandpays()).toEqual([]);
  });

  it('clearHandpays outside a transaction is refused and the handpay stays pending', () => {
    const j = journal();
    const hp = j.transaction(() => j.insertHandpay(500, 't1'));
    expect(() => j.clearHandpays('t2', 'attendant')).toThrow('clearHandpays must run inside a journal transaction');
    expect(j.pendingHandpays()).toEqual([hp]);
  });
});
