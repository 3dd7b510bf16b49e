import { afterEach, describe, expect, it } from 'vitest';
import type { RoundRecord } from '../model/round-record.ts';
import { closeCabinets, fund, setupCabinet, journalOf, emptyCabinet } from '../../testing/cabinet-harness.ts';
import { testConfig } from '../../testing/fixtures.ts';
import { lastWinMinor } from './snapshot.ts';

afterEach(closeCabinets);

const returned = (r: RoundRecord) => (r.returns.player ?? 0) + (r.returns.banker ?? 0) + (r.returns.tie ?? 0);

describe('the last win shown is derived from the last finished round', () => {
  it('is 0 with no round, the returns of a settled round, and 0 after a voided one', () => {
    expect(lastWinMinor(null)).toBe(0);
    const h = setupCabinet();
    const c = h.cabinet;
    expect(c.snapshot().lastWinMinor).toBe(0);
    fund(c);
    c.placeChip('player', 100);
    c.placeChip('banker', 100); // a hedge: every outcome returns something
    const settled = c.deal();
    expect(returned(settled)).toBeGreaterThan(0);
    expect(c.snapshot().lastWinMinor).toBe(returned(settled));
    expect(c.snapshot().lastRound).toEqual(settled);
    h.random.failNext = true;
    const voided = c.rebet(1);
    expect(voided.status).toBe('voided');
    expect(c.snapshot().lastWinMinor).toBe(0);
    expect(c.snapshot().lastRound?.roundId).toBe(voided.roundId);
    // REBET still offers the last settled round's bets.
    expect(c.snapshot().rebetBets).toEqual({ player: 100, banker: 100 });
  });

  it('is the same after a restart, and follows the wallet in play when demo mode is switched', () => {
    const h = setupCabinet();
    fund(h.cabinet);
    h.cabinet.placeChip('player', 100);
    h.cabinet.placeChip('banker', 100);
    const real = h.cabinet.deal();
    const before = h.cabinet.snapshot();
    let c = h.restart();
    expect(c.snapshot().lastWinMinor).toBe(before.lastWinMinor);
    expect(c.snapshot().lastRound).toEqual(before.lastRound);

    // Demo mode shows the demo wallet's last round: none yet (the real credits are paid out first).
    emptyCabinet(c);
    c = h.restart(testConfig({ demoMode: true }));
    expect(c.snapshot().lastWinMinor).toBe(0);
    expect(c.snapshot().lastRound).toBeNull();
    c.placeChip('tie', 100);
    c.placeChip('banker', 100);
    const demo = c.deal();
    expect(c.snapshot().lastWinMinor).toBe(returned(demo));
    c = h.restart(testConfig({ demoMode: true }));
    expect(c.snapshot().lastWinMinor).toBe(returned(demo));

    // Back to real money: the real wallet's last round again.
    c = h.restart();
    expect(c.snapshot().lastRound?.roundId).toBe(real.roundId);
    expect(c.snapshot().lastWinMinor).toBe(returned(real));
  });

  it('a RAM clear keeps showing the last settled round', () => {
    const h = setupCabinet();
    const c = h.cabinet;
    fund(c);
    c.placeChip('player', 100);
    c.placeChip('banker', 100);
    const settled = c.deal();
    c.ramClear();
    expect(c.snapshot().lastWinMinor).toBe(returned(settled));
    expect(c.snapshot().rebetBets).toBeNull();
  });

  it('a round voided at power-up shows a last win of 0', () => {
    const h = setupCabinet();
    fund(h.cabinet);
    h.cabinet.placeChip('player', 100);
    h.cabinet.placeChip('banker', 100);
    h.cabinet.deal();
    // Leave a round open as if the power went: lock it in the journal behind the cabinet's back.
    const j = journalOf(h.cabinet);
    const roundId = j.maxRoundId() + 1;
    const critical = j.readCriticalCopies().a.state!;
    j.transaction(() => {
      j.insertRound({
        roundId,
        demo: false,
        bets: { player: 100 },
        stakeMinor: 100,
        creditsBeforeMinor: critical.creditsMinor,
        at: 'x',
      });
      j.appendLedger({
        at: 'x',
        kind: 'stake',
        demo: false,
        deltaMinor: -100,
        roundId,
        spot: 'player',
        balanceAfterMinor: critical.creditsMinor - 100,
      });
      j.writeCritical({
        ...critical,
        seq: critical.seq + 1,
        creditsMinor: critical.creditsMinor - 100,
        lastRoundId: roundId,
        openRoundId: roundId,
      });
    });
    const c = h.restart();
    expect(c.snapshot().lastRound?.roundId).toBe(roundId);
    expect(c.snapshot().lastRound?.status).toBe('voided');
    expect(c.snapshot().lastWinMinor).toBe(0);
    expect(c.snapshot().creditsMinor).toBe(critical.creditsMinor);
  });
});

describe('the pending handpay is in the snapshot, from the journal', () => {
  it('survives a restart with its amount, and is null once a staff member paid it', () => {
    const h = setupCabinet();
    expect(h.cabinet.snapshot().pendingHandpay).toBeNull();
    fund(h.cabinet, 5_000, 4);
    const pushed: (number | null)[] = [];
    h.cabinet.subscribe((e) => {
      if (e.type === 'state') pushed.push(e.snapshot.pendingHandpay?.amountMinor ?? null);
    });
    const hp = h.cabinet.cashOut();
    expect(h.cabinet.snapshot().pendingHandpay).toEqual(hp);
    expect(pushed).toEqual([5_000]);

    const c = h.restart();
    expect(c.snapshot().pendingHandpay).toEqual({ handpayId: hp.handpayId, amountMinor: 5_000, at: hp.at });
    expect(c.snapshot().tilts.map((t) => t.kind)).toEqual(['handpay-pending']);

    const states: (number | null)[] = [];
    c.subscribe((e) => {
      if (e.type === 'state') states.push(e.snapshot.pendingHandpay?.amountMinor ?? null);
    });
    c.clearHandpay('attendant');
    expect(c.snapshot().pendingHandpay).toBeNull();
    expect(states).toEqual([null]);
    expect(h.restart().snapshot().pendingHandpay).toBeNull();
  });
});

describe("the player's table gets the venue's display settings in every snapshot", () => {
  it('carries the currency, the idle timers, the default language, the sound defaults and the squeeze, and follows a config change at once', () => {
    const h = setupCabinet(testConfig({ currency: { code: 'SEK', minorDigits: 2 }, defaultLanguage: 'sv' }));
    expect(h.cabinet.snapshot().display).toEqual({
      currency: { code: 'SEK', minorDigits: 2 },
      attractIdleS: 60,
      playerInactivityS: 120,
      defaultLanguage: 'sv',
      sound: { soundOn: true, effectsOn: true, musicOn: false, volumePercent: 60 },
      roadsShown: true,
      squeeze: { offered: false, timeLimitS: 20 },
    });
    const pushed: unknown[] = [];
    h.cabinet.subscribe((e) => {
      if (e.type === 'state') pushed.push(e.snapshot.display);
    });
    const next = {
      ...testConfig(),
      currency: { code: 'JPY' },
      attractIdleS: 15,
      playerInactivityS: 45,
      defaultLanguage: 'de',
      sound: { soundOn: false, effectsOn: true, musicOn: true, volumePercent: 35 },
      roads: { windowRounds: 60, shownByDefault: false },
      squeeze: { offered: true, timeLimitS: 8 },
    };
    const applied = h.cabinet.applyConfig(next, 'technician');
    const expected = {
      currency: { code: 'JPY', minorDigits: 0 },
      attractIdleS: 15,
      playerInactivityS: 45,
      defaultLanguage: 'de',
      sound: { soundOn: false, effectsOn: true, musicOn: true, volumePercent: 35 },
      roadsShown: false,
      squeeze: { offered: true, timeLimitS: 8 },
    };
    expect(applied.display).toEqual(expected);
    expect(pushed).toEqual([expected]);
  });
});
