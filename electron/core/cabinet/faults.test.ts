import { afterEach, describe, expect, it } from 'vitest';
import { auditJournal } from '../../certification/journal-audit.ts';
import { cleanAudit, closeCabinets, fund, refusal, setupCabinet, journalOf } from '../../testing/cabinet-harness.ts';
import { testConfig } from '../../testing/fixtures.ts';

afterEach(closeCabinets);

describe('a fault voids the open round and refunds it once', () => {
  it('an RNG failure voids the round, refunds every bet exactly once, logs the reason and tilts until healthy', () => {
    const h = setupCabinet();
    fund(h.cabinet);
    const c = h.cabinet;
    c.placeChip('player', 500);
    c.placeChip('tie', 100);
    h.random.failNext = true;
    const r = c.deal();
    expect(r.status).toBe('voided');
    expect(r.voidCode).toEqual({ code: 'rng-fault', source: 'rng', reason: { code: 'rng-deal-failure' } });
    expect(r.refundedMinor).toBe(600);
    expect(r.cards).toEqual([]);
    expect(c.snapshot().creditsMinor).toBe(10_000);
    expect(c.snapshot().tilts.map((t) => t.kind)).toEqual(['rng-fault']);
    expect(refusal(() => c.placeChip('player', 100)).code).toBe('tilted');
    expect(c.meters().roundsVoided).toBe(1);
    expect(c.meters().refundsMinor).toBe(600);
    expect(c.meters().wageredMinor).toBe(0);
    // Tilts survive a power cycle.
    const c2 = h.restart();
    expect(c2.snapshot().tilts.map((t) => t.kind)).toEqual(['rng-fault']);
    // Reconnected is not yet healthy: the start-up health test has not passed.
    c2.reportDevice({
      device: 'rng',
      health: 'connected',
      detail: 'port open, start-up test running',
      detailCode: { code: 'rng-starting', port: '/dev/test', samples: 1024 },
    });
    expect(c2.snapshot().tilts.map((t) => t.kind)).toEqual(['rng-fault']);
    c2.reportDevice({
      device: 'rng',
      health: 'healthy',
      detail: 'health tests pass',
      detailCode: { code: 'os-entropy-only' },
    });
    expect(c2.snapshot().tilts).toEqual([]);
    expect(c2.events({ limit: 20 }).map((e) => e.message)).toContainEqual({
      code: 'tilt-cleared',
      tilt: 'rng-fault',
      source: 'rng',
      cause: 'device-healthy',
      role: null,
      deviceDetail: { code: 'os-entropy-only' },
    });
    cleanAudit(h.path);
  });

  it('the journal refuses a second refund of the same round and never voids a settled round', () => {
    const h = setupCabinet();
    fund(h.cabinet);
    const c = h.cabinet;
    c.placeChip('banker', 100);
    h.random.failNext = true;
    const voided = c.deal();
    c.reportDevice({ device: 'rng', health: 'healthy', detail: 'ok', detailCode: { code: 'os-entropy-only' } });
    c.placeChip('banker', 100);
    const settled = c.deal();
    const j = journalOf(c);
    expect(() =>
      j.transaction(() => j.markVoided(voided.roundId, 100, 0, 'x', { code: 'power-lost', status: 'locked' })),
    ).toThrow(/UNIQUE/);
    expect(() =>
      j.transaction(() => j.markVoided(settled.roundId, 100, 0, 'x', { code: 'power-lost', status: 'locked' })),
    ).toThrow();
    // A fault after settlement tilts but leaves the settled round alone.
    c.raiseFault('rng-fault', 'rng', { code: 'rng-deal-failure' });
    expect(c.recall({ fromRoundId: settled.roundId, toRoundId: settled.roundId })[0]?.status).toBe('settled');
    expect(c.snapshot().tilts.map((t) => t.kind)).toEqual(['rng-fault']);
    cleanAudit(h.path);
  });

  for (const kind of ['rng-fault', 'device-fault', 'memory-error'] as const) {
    it(`${kind} raised while the round is open voids it and refunds every bet once`, () => {
      const h = setupCabinet();
      fund(h.cabinet);
      const c = h.cabinet;
      let raised = false;
      c.subscribe((event) => {
        if (!raised && event.type === 'round-dealt') {
          raised = true;
          c.raiseFault(kind, kind === 'device-fault' ? 'rng-usb' : 'rng', { code: 'rng-deal-failure' });
        }
      });
      c.placeChip('player', 500);
      c.placeChip('banker', 100);
      const r = c.deal();
      expect(r.status).toBe('voided');
      expect(r.refundedMinor).toBe(600);
      expect(r.voidCode?.code).toBe(kind === 'memory-error' ? 'memory-error' : kind);
      expect(journalOf(c).ledgerBalance(false)).toBe(10_000);
      expect(c.snapshot().tilts.map((t) => t.kind)).toEqual([kind]);
      expect(c.snapshot().phase).toBe('idle');
      const report = auditJournal(journalOf(c), testConfig().profile, false);
      expect(report.problems).toEqual([]);
    });
  }
});

describe('bill-acceptor faults', () => {
  it('tilt (money-in and play stop) but void nothing; healthy clears them', () => {
    const h = setupCabinet();
    fund(h.cabinet);
    const c = h.cabinet;
    c.placeChip('player', 100);
    c.deal();
    c.reportDevice({
      device: 'bill-acceptor',
      health: 'fault',
      detail: 'unsafe jam',
      detailCode: { code: 'acceptor-conditions', conditions: ['stacker-full'] },
    });
    expect(c.snapshot().tilts.map((t) => t.kind)).toEqual(['device-fault']);
    expect(c.meters().roundsVoided).toBe(0);
    expect(c.canAcceptBill(500).accept).toBe(false);
    expect(refusal(() => c.rebet(1)).code).toBe('tilted');
    c.reportDevice({
      device: 'bill-acceptor',
      health: 'healthy',
      detail: 'jam cleared',
      detailCode: { code: 'acceptor-ready', port: '/dev/test', enabled: true },
    });
    expect(c.snapshot().tilts).toEqual([]);
  });

  it('a repeated fault report tilts once; a new fault after a clear tilts again', () => {
    const h = setupCabinet();
    const c = h.cabinet;
    const fault = {
      device: 'bill-acceptor',
      health: 'fault',
      detail: 'stacker full',
      detailCode: { code: 'acceptor-conditions', conditions: ['stacker-full'] },
    } as const;
    c.reportDevice(fault);
    c.reportDevice(fault);
    const tiltEvents = () => c.events({ limit: 50 }).filter((e) => e.kind === 'tilt').length;
    expect(tiltEvents()).toBe(1);
    c.reportDevice({
      device: 'bill-acceptor',
      health: 'healthy',
      detail: 'emptied',
      detailCode: { code: 'acceptor-ready', port: '/dev/test', enabled: true },
    });
    c.reportDevice(fault);
    expect(tiltEvents()).toBe(2);
    expect(c.snapshot().devices.find((d) => d.device === 'bill-acceptor')?.health).toBe('fault');
  });
});

describe('a memory fault reported from outside', () => {
  it('tilts memory-error and blocks play until a RAM clear; the settled rounds stand', () => {
    const h = setupCabinet();
    fund(h.cabinet);
    const c = h.cabinet;
    c.placeChip('player', 100);
    const settled = c.deal();
    c.raiseFault('memory-error', 'ecc', { code: 'memory-no-good-copy' });
    expect(c.snapshot().tilts.map((t) => t.kind)).toEqual(['memory-error']);
    expect(refusal(() => c.rebet(1)).code).toBe('tilted');
    expect(c.recall({})[0]?.roundId).toBe(settled.roundId);
    expect(c.recall({})[0]?.status).toBe('settled');
    c.ramClear();
    // The memory error is gone; what was on the meter waits as a handpay.
    expect(c.snapshot().tilts.map((t) => t.kind)).toEqual(['handpay-pending']);
    cleanAudit(h.path);
  });
});
