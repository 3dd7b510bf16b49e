import { afterEach, describe, expect, it } from 'vitest';
import type { ResponsibleGamingConfig } from '../config/responsible-gaming-config.ts';
import { closeCabinets, fund, openTestCabinet, refusal } from '../../testing/cabinet-harness.ts';
import { deterministicRandom, tempJournalPath, testConfig } from '../../testing/fixtures.ts';
import type { CabinetCore } from './cabinet.ts';
import type { VenueConfig } from '../config/venue-config.ts';
import { PLAYER_WINS, resultOf, stadiumConfig } from '../../testing/stadium-fixtures.ts';

afterEach(closeCabinets);

const MINUTE = 60_000;

/** A cabinet on a clock the test moves, with the venue's responsible-gaming settings. */
function sessionCabinet(rg: Partial<ResponsibleGamingConfig>, base: VenueConfig = testConfig()) {
  const tmp = tempJournalPath();
  let t = Date.UTC(2026, 11, 1, 12, 0, 0);
  const config = testConfig({
    ...base,
    responsibleGaming: { realityCheckMinutes: null, sessionLossLimitMinor: null, sessionTimeLimitMinutes: null, ...rg },
  });
  const open = (): CabinetCore =>
    openTestCabinet({ journalPath: tmp.path, config, random: deterministicRandom(11), clock: () => new Date(t) });
  let cabinet = open();
  return {
    get cabinet() {
      return cabinet;
    },
    advance(ms: number) {
      t += ms;
      cabinet.reviewSession();
    },
    restart() {
      cabinet.close();
      cabinet = open();
      return cabinet;
    },
    sessionEvents: () =>
      cabinet
        .events({ kind: 'session', limit: 100 })
        .map((e) => e.message)
        .reverse(),
  };
}

function bet(c: CabinetCore, spot: 'player' | 'banker' = 'player', chips = 1): void {
  for (let i = 0; i < chips; i++) c.placeChip(spot, 100);
}

describe('the player session', () => {
  it('starts at the first credit after a zero balance and ends at the cash-out, with its figures in the event log', () => {
    const h = sessionCabinet({ realityCheckMinutes: 15 });
    expect(h.cabinet.snapshot().session).toBeNull();
    fund(h.cabinet, 5_000, 4);
    const started = h.cabinet.snapshot().session!;
    expect(started).toMatchObject({ minutes: 0, totalBetMinor: 0, netMinor: 0, realityCheck: null });
    fund(h.cabinet, 1_000, 2); // a second note is the same session
    expect(h.cabinet.snapshot().session!.startedAt).toBe(started.startedAt);
    bet(h.cabinet, 'player', 3);
    const round = h.cabinet.deal();
    const net = round.creditsAfterMinor - round.creditsBeforeMinor;
    expect(h.cabinet.snapshot().session).toMatchObject({ totalBetMinor: 300, netMinor: net });
    h.cabinet.cashOut();
    expect(h.cabinet.snapshot().session).toBeNull();
    expect(h.sessionEvents().map((m) => m.code)).toEqual(['session-started', 'session-ended']);
    expect(h.sessionEvents()[1]).toMatchObject({ cashedOut: true, totalBetMinor: 300, netMinor: net });
  });

  it('ends when a round leaves the balance at zero; a new note then starts a new session', () => {
    const h = sessionCabinet({ sessionTimeLimitMinutes: 60 });
    fund(h.cabinet, 500, 1);
    // Bet everything until the balance reaches zero (a win keeps the session going).
    while (h.cabinet.snapshot().creditsMinor > 0) {
      const credits = h.cabinet.snapshot().creditsMinor;
      h.cabinet.placeChip('tie', Math.min(credits, 10_000) >= 500 ? 500 : 100);
      h.cabinet.deal();
    }
    expect(h.cabinet.snapshot().session).toBeNull();
    expect(h.sessionEvents().at(-1)).toMatchObject({ code: 'session-ended', cashedOut: false });
    fund(h.cabinet, 500, 1);
    expect(h.sessionEvents().filter((m) => m.code === 'session-started')).toHaveLength(2);
  });

  it('a RAM clear takes the credit off as a handpay and ends the session with figures never below zero', () => {
    // Rounds played before the venue turned the check on: the session counts from meters above zero.
    const h = sessionCabinet({});
    fund(h.cabinet, 5_000, 4);
    bet(h.cabinet, 'banker', 2);
    h.cabinet.deal();
    h.cabinet.applyConfig(
      {
        ...h.cabinet.venueConfig(),
        responsibleGaming: { realityCheckMinutes: 15, sessionLossLimitMinor: null, sessionTimeLimitMinutes: null },
      },
      'technician',
    );
    h.cabinet.ramClear();
    expect(h.cabinet.snapshot().session).toBeNull();
    const ended = h.sessionEvents().at(-1)!;
    expect(ended).toMatchObject({ code: 'session-ended', cashedOut: false });
    if (ended.code !== 'session-ended') throw new Error('no session-ended row');
    expect(ended.totalBetMinor).toBeGreaterThanOrEqual(0);
  });

  it('keeps no session while every setting is off, so nothing is written', () => {
    const h = sessionCabinet({});
    fund(h.cabinet, 5_000, 4);
    expect(h.cabinet.snapshot().session).toBeNull();
    expect(h.sessionEvents()).toEqual([]);
  });

  it('survives a restart with its start, figures and open reality check', () => {
    const h = sessionCabinet({ realityCheckMinutes: 15 });
    fund(h.cabinet, 5_000, 4);
    bet(h.cabinet, 'banker', 2);
    h.cabinet.deal();
    const before = h.cabinet.snapshot().session!;
    h.advance(15 * MINUTE);
    expect(h.cabinet.snapshot().session!.realityCheck).not.toBeNull();
    const c = h.restart();
    const after = c.snapshot().session!;
    expect(after.startedAt).toBe(before.startedAt);
    expect(after).toMatchObject({ totalBetMinor: before.totalBetMinor, netMinor: before.netMinor, minutes: 15 });
    expect(after.realityCheck).toMatchObject({ minutes: 15, totalBetMinor: 200, netMinor: before.netMinor });
    bet(c);
    expect(refusal(() => c.deal()).code).toBe('reality-check-open');
  });
});

describe('the reality check', () => {
  it('opens at the interval, holds rounds until answered, and continue plays on', () => {
    const h = sessionCabinet({ realityCheckMinutes: 15 });
    fund(h.cabinet, 5_000, 4);
    h.advance(14 * MINUTE);
    expect(h.cabinet.snapshot().session!.realityCheck).toBeNull();
    h.advance(MINUTE);
    const check = h.cabinet.snapshot().session!.realityCheck;
    expect(check).toMatchObject({ minutes: 15, totalBetMinor: 0, netMinor: 0 });
    bet(h.cabinet);
    expect(refusal(() => h.cabinet.deal()).code).toBe('reality-check-open');
    expect(refusal(() => h.cabinet.rebet(1)).code).toBe('rebet-needs-empty-table');
    expect(h.cabinet.snapshot().creditsMinor).toBe(5_000);
    h.cabinet.answerRealityCheck('continue');
    expect(h.cabinet.snapshot().session!.realityCheck).toBeNull();
    h.cabinet.deal();
    // The next one comes an interval after this one was shown.
    h.advance(14 * MINUTE);
    expect(h.cabinet.snapshot().session!.realityCheck).toBeNull();
    h.advance(MINUTE);
    expect(h.cabinet.snapshot().session!.realityCheck).toMatchObject({ minutes: 30 });
    expect(h.sessionEvents().map((m) => m.code)).toEqual([
      'session-started',
      'reality-check-shown',
      'reality-check-answered',
      'reality-check-shown',
    ]);
  });

  it('cash out from the check collects and ends the session', () => {
    const h = sessionCabinet({ realityCheckMinutes: 30 });
    fund(h.cabinet, 2_000, 3);
    h.advance(30 * MINUTE);
    const snap = h.cabinet.answerRealityCheck('cash-out');
    expect(snap.pendingHandpay?.amountMinor).toBe(2_000);
    expect(snap.session).toBeNull();
    expect(h.sessionEvents().map((m) => m.code)).toEqual([
      'session-started',
      'reality-check-shown',
      'reality-check-answered',
      'session-ended',
    ]);
    expect(h.sessionEvents()[2]).toMatchObject({ cashOut: true, minutes: 30 });
  });

  it('an answer with no check open, or not one of the two answers, is refused and changes nothing', () => {
    const h = sessionCabinet({ realityCheckMinutes: 15 });
    fund(h.cabinet, 2_000, 3);
    expect(refusal(() => h.cabinet.answerRealityCheck('continue')).code).toBe('no-reality-check');
    h.advance(15 * MINUTE);
    const before = JSON.stringify(h.cabinet.snapshot());
    expect(refusal(() => h.cabinet.answerRealityCheck('later' as never)).code).toBe('not-permitted');
    expect(JSON.stringify(h.cabinet.snapshot())).toBe(before);
  });

  it('never opens inside a round: a check due during one is raised after it', () => {
    const h = sessionCabinet({ realityCheckMinutes: 15 });
    fund(h.cabinet, 5_000, 4);
    h.advance(15 * MINUTE - 1);
    bet(h.cabinet);
    h.cabinet.deal();
    h.advance(1);
    expect(h.cabinet.snapshot().session!.realityCheck).not.toBeNull();
  });
});

describe('session limits', () => {
  it('the loss limit stops play once the net loss reaches it; cash-out stays open and notes are refused', () => {
    const h = sessionCabinet({ sessionLossLimitMinor: 300 });
    fund(h.cabinet, 5_000, 4);
    // A stake that could pass the limit is refused with what is left to lose.
    h.cabinet.placeChip('player', 500);
    const ahead = refusal(() => h.cabinet.deal());
    expect(ahead.code).toBe('session-limit');
    expect(ahead.reason).toEqual({ code: 'session-loss-limit-ahead', stakeMinor: 500, leftMinor: 300 });
    h.cabinet.clearBets();
    let guard = 0;
    while (h.cabinet.snapshot().session!.limitReached === null && guard++ < 200) {
      const left = 300 + h.cabinet.snapshot().session!.netMinor;
      h.cabinet.placeChip('tie', Math.min(100, left));
      h.cabinet.deal();
    }
    const session = h.cabinet.snapshot().session!;
    expect(session.limitReached).toBe('loss');
    expect(-session.netMinor).toBe(300);
    bet(h.cabinet);
    const stop = refusal(() => h.cabinet.deal());
    expect(stop.code).toBe('session-limit');
    expect(stop.reason).toEqual({ code: 'session-loss-limit-reached', lossMinor: 300, limitMinor: 300 });
    expect(h.cabinet.canAcceptBill(1_000).accept).toBe(false);
    h.cabinet.clearBets();
    expect(h.cabinet.cashOut().amountMinor).toBe(4_700);
    expect(h.sessionEvents().map((m) => m.code)).toContain('session-loss-limit-reached');
  });

  it('the time limit stops play at its minute, and survives a restart', () => {
    const h = sessionCabinet({ sessionTimeLimitMinutes: 20 });
    fund(h.cabinet, 5_000, 4);
    h.advance(20 * MINUTE);
    expect(h.cabinet.snapshot().session!.limitReached).toBe('time');
    const c = h.restart();
    bet(c);
    expect(refusal(() => c.deal()).reason).toEqual({
      code: 'session-time-limit-reached',
      minutes: 20,
      limitMinutes: 20,
    });
    expect(h.sessionEvents().at(-1)).toMatchObject({
      code: 'session-time-limit-reached',
      minutes: 20,
      limitMinutes: 20,
    });
  });

  it('a stricter limit applies at once, a looser one from the next session', () => {
    const h = sessionCabinet({ sessionTimeLimitMinutes: 60 });
    fund(h.cabinet, 5_000, 4);
    const rg = (minutes: number) => ({
      ...h.cabinet.venueConfig(),
      responsibleGaming: { realityCheckMinutes: null, sessionLossLimitMinor: null, sessionTimeLimitMinutes: minutes },
    });
    h.cabinet.applyConfig(rg(120), 'technician');
    expect(h.cabinet.snapshot().session!.rules.timeLimitMinutes).toBe(60);
    h.cabinet.applyConfig(rg(30), 'technician');
    expect(h.cabinet.snapshot().session!.rules.timeLimitMinutes).toBe(30);
    h.advance(30 * MINUTE);
    expect(h.cabinet.snapshot().session!.limitReached).toBe('time');
  });

  it('a setting turned on with credit on the meter starts a session counted from then', () => {
    const h = sessionCabinet({});
    fund(h.cabinet, 5_000, 4);
    bet(h.cabinet);
    h.cabinet.deal();
    h.cabinet.applyConfig(
      {
        ...h.cabinet.venueConfig(),
        responsibleGaming: { realityCheckMinutes: 15, sessionLossLimitMinor: null, sessionTimeLimitMinutes: null },
      },
      'technician',
    );
    expect(h.cabinet.snapshot().session).toMatchObject({ totalBetMinor: 0, netMinor: 0, minutes: 0 });
  });

  it('a stadium terminal sits the table round out while the check is open, and plays the next one after continue', () => {
    const h = sessionCabinet({ realityCheckMinutes: 15 }, stadiumConfig());
    fund(h.cabinet, 5_000, 4);
    h.advance(15 * MINUTE);
    h.cabinet.stadiumOpen(1, 15_000);
    bet(h.cabinet, 'player', 2);
    h.cabinet.stadiumClose(1);
    expect(h.cabinet.snapshot().stadium).toMatchObject({ sitOut: 'reality-check-open', lockedRound: null });
    expect(h.cabinet.snapshot().creditsMinor).toBe(5_000);
    h.cabinet.answerRealityCheck('continue');
    h.cabinet.stadiumOpen(2, 15_000);
    bet(h.cabinet, 'player', 2);
    h.cabinet.stadiumClose(2);
    expect(h.cabinet.stadiumResult(resultOf(2, PLAYER_WINS))).toBe('settled');
    expect(h.cabinet.snapshot().session).toMatchObject({ totalBetMinor: 200, netMinor: 200 });
  });
});
