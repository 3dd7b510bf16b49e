import fc from 'fast-check';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Card } from '../../../electron/core/cards/card.ts';
import type { RoundRecord } from '../../../electron/core/model/round-record.ts';
import { useRoundStore } from '../stores/useRoundStore.ts';
import { useSettingsStore } from '../stores/useSettingsStore.ts';
import { slideOffset, type RectLike } from './useDealMotion.ts';
import { cardMotion } from './useStage.ts';

const rect = fc.record({
  left: fc.integer({ min: -2000, max: 4000 }),
  top: fc.integer({ min: -2000, max: 4000 }),
  width: fc.integer({ min: 1, max: 600 }),
  height: fc.integer({ min: 1, max: 600 }),
});
const scaled = (r: RectLike, s: number): RectLike => ({
  left: r.left * s,
  top: r.top * s,
  width: r.width * s,
  height: r.height * s,
});

describe('a dealt card starts at the shoe', () => {
  it('moves centre to centre: its centre plus the offset is the mouth centre', () => {
    fc.assert(
      fc.property(rect, rect, (mouth, slot) => {
        const { dx, dy } = slideOffset(mouth, slot, 1);
        expect(slot.left + slot.width / 2 + dx).toBeCloseTo(mouth.left + mouth.width / 2, 6);
        expect(slot.top + slot.height / 2 + dy).toBeCloseTo(mouth.top + mouth.height / 2, 6);
      }),
    );
  });

  it('is the same journey in stage pixels however the stage is scaled to the window', () => {
    fc.assert(
      fc.property(rect, rect, fc.double({ min: 0.2, max: 3, noNaN: true }), (mouth, slot, scale) => {
        const onStage = slideOffset(mouth, slot, 1);
        const onScreen = slideOffset(scaled(mouth, scale), scaled(slot, scale), scale);
        expect(onScreen.dx).toBeCloseTo(onStage.dx, 6);
        expect(onScreen.dy).toBeCloseTo(onStage.dy, 6);
      }),
    );
  });
});

const c = (rank: Card['rank'], suit: Card['suit']): Card => ({ rank, suit });
const P = [c('K', 'H'), c('Q', 'D'), c('4', 'D')];
const B = [c('J', 'S'), c('5', 'C'), c('2', 'H')];
const SIX_CARD_ROUND: RoundRecord = {
  roundId: 3,
  status: 'settled',
  demo: false,
  bets: { banker: 500 },
  cards: [P[0]!, B[0]!, P[1]!, B[1]!, P[2]!, B[2]!],
  outcome: {
    player: { cards: P, total: 4 },
    banker: { cards: B, total: 7 },
    winner: 'banker',
    natural: false,
    playerPair: false,
    bankerPair: false,
    dealOrder: [P[0]!, B[0]!, P[1]!, B[1]!, P[2]!, B[2]!],
  },
  returns: { banker: 975 },
  creditsBeforeMinor: 2000,
  creditsAfterMinor: 2475,
  startedAt: '2026-12-01T00:00:00Z',
  endedAt: '2026-12-01T00:00:01Z',
  refundedMinor: 0,
  voidCode: null,
};

/** When the round store shows each card and the result, on a fake clock (10 ms steps). */
function replaySchedule(fast: boolean, reduced: boolean): { cards: number[]; result: number } {
  setActivePinia(createPinia());
  vi.useFakeTimers();
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduced && query.includes('reduce') }));
  useSettingsStore().fastPlay = fast;
  const round = useRoundStore();
  round.show(SIX_CARD_ROUND);
  const cards: number[] = [];
  for (let t = 10; t <= 20_000; t += 10) {
    vi.advanceTimersByTime(10);
    const count = round.shown.player.length + round.shown.banker.length;
    while (cards.length < count) cards.push(t);
    if (round.stage === 'result') return { cards, result: t };
  }
  throw new Error('the replay never reached its result');
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('card motion fits the round store replay', () => {
  for (const [fast, reduced] of [
    [false, false],
    [true, false],
    [false, true],
  ] as const) {
    it(`each card lies still before the next one or the result shows (fast ${fast}, reduced motion ${reduced})`, () => {
      const { cards, result } = replaySchedule(fast, reduced);
      expect(cards).toHaveLength(6);
      const motion = cardMotion({ fast, reduced });
      const wholeMotion = motion.slideMs + motion.flipMs + motion.fadeMs;
      const gaps = [...cards.slice(1), result].map((t, i) => t - cards[i]!);
      // Minus one clock step: the schedule is read at 10 ms resolution.
      for (const gap of gaps) expect(wholeMotion).toBeLessThanOrEqual(gap - 10);
    });
  }
});

describe('card motion follows the player settings', () => {
  it('fast play is quicker than the normal deal, and reduced motion neither slides nor turns', () => {
    const normal = cardMotion({ fast: false, reduced: false });
    const fast = cardMotion({ fast: true, reduced: false });
    const reduced = cardMotion({ fast: false, reduced: true });
    expect(fast.slideMs + fast.flipMs).toBeLessThan(normal.slideMs + normal.flipMs);
    expect(reduced).toMatchObject({ slideMs: 0, flipMs: 0 });
    expect(cardMotion({ fast: true, reduced: true })).toEqual(reduced);
  });
});
