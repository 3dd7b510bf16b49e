import { afterEach, describe, expect, it } from 'vitest';
import { corruptCriticalCopy } from '../../testing/journal-damage.ts';
import { cleanAudit, closeCabinets, fund, refusal, setupCabinet, journalOf } from '../../testing/cabinet-harness.ts';
import { testConfig } from '../../testing/fixtures.ts';

afterEach(closeCabinets);

describe('bills: credited once per event key, credit limit at escrow', () => {
  it('a repeated CREDIT_NOTE is credited once, also after a restart', () => {
    const h = setupCabinet();
    expect(h.cabinet.creditBill({ valueMinor: 1_000, channel: 2, eventKey: 'ssp-42' })).toBe(true);
    expect(h.cabinet.creditBill({ valueMinor: 1_000, channel: 2, eventKey: 'ssp-42' })).toBe(false);
    const c = h.restart();
    expect(c.creditBill({ valueMinor: 1_000, channel: 2, eventKey: 'ssp-42' })).toBe(false);
    expect(c.snapshot().creditsMinor).toBe(1_000);
    expect(c.meters().billsInMinor).toBe(1_000);
    expect(c.meters().billsByDenomination).toEqual({ '1000': 1 });
  });

  it('escrow: rejects notes above the credit limit, disabled notes and notes while tilted', () => {
    const h = setupCabinet();
    const c = h.cabinet;
    expect(c.canAcceptBill(20_000).accept).toBe(false); // channel 6 disabled
    fund(c, 10_000);
    for (let i = 0; i < 19; i++) fund(c, 10_000);
    expect(c.snapshot().creditsMinor).toBe(200_000);
    const r = c.canAcceptBill(500);
    expect(r.accept).toBe(false);
    expect(r.reason).toMatch(/credit limit/);
    c.setDoorOpen(true);
    expect(c.canAcceptBill(500).reason).toMatch(/tilted/);
  });

  it('a stacked note is credited even when escrow would refuse it, and the anomaly is logged', () => {
    const h = setupCabinet();
    const c = h.cabinet;
    c.setDoorOpen(true);
    expect(c.canAcceptBill(1_000).accept).toBe(false);
    expect(c.creditBill({ valueMinor: 1_000, channel: 3, eventKey: 'stacked-while-open' })).toBe(true);
    expect(c.snapshot().creditsMinor).toBe(1_000);
    const message = c.events({ limit: 10 }).find((e) => e.kind === 'bill')?.message;
    expect(message).toMatchObject({ channel: 3, warnings: ['channel-value-differs', 'stacked-while-tilted'] });
    expect(refusal(() => c.creditBill({ valueMinor: 0, channel: 2, eventKey: 'zero' })).code).toBe('not-permitted');
    expect(refusal(() => c.creditBill({ valueMinor: 500, channel: 1, eventKey: '' })).code).toBe('not-permitted');
    cleanAudit(h.path);
  });
});

describe('a note stacked during a memory error', () => {
  it('is journaled once, and the RAM clear accounts for it; the audit balances', () => {
    const h = setupCabinet();
    fund(h.cabinet, 5_000, 4);
    h.cabinet.close();
    corruptCriticalCopy(h.path, 'a', 'delete');
    corruptCriticalCopy(h.path, 'b', 'flip-body');
    const c = h.restart();
    expect(c.snapshot().tilts.map((t) => t.kind)).toEqual(['memory-error']);
    expect(c.canAcceptBill(1_000).accept).toBe(false);
    // The acceptor had already stacked it: it is in the cashbox and must be journaled once.
    expect(c.creditBill({ valueMinor: 1_000, channel: 2, eventKey: 'stacked-during-error' })).toBe(true);
    expect(c.creditBill({ valueMinor: 1_000, channel: 2, eventKey: 'stacked-during-error' })).toBe(false);
    expect(journalOf(c).ledgerBalance(false)).toBe(6_000);
    expect(c.events({ limit: 10 }).find((e) => e.kind === 'bill')?.message).toMatchObject({
      warnings: expect.arrayContaining(['meters-not-updated']),
    });
    c.ramClear();
    expect(c.events({ limit: 10 }).find((e) => e.kind === 'ram-clear')?.message).toMatchObject({
      code: 'ram-cleared',
      creditsRemovedMinor: 6_000,
    });
    expect(journalOf(c).ledgerBalance(false)).toBe(0);
    cleanAudit(h.path);
  });
});

describe('cash-out and handpay', () => {
  it('collect creates a handpay and locks the cabinet until a technician clears it; both logged', () => {
    const h = setupCabinet();
    fund(h.cabinet, 5_000, 4);
    const c = h.cabinet;
    const hp = c.cashOut();
    expect(hp.amountMinor).toBe(5_000);
    expect(c.snapshot().creditsMinor).toBe(0);
    expect(c.snapshot().tilts.map((t) => t.kind)).toEqual(['handpay-pending']);
    expect(c.canAcceptBill(500).accept).toBe(false);
    expect(refusal(() => c.placeChip('player', 100)).code).toBe('tilted');
    const c2 = h.restart();
    expect(c2.snapshot().tilts.map((t) => t.kind)).toEqual(['handpay-pending']);
    c2.clearHandpay('attendant');
    expect(c2.snapshot().tilts).toEqual([]);
    expect(c2.meters().handpayMinor).toBe(5_000);
    expect(c2.meters().cashOutMinor).toBe(5_000);
    const log = c2.events({ limit: 50 }).map((e) => e.kind);
    expect(log).toContain('handpay');
    expect(log).toContain('clear');
    expect(refusal(() => c2.clearHandpay('attendant')).code).toBe('not-permitted');
    expect(refusal(() => c2.cashOut()).code).toBe('no-credits');
    cleanAudit(h.path);
  });

  it('collect is possible during an RNG or device fault, refused while the door is open', () => {
    const h = setupCabinet();
    const c = h.cabinet;
    fund(c, 5_000, 4);
    c.reportDevice({
      device: 'rng',
      health: 'fault',
      detail: 'health test failed',
      detailCode: { code: 'rng-stalled', port: null, silentMs: 1000, limitMs: 1000 },
    });
    expect(c.cashOut().amountMinor).toBe(5_000);
    c.clearHandpay('attendant');
    fund(c, 1_000, 2);
    c.setDoorOpen(true);
    expect(refusal(() => c.cashOut()).code).toBe('tilted');
    expect(c.snapshot().creditsMinor).toBe(1_000);
    cleanAudit(h.path);
  });
});

describe('demo mode: separate credits, never metered', () => {
  it('plays on separate demo credits without touching any money meter', () => {
    const h = setupCabinet(testConfig({ demoMode: true }));
    const c = h.cabinet;
    expect(c.snapshot().demo).toBe(true);
    expect(c.snapshot().creditsMinor).toBe(100_000);
    const metersBefore = c.meters();
    c.placeChip('player', 500);
    c.deal();
    c.rebet(2);
    h.random.failNext = true;
    c.rebet(1);
    c.reportDevice({ device: 'rng', health: 'healthy', detail: 'ok', detailCode: { code: 'os-entropy-only' } });
    const after = c.meters();
    expect({ ...after, powerUps: 0, doorOpens: 0 }).toEqual({ ...metersBefore, powerUps: 0, doorOpens: 0 });
    expect(c.canAcceptBill(500).accept).toBe(false);
    expect(refusal(() => c.cashOut()).code).toBe('not-permitted');
    expect(c.recall({}).every((r) => r.demo)).toBe(true);
    cleanAudit(h.path);
  });

  it('demo credits are topped up when they fall below the smallest spot minimum', () => {
    const h = setupCabinet(testConfig({ demoMode: true, demoCreditsMinor: 300 }));
    const c = h.cabinet;
    for (let i = 0; i < 30; i++) {
      if (c.snapshot().creditsMinor >= 100) {
        c.clearBets();
        c.placeChip('player', 100);
        c.deal();
      }
    }
    expect(c.snapshot().creditsMinor).toBeGreaterThanOrEqual(100);
    expect(c.meters().roundsPlayed).toBe(0);
  });

  it('refilling demo credits is refused outside demo mode', () => {
    const h = setupCabinet();
    expect(refusal(() => h.cabinet.refillDemoCredits()).code).toBe('not-permitted');
  });
});
