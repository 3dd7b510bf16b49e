import { describe, expect, it, onTestFinished } from 'vitest';
import { zeroMeters } from '../core/cabinet/meters.ts';
import { tempJournal } from '../testing/journal-fixtures.ts';

function journal() {
  const t = tempJournal();
  onTestFinished(t.cleanup);
  return t.journal;
}

describe('RAM clear markers', () => {
  it('record the last ledger, round and event ids before the clear; the newest one counts', () => {
    const j = journal();
    expect(j.lastRamClear()).toBeNull();
    j.transaction(() => {
      j.appendLedger({ at: 't', kind: 'bill', demo: false, deltaMinor: 500, balanceAfterMinor: 500 });
      j.insertRound({
        roundId: 7,
        demo: false,
        bets: { player: 100 },
        stakeMinor: 100,
        creditsBeforeMinor: 500,
        at: 't',
      });
      j.appendEvent('door', 't', { code: 'door-opened' });
      j.appendEvent('door', 't', { code: 'door-closed' });
      j.recordRamClear({ at: 't', creditsRemovedMinor: 500, metersBefore: zeroMeters() });
    });
    expect(j.lastRamClear()).toEqual({ afterLedgerId: 1, afterRoundId: 7, afterEventId: 2 });
    j.transaction(() => {
      j.appendEvent('ram-clear', 't', { code: 'door-opened' });
      j.recordRamClear({ at: 't', creditsRemovedMinor: 0, metersBefore: null });
    });
    expect(j.lastRamClear()).toEqual({ afterLedgerId: 1, afterRoundId: 7, afterEventId: 3 });
  });

  it('recordRamClear outside a transaction is refused', () => {
    const j = journal();
    expect(() => j.recordRamClear({ at: 't', creditsRemovedMinor: 0, metersBefore: null })).toThrow(
      'recordRamClear must run inside a journal transaction',
    );
    expect(j.lastRamClear()).toBeNull();
  });
});
