import { afterEach, describe, expect, it } from 'vitest';
import { Journal } from '../../storage/journal.ts';
import type { VenueConfig } from '../config/venue-config.ts';
import { auditJournal, auditJournalFile } from '../../certification/journal-audit.ts';
import type { CabinetEvent } from './cabinet-api.ts';
import { CabinetError } from './cabinet-error.ts';
import { openCabinet, type JournaledCabinet } from '../../storage/open-cabinet.ts';
import { deterministicRandom, steppingClock, tempJournalPath, testConfig } from '../../testing/fixtures.ts';
import { corruptCriticalCopy } from '../../testing/journal-damage.ts';

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

function setup(config: VenueConfig = testConfig(), seed = 7) {
  const tmp = tempJournalPath();
  const random = deterministicRandom(seed);
  const open = (cfg: VenueConfig = config) =>
    openCabinet({ journalPath: tmp.path, config: cfg, random, clock: steppingClock() });
  let cabinet = open();
  const handle = {
    path: tmp.path,
    random,
    get cabinet(): JournaledCabinet {
      return cabinet;
    },
    restart(cfg?: VenueConfig): JournaledCabinet {
      cabinet.close();
      cabinet = open(cfg);
      return cabinet;
    },
  };
  cleanups.push(() => {
    try {
      cabinet.close();
    } catch {
      /* already closed */
    }
    tmp.cleanup();
  });
  return handle;
}

let noteSeq = 0;
function fund(cabinet: JournaledCabinet, valueMinor = 10_000, channel = 5): void {
  expect(cabinet.creditBill({ valueMinor, channel, eventKey: `test-note-${noteSeq++}` })).toBe(true);
}

function refusal(fn: () => unknown): CabinetError {
  try {
    fn();
  } catch (error) {
    if (error instanceof CabinetError) return error;
    throw error;
  }
  throw new Error('expected a CabinetError');
}

function cleanAudit(path: string, allowOpen = false) {
  const report = auditJournalFile(path, testConfig().profile, allowOpen);
  expect(report.problems).toEqual([]);
  return report;
}

describe('journal set-up', () => {
  it('runs numbered migrations and uses WAL with synchronous=FULL', () => {
    const h = setup();
    const j = h.cabinet.journalForTools;
    expect(j.schemaVersion()).toBe(1);
    expect(j.hasSchema()).toBe(true);
    h.cabinet.close();
    const raw = Journal.open(h.path);
    expect(raw.schemaVersion()).toBe(1);
    raw.close();
  });
});

describe('bets and limits (issue 3): a refused bet names the limit and changes nothing', () => {
  it('refuses a value that is not a chip', () => {
    const h = setup();
    fund(h.cabinet);
    const before = h.cabinet.snapshot();
    const e = refusal(() => h.cabinet.placeChip('player', 123));
    expect(e.code).toBe('not-a-chip');
    expect(h.cabinet.snapshot()).toEqual(before);
  });

  it('refuses above the spot max, the table max, the credits and the max win, each with its limit', () => {
    const cfg = testConfig({
      limits: {
        spots: {
          player: { minMinor: 100, maxMinor: 1_000 },
          banker: { minMinor: 100, maxMinor: 1_000 },
          tie: { minMinor: 100, maxMinor: 1_000 },
        },
        tableMaxMinor: 1_500,
        chipDenominationsMinor: [100, 500, 1_000],
        creditLimitMinor: 100_000,
        maxWinPerRoundMinor: 5_000,
      },
    });
    const h = setup(cfg);
    fund(h.cabinet, 1_000, 2);
    const c = h.cabinet;
    c.placeChip('player', 1_000);
    let before = c.snapshot();
    let e = refusal(() => c.placeChip('player', 100));
    expect(e.code).toBe('above-spot-max');
    expect(e.limit).toEqual({ name: 'spots.player.maxMinor', valueMinor: 1_000 });
    expect(e.info.code).toBe('above-spot-max');
    expect(c.snapshot()).toEqual(before);

    e = refusal(() => c.placeChip('banker', 100));
    expect(e.code).toBe('insufficient-credits');
    expect(e.limit).toEqual({ name: 'credits', valueMinor: 1_000 });
    expect(c.snapshot()).toEqual(before);

    fund(c, 10_000, 5);
    c.placeChip('banker', 500);
    before = c.snapshot();
    e = refusal(() => c.placeChip('banker', 100));
    expect(e.code).toBe('above-table-max');
    expect(e.limit).toEqual({ name: 'tableMaxMinor', valueMinor: 1_500 });
    expect(c.snapshot()).toEqual(before);

    // Tie 8:1 on 1,000 wins 8,000 − other stakes: above the 5,000 max win.
    c.clearBets();
    before = c.snapshot();
    e = refusal(() => c.placeChip('tie', 1_000));
    expect(e.code).toBe('above-max-win');
    expect(e.limit).toEqual({ name: 'maxWinPerRoundMinor', valueMinor: 5_000 });
    expect(c.snapshot()).toEqual(before);
  });

  it('lets a spot sit below its minimum while building, but never deals it (spot min checked at DEAL)', () => {
    const h = setup();
    fund(h.cabinet);
    const c = h.cabinet;
    c.placeChip('player', 50); // min 100
    const creditsBefore = c.snapshot().creditsMinor;
    const e = refusal(() => c.deal());
    expect(e.code).toBe('below-spot-min');
    expect(e.limit).toEqual({ name: 'spots.player.minMinor', valueMinor: 100 });
    expect(c.snapshot().creditsMinor).toBe(creditsBefore);
    expect(c.snapshot().phase).toBe('betting');
    c.placeChip('player', 50);
    expect(c.deal().status).toBe('settled');
    for (const r of c.recall({})) for (const v of Object.values(r.bets)) expect(v).toBeGreaterThanOrEqual(100);
  });

  it('removeChip removes one chip, or the whole bet when the chip is larger (seed 001); undo and clear', () => {
    const h = setup();
    fund(h.cabinet);
    const c = h.cabinet;
    c.placeChip('banker', 500);
    c.placeChip('banker', 100);
    expect(c.removeChip('banker', 100).tableBets).toEqual({ banker: 500 });
    expect(c.removeChip('banker', 2_500).tableBets).toEqual({});
    expect(refusal(() => c.removeChip('banker', 100)).code).toBe('no-bet-to-remove');
    c.placeChip('player', 100);
    c.placeChip('tie', 500);
    expect(c.undoChip().tableBets).toEqual({ player: 100 });
    expect(c.clearBets().tableBets).toEqual({});
    expect(refusal(() => c.undoChip()).code).toBe('nothing-to-undo');
    expect(refusal(() => c.deal()).code).toBe('no-bets');
  });

  it('REBET repeats and REBET ×2 doubles the last bets, and both deal at once (seed 004)', () => {
    const h = setup();
    fund(h.cabinet);
    const c = h.cabinet;
    expect(refusal(() => c.rebet(1)).code).toBe('no-previous-bets');
    c.placeChip('player', 100);
    c.placeChip('tie', 50);
    c.placeChip('tie', 50);
    const first = c.deal();
    expect(first.bets).toEqual({ player: 100, tie: 100 });
    const again = c.rebet(1);
    expect(again.status).toBe('settled');
    expect(again.bets).toEqual({ player: 100, tie: 100 });
    const doubled = c.rebet(2);
    expect(doubled.bets).toEqual({ player: 200, tie: 200 });
    expect(doubled.roundId).toBe(again.roundId + 1);
  });

  it('settles several spots in one round and credits exactly what settle() says', () => {
    const h = setup();
    fund(h.cabinet);
    const c = h.cabinet;
    c.placeChip('player', 500);
    c.placeChip('banker', 500);
    c.placeChip('tie', 100);
    const before = c.snapshot().creditsMinor;
    const r = c.deal();
    const ret = (r.returns.player ?? 0) + (r.returns.banker ?? 0) + (r.returns.tie ?? 0);
    expect(c.snapshot().creditsMinor).toBe(before - 1_100 + ret);
    expect(r.creditsBeforeMinor).toBe(before);
    expect(r.creditsAfterMinor).toBe(before - 1_100 + ret);
    expect(r.cards.length).toBeGreaterThanOrEqual(4);
    cleanAudit(h.path);
  });
});

describe('ordering: durable before anyone is told (issue 2)', () => {
  it('the cards are committed before the round-dealt event, and each transition before its event', () => {
    const h = setup();
    fund(h.cabinet);
    const c = h.cabinet;
    const seen: string[] = [];
    c.subscribe((event: CabinetEvent) => {
      if (event.type !== 'round-dealt' && event.type !== 'round-settled') return;
      // A second connection sees only committed data.
      const reader = Journal.open(h.path, { readOnly: true });
      const row = reader.round(event.round.roundId);
      reader.close();
      expect(row?.cards.length).toBeGreaterThanOrEqual(4);
      expect(row?.cards).toEqual(event.round.cards);
      if (event.type === 'round-settled') expect(row?.status).toBe('settled');
      seen.push(event.type);
    });
    c.placeChip('banker', 100);
    c.deal();
    expect(seen).toEqual(['round-dealt', 'round-settled']);
  });
});

describe('bills (issue 1): credited once per event key, credit limit at escrow', () => {
  it('a repeated CREDIT_NOTE is credited once, also after a restart', () => {
    const h = setup();
    expect(h.cabinet.creditBill({ valueMinor: 1_000, channel: 2, eventKey: 'ssp-42' })).toBe(true);
    expect(h.cabinet.creditBill({ valueMinor: 1_000, channel: 2, eventKey: 'ssp-42' })).toBe(false);
    const c = h.restart();
    expect(c.creditBill({ valueMinor: 1_000, channel: 2, eventKey: 'ssp-42' })).toBe(false);
    expect(c.snapshot().creditsMinor).toBe(1_000);
    expect(c.meters().billsInMinor).toBe(1_000);
    expect(c.meters().billsByDenomination).toEqual({ '1000': 1 });
  });

  it('escrow: rejects notes above the credit limit, disabled notes and notes while tilted', () => {
    const h = setup();
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
});

describe('void and refund (issue 4)', () => {
  it('an RNG failure voids the round, refunds every bet exactly once, logs the reason and tilts until healthy', () => {
    const h = setup();
    fund(h.cabinet);
    const c = h.cabinet;
    c.placeChip('player', 500);
    c.placeChip('tie', 100);
    h.random.failNext = true;
    const r = c.deal();
    expect(r.status).toBe('voided');
    expect(r.voidReason).toMatch(/RNG failure/);
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
    c2.reportDevice({ device: 'rng', health: 'connected', detail: 'port open, start-up test running' });
    expect(c2.snapshot().tilts.map((t) => t.kind)).toEqual(['rng-fault']);
    c2.reportDevice({ device: 'rng', health: 'healthy', detail: 'health tests pass' });
    expect(c2.snapshot().tilts).toEqual([]);
    expect(c2.events({ limit: 20 }).some((e) => e.kind === 'clear' && e.detail.includes('rng-fault'))).toBe(true);
    cleanAudit(h.path);
  });

  it('the journal refuses a second refund of the same round and never voids a settled round', () => {
    const h = setup();
    fund(h.cabinet);
    const c = h.cabinet;
    c.placeChip('banker', 100);
    h.random.failNext = true;
    const voided = c.deal();
    c.reportDevice({ device: 'rng', health: 'healthy', detail: 'ok' });
    c.placeChip('banker', 100);
    const settled = c.deal();
    const j = c.journalForTools;
    expect(() => j.transaction(() => j.markVoided(voided.roundId, 'again', 100, 0, 'x'))).toThrow(/UNIQUE/);
    expect(() => j.transaction(() => j.markVoided(settled.roundId, 'late fault', 100, 0, 'x'))).toThrow();
    // A fault after settlement tilts but leaves the settled round alone.
    c.raiseFault('rng-fault', 'rng', 'health test failed after the round');
    expect(c.recall({ fromRoundId: settled.roundId, toRoundId: settled.roundId })[0]?.status).toBe('settled');
    cleanAudit(h.path);
  });

  it('a bill-acceptor fault tilts (money-in and play stop) but voids nothing; healthy clears it', () => {
    const h = setup();
    fund(h.cabinet);
    const c = h.cabinet;
    c.placeChip('player', 100);
    c.deal();
    c.reportDevice({ device: 'bill-acceptor', health: 'fault', detail: 'unsafe jam' });
    expect(c.snapshot().tilts.map((t) => t.kind)).toEqual(['device-fault']);
    expect(c.meters().roundsVoided).toBe(0);
    c.reportDevice({ device: 'bill-acceptor', health: 'healthy', detail: 'jam cleared' });
    expect(c.snapshot().tilts).toEqual([]);
  });
});

describe('cash-out and handpay (issue 8)', () => {
  it('collect creates a handpay and locks the cabinet until a technician clears it; both logged', () => {
    const h = setup();
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
    c2.clearHandpay();
    expect(c2.snapshot().tilts).toEqual([]);
    expect(c2.meters().handpayMinor).toBe(5_000);
    expect(c2.meters().cashOutMinor).toBe(5_000);
    const log = c2.events({ limit: 50 }).map((e) => e.kind);
    expect(log).toContain('handpay');
    expect(log).toContain('clear');
    expect(refusal(() => c2.clearHandpay()).code).toBe('not-permitted');
    expect(refusal(() => c2.cashOut()).code).toBe('no-credits');
    cleanAudit(h.path);
  });
});

describe('door', () => {
  it('an open door tilts, is metered and logged; closing clears it', () => {
    const h = setup();
    const c = h.cabinet;
    c.setDoorOpen(true);
    expect(c.snapshot().tilts.map((t) => t.kind)).toEqual(['door-open']);
    expect(c.meters().doorOpens).toBe(1);
    c.setDoorOpen(false);
    expect(c.snapshot().tilts).toEqual([]);
    expect(
      c
        .events({ limit: 10 })
        .filter((e) => e.kind === 'door')
        .map((e) => e.detail),
    ).toEqual(['door closed', 'door opened']);
  });
});

describe('demo mode (issue 7): meters never count', () => {
  it('plays on separate demo credits without touching any money meter', () => {
    const h = setup(testConfig({ demoMode: true }));
    const c = h.cabinet;
    expect(c.snapshot().demo).toBe(true);
    expect(c.snapshot().creditsMinor).toBe(100_000);
    const metersBefore = c.meters();
    c.placeChip('player', 500);
    c.deal();
    c.rebet(2);
    h.random.failNext = true;
    c.rebet(1);
    c.reportDevice({ device: 'rng', health: 'healthy', detail: 'ok' });
    const after = c.meters();
    expect({ ...after, powerUps: 0, doorOpens: 0 }).toEqual({ ...metersBefore, powerUps: 0, doorOpens: 0 });
    expect(c.canAcceptBill(500).accept).toBe(false);
    expect(refusal(() => c.cashOut()).code).toBe('not-permitted');
    expect(c.recall({}).every((r) => r.demo)).toBe(true);
    cleanAudit(h.path);
  });
});

describe('meters and recall (issues 7, 9)', () => {
  it('counts rounds won/lost/tied from the player side and recall agrees with the meters', () => {
    const h = setup();
    fund(h.cabinet);
    fund(h.cabinet);
    const c = h.cabinet;
    c.placeChip('player', 100);
    c.placeChip('banker', 100);
    c.deal();
    for (let i = 0; i < 40; i++) c.rebet(1);
    const m = c.meters();
    expect(m.roundsPlayed).toBe(41);
    expect(m.roundsWon + m.roundsLost + m.roundsTied).toBe(41);
    expect(m.wageredMinor).toBe(41 * 200);
    expect(m.wageredBySpot).toEqual({ player: 4_100, banker: 4_100, tie: 0 });
    const recall = c.recall({ limit: 1_000 });
    expect(recall).toHaveLength(41);
    expect(recall.reduce((s, r) => s + (r.returns.player ?? 0) + (r.returns.banker ?? 0), 0)).toBe(m.wonMinor);
    const middle = c.recall({ fromRoundId: 10, toRoundId: 12 });
    expect(middle.map((r) => r.roundId)).toEqual([12, 11, 10]);
    expect(c.events({ fromId: 1, toId: 2 }).map((e) => e.id)).toEqual([2, 1]);
    cleanAudit(h.path);
  });
});

describe('config (issue 1): validated, and changes go to the event log', () => {
  it('logs a config change at start with the field that changed', () => {
    const h = setup();
    const changed = testConfig({ demoCreditsMinor: 50_000 });
    const c = h.restart(changed);
    const entry = c.events({ limit: 20 }).find((e) => e.kind === 'config' && e.detail.includes('demoCreditsMinor'));
    expect(entry?.detail).toMatch(/demoCreditsMinor: 100000 → 50000/);
  });

  it('refuses a bad config with the field named; reconfigure changes nothing on a bad one', () => {
    const h = setup();
    const bad = { ...testConfig(), limits: { ...testConfig().limits, tableMaxMinor: 10.5 } };
    const e = refusal(() => h.cabinet.reconfigure(bad));
    expect(e.code).toBe('invalid-config');
    expect(e.message).toMatch(/limits\.tableMaxMinor/);
    expect(h.cabinet.venueConfig().limits.tableMaxMinor).toBe(100_000);
  });
});

describe('critical-memory integrity (issue 6)', () => {
  it('one bad copy is rebuilt from the good one and logged', () => {
    const h = setup();
    fund(h.cabinet, 5_000, 4);
    h.cabinet.close();
    const raw = Journal.open(h.path);
    corruptCriticalCopy(h.path, 'b', 'flip-body');
    raw.close();
    const c = h.restart();
    expect(c.snapshot().creditsMinor).toBe(5_000);
    expect(c.snapshot().tilts).toEqual([]);
    expect(
      c.events({ limit: 20 }).some((e) => e.kind === 'memory' && /copy b rebuilt from copy a/.test(e.detail)),
    ).toBe(true);
    const j = c.journalForTools;
    const copies = j.readCriticalCopies();
    expect(copies.a.problem).toBeNull();
    expect(copies.b.problem).toBeNull();
    expect(auditJournal(j, testConfig().profile, false).integrityFailures).toBe(0);
  });

  it('a copy damaged between rounds is caught by the check before the next round', () => {
    const h = setup();
    fund(h.cabinet);
    h.cabinet.placeChip('player', 100);
    h.cabinet.deal();
    corruptCriticalCopy(h.path, 'a', 'bad-checksum');
    expect(h.cabinet.rebet(1).status).toBe('settled');
    expect(h.cabinet.events({ limit: 20 }).some((e) => /copy a rebuilt/.test(e.detail))).toBe(true);
  });

  it('both copies bad: memory-error tilt that survives restarts and only a RAM clear removes', () => {
    const h = setup();
    fund(h.cabinet, 5_000, 4);
    h.cabinet.close();
    const raw = Journal.open(h.path);
    corruptCriticalCopy(h.path, 'a', 'flip-body');
    corruptCriticalCopy(h.path, 'b', 'bad-checksum');
    raw.close();
    let c = h.restart();
    expect(c.snapshot().tilts.map((t) => t.kind)).toEqual(['memory-error']);
    expect(c.snapshot().tilts[0]?.clearedBy).toBe('technician-ram-clear');
    expect(refusal(() => c.placeChip('player', 100)).code).toBe('tilted');
    expect(c.canAcceptBill(500).accept).toBe(false);
    expect(refusal(() => c.cashOut()).code).toBe('tilted');
    // Nothing automatic clears it: not a restart, not a healthy device.
    c.reportDevice({ device: 'rng', health: 'healthy', detail: 'ok' });
    c = h.restart();
    expect(c.snapshot().tilts.map((t) => t.kind)).toEqual(['memory-error']);
    c.ramClear();
    expect(c.snapshot().tilts).toEqual([]);
    expect(c.snapshot().creditsMinor).toBe(0);
    expect(c.meters().billsInMinor).toBe(0);
    const log = c.events({ limit: 20 });
    expect(log.find((e) => e.kind === 'ram-clear')?.detail).toMatch(/credits 50\.00 removed/);
    fund(c, 1_000, 2);
    c.placeChip('player', 100);
    expect(c.deal().status).toBe('settled');
    cleanAudit(h.path);
  });
});

describe('a memory fault reported from outside', () => {
  it('tilts memory-error and blocks play until a RAM clear; the settled rounds stand', () => {
    const h = setup();
    fund(h.cabinet);
    const c = h.cabinet;
    c.placeChip('player', 100);
    const settled = c.deal();
    c.raiseFault('memory-error', 'ecc', 'uncorrectable ECC error');
    expect(c.snapshot().tilts.map((t) => t.kind)).toEqual(['memory-error']);
    expect(refusal(() => c.rebet(1)).code).toBe('tilted');
    expect(c.recall({})[0]?.roundId).toBe(settled.roundId);
    expect(c.recall({})[0]?.status).toBe('settled');
    c.ramClear();
    expect(c.snapshot().tilts).toEqual([]);
    cleanAudit(h.path);
  });
});

describe('a fault raised while a round is open (issue 4)', () => {
  for (const kind of ['rng-fault', 'device-fault', 'memory-error'] as const) {
    it(`${kind} during the round voids it and refunds every bet once`, () => {
      const h = setup();
      fund(h.cabinet);
      const c = h.cabinet;
      let raised = false;
      c.subscribe((event) => {
        if (!raised && event.type === 'round-dealt') {
          raised = true;
          c.raiseFault(kind, kind === 'device-fault' ? 'rng-usb' : 'rng', 'lost during the round');
        }
      });
      c.placeChip('player', 500);
      c.placeChip('banker', 100);
      const r = c.deal();
      expect(r.status).toBe('voided');
      expect(r.refundedMinor).toBe(600);
      expect(r.voidReason).toMatch(new RegExp(kind));
      expect(c.journalForTools.ledgerBalance(false)).toBe(10_000);
      expect(c.snapshot().tilts.map((t) => t.kind)).toEqual([kind]);
      const report = auditJournal(c.journalForTools, testConfig().profile, false);
      expect(report.problems).toEqual([]);
    });
  }
});

describe('demo credits', () => {
  it('are topped up when they fall below the smallest spot minimum, never metered', () => {
    const h = setup(testConfig({ demoMode: true, demoCreditsMinor: 300 }));
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
});

describe('a note stacked during a memory error', () => {
  it('is journaled once, and the RAM clear accounts for it; the audit balances', () => {
    const h = setup();
    fund(h.cabinet, 5_000, 4);
    h.cabinet.close();
    const raw = Journal.open(h.path);
    corruptCriticalCopy(h.path, 'a', 'delete');
    corruptCriticalCopy(h.path, 'b', 'flip-body');
    raw.close();
    const c = h.restart();
    expect(c.snapshot().tilts.map((t) => t.kind)).toEqual(['memory-error']);
    expect(c.canAcceptBill(1_000).accept).toBe(false);
    // The acceptor had already stacked it: it is in the cashbox and must be journaled once.
    expect(c.creditBill({ valueMinor: 1_000, channel: 2, eventKey: 'stacked-during-error' })).toBe(true);
    expect(c.creditBill({ valueMinor: 1_000, channel: 2, eventKey: 'stacked-during-error' })).toBe(false);
    expect(c.journalForTools.ledgerBalance(false)).toBe(6_000);
    c.ramClear();
    expect(c.events({ limit: 10 }).find((e) => e.kind === 'ram-clear')?.detail).toMatch(/credits 60\.00 removed/);
    expect(c.journalForTools.ledgerBalance(false)).toBe(0);
    cleanAudit(h.path);
  });
});
