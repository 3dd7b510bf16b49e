import { afterEach, describe, expect, it } from 'vitest';
import { corruptCriticalCopy } from '../../testing/journal-damage.ts';
import { cleanAudit, closeCabinets, fund, refusal, setupCabinet, journalOf } from '../../testing/cabinet-harness.ts';

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
      c.raiseFault('memory-error', 'ecc', 'uncorrectable ECC error');
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
    expect(round.voidReason).toBe('RAM clear');
    expect(round.refundedMinor).toBe(600);
    const detail = c.events({ limit: 10 }).find((e) => e.kind === 'ram-clear')!.detail;
    expect(detail).toContain(`credits ${(owed / 100).toFixed(2)} removed`);
    expect(detail).toContain('1 open round(s) voided');
    expect(detail).toContain('meters before: unavailable');
    expect(c.snapshot()).toMatchObject({ creditsMinor: 0, phase: 'idle', rebetBets: null, tilts: [] });
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
    c.raiseFault('memory-error', 'ecc', 'uncorrectable ECC error');
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
    const detail = c.events({ limit: 10 }).find((e) => e.kind === 'ram-clear')!.detail;
    expect(detail).toMatch(/credits 50\.00 removed/);
    expect(detail).toMatch(/meters before: \{.*"billsInMinor":5000/);
    expect(c.meters().billsInMinor).toBe(0);
    const copies = journalOf(c).readCriticalCopies();
    expect([copies.a.problem, copies.b.problem]).toEqual([null, null]);
    expect(copies.a.state?.creditsMinor).toBe(0);
    cleanAudit(h.path);
  });
});
