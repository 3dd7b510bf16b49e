import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { corruptCriticalCopy } from '../../testing/journal-damage.ts';
import { cleanAudit, closeCabinets, fund, refusal, setupCabinet, journalOf } from '../../testing/cabinet-harness.ts';
import { storedRamClears } from '../../testing/stored-rows.ts';
import type { DamagedJournalOwed } from '../model/damaged-journal-owed.ts';
import type { CabinetCore } from './cabinet.ts';

/** The unpaid handpays' amounts. */
function owedByHandpay(c: CabinetCore): number[] {
  return journalOf(c)
    .pendingHandpays()
    .map((h) => h.amountMinor);
}

afterEach(closeCabinets);

describe('RAM clear', () => {
  it('voids and refunds a round left open by a memory error, then removes the credits and resets the meters', () => {
    const h = setupCabinet();
    fund(h.cabinet);
    const c = h.cabinet;
    c.placeChip('player', 100);
    c.deal();
    c.subscribe((event) => {
      if (event.type !== 'round-dealt') return;
      // Both copies go bad mid-round: the fault cannot be settled or refunded until a RAM clear.
      corruptCriticalCopy(h.path, 'a', 'flip-body');
      corruptCriticalCopy(h.path, 'b', 'bad-checksum');
      c.raiseFault('memory-error', 'ecc', { code: 'memory-no-good-copy' });
    });
    c.placeChip('player', 500);
    c.placeChip('banker', 100);
    expect(refusal(() => c.deal()).code).toBe('tilted');
    const open = journalOf(c).openRounds();
    expect(open.map((r) => r.status)).toEqual(['dealt']);
    const owed = journalOf(c).ledgerBalance(false) + 600;

    c.ramClear();
    const round = c.recall({ limit: 1 })[0]!;
    expect(round.roundId).toBe(open[0]!.roundId);
    expect(round.status).toBe('voided');
    expect(round.voidCode).toEqual({ code: 'ram-clear' });
    expect(round.refundedMinor).toBe(600);
    const message = c.events({ limit: 10 }).find((e) => e.kind === 'ram-clear')!.message;
    expect(message).toMatchObject({
      code: 'ram-cleared',
      creditsRemovedMinor: owed,
      roundsVoided: 1,
      metersKept: false,
    });
    // The refunded stakes are part of what is owed, and an attendant pays it.
    expect(owedByHandpay(c)).toEqual([owed]);
    expect(storedRamClears(h.path).map((r) => r.meters_before_json)).toEqual([null]);
    expect(c.snapshot()).toMatchObject({ creditsMinor: 0, phase: 'idle', rebetBets: null });
    expect(c.snapshot().tilts.map((t) => t.kind)).toEqual(['handpay-pending']);
    expect(c.meters().roundsPlayed).toBe(0);
    expect(journalOf(c).ledgerBalance(false)).toBe(0);
    cleanAudit(h.path);
  });

  it('clears only the memory-error: the door and handpay tilts are physical and stay', () => {
    const h = setupCabinet();
    const c = h.cabinet;
    fund(c, 5_000, 4);
    c.cashOut();
    c.setDoorOpen(true);
    c.raiseFault('memory-error', 'ecc', { code: 'memory-no-good-copy' });
    c.ramClear();
    expect(
      c
        .snapshot()
        .tilts.map((t) => t.kind)
        .sort(),
    ).toEqual(['door-open', 'handpay-pending']);
    cleanAudit(h.path);
  });

  it('with good memory it logs the meters before the reset and rebuilds both copies', () => {
    const h = setupCabinet();
    const c = h.cabinet;
    fund(c, 5_000, 4);
    c.ramClear();
    const message = c.events({ limit: 10 }).find((e) => e.kind === 'ram-clear')!.message;
    const lastLedgerId = journalOf(c).lastLedgerId() - 1; // the clear's own row is after the verified one
    expect(message).toMatchObject({
      code: 'ram-cleared',
      creditsRemovedMinor: 5_000,
      metersKept: true,
      verifiedLedgerId: lastLedgerId,
      chainAgrees: true,
    });
    expect(storedRamClears(h.path).map((r) => r.meters_before_json)).toEqual([
      expect.stringMatching(/"billsInMinor":5000/),
    ]);
    expect(c.meters().billsInMinor).toBe(0);
    const copies = journalOf(c).readCriticalCopies();
    expect([copies.a.problem, copies.b.problem]).toEqual([null, null]);
    expect(copies.a.state?.creditsMinor).toBe(0);
    cleanAudit(h.path);
  });
});

describe('a RAM clear never loses money: what is owed becomes a handpay an attendant pays', () => {
  it('150.00 on the meter under a memory error: the credits leave the meter and the same amount waits as a handpay', () => {
    const h = setupCabinet();
    const c = h.cabinet;
    fund(c, 10_000);
    fund(c, 5_000, 4);
    c.raiseFault('memory-error', 'ecc', { code: 'memory-no-good-copy' });

    c.ramClear();
    expect(c.snapshot().creditsMinor).toBe(0);
    expect(owedByHandpay(c)).toEqual([15_000]);
    expect(c.snapshot().pendingHandpay?.amountMinor).toBe(15_000);
    const tilt = c.snapshot().tilts.find((t) => t.kind === 'handpay-pending');
    expect(tilt?.reasonCode).toEqual({ code: 'handpay-waiting', amountMinor: 15_000 });
    expect(c.events({ kind: 'handpay', limit: 1 })[0]!.message).toMatchObject({
      code: 'handpay-created',
      amountMinor: 15_000,
    });
    expect(c.events({ kind: 'ram-clear', limit: 1 })[0]!.message).toMatchObject({
      code: 'ram-cleared',
      creditsRemovedMinor: 15_000,
      chainAgrees: true,
    });
    cleanAudit(h.path);

    // A second clear finds nothing on the meter: no second handpay.
    c.raiseFault('memory-error', 'ecc', { code: 'memory-no-good-copy' });
    c.ramClear();
    expect(owedByHandpay(c)).toEqual([15_000]);
    // The attendant pays it, and the cabinet plays again.
    c.clearHandpay('attendant');
    expect(c.snapshot().tilts).toEqual([]);
    expect(journalOf(c).paidHandpays(1)[0]).toMatchObject({ amountMinor: 15_000, paidBy: 'attendant' });
    cleanAudit(h.path);
  });

  it('with the record-chain key file lost, the ledger sum (150.00) is still owed; the record says the chain could not vouch', () => {
    const h = setupCabinet();
    fund(h.cabinet, 10_000);
    fund(h.cabinet, 5_000, 4);
    h.cabinet.close();
    rmSync(`${h.path}.record-key`);
    h.restart();
    expect(h.cabinet.snapshot().tilts.map((t) => t.kind)).toContain('memory-error');

    h.cabinet.ramClear();
    expect(owedByHandpay(h.cabinet)).toEqual([15_000]);
    expect(journalOf(h.cabinet).lastRamClearPayout()).toMatchObject({
      creditsRemovedMinor: 15_000,
      verifiedLedgerId: 0,
    });
    expect(h.cabinet.events({ kind: 'ram-clear', limit: 1 })[0]!.message).toMatchObject({
      creditsRemovedMinor: 15_000,
      verifiedLedgerId: 0,
      chainAgrees: false,
    });
    expect(h.cabinet.snapshot().creditsMinor).toBe(0);
  });

  it('a cabinet without money clears without a handpay', () => {
    const h = setupCabinet();
    h.cabinet.raiseFault('memory-error', 'ecc', { code: 'memory-no-good-copy' });
    h.cabinet.ramClear();
    expect(owedByHandpay(h.cabinet)).toEqual([]);
    expect(h.cabinet.snapshot().tilts).toEqual([]);
    cleanAudit(h.path);
  });
});

describe('what a damaged journal kept aside owed', () => {
  const owedByDamaged: DamagedJournalOwed = {
    damagedFile: 'journal.sqlite.damaged-20261201T030000000Z',
    sha256: 'ab'.repeat(32),
    owedMinor: 15_000,
    ledgerRows: 2,
    unreadableSpots: 0,
    lastBalanceAfterMinor: 15_000,
    copyCreditsMinor: 9_500,
    exportFile: 'journal.sqlite.damaged-20261201T030000000Z.owed.jsonl',
  };

  it('becomes a handpay in the fresh journal once, even when the clear is repeated (power lost before the marker went)', () => {
    const h = setupCabinet();
    const c = h.cabinet;
    c.raiseFault('memory-error', 'journal', { code: 'memory-no-good-copy' });
    c.ramClear(owedByDamaged);
    expect(owedByHandpay(c)).toEqual([15_000]);
    // What it owed and what vouches for it: the witnesses are recorded beside the amount, a disagreeing one too.
    expect(c.events({ kind: 'ram-clear', limit: 1 })[0]!.message).toMatchObject({
      code: 'ram-cleared',
      damagedFile: owedByDamaged.damagedFile,
      damagedOwedMinor: 15_000,
      damagedLedgerRows: 2,
      damagedUnreadableSpots: 0,
      damagedExportFile: owedByDamaged.exportFile,
      damagedLastBalanceMinor: 15_000,
      damagedCopyCreditsMinor: 9_500,
    });
    expect(c.events({ kind: 'handpay', limit: 2 }).map((e) => e.message)).toMatchObject([
      { code: 'handpay-created', amountMinor: 15_000, origin: 'damaged-journal' },
    ]);

    h.restart();
    h.cabinet.raiseFault('memory-error', 'journal', { code: 'memory-no-good-copy' });
    h.cabinet.ramClear(owedByDamaged);
    expect(owedByHandpay(h.cabinet)).toEqual([15_000]);
    expect(h.cabinet.events({ kind: 'ram-clear', limit: 1 })[0]!.message).toMatchObject({ damagedOwedMinor: null });
    cleanAudit(h.path);
  });
});
