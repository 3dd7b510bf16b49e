import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../testing/fixtures.ts';
import { closeCabinets, fund, setupCabinet, emptyCabinet } from '../../testing/cabinet-harness.ts';
import type { CabinetCore } from './cabinet.ts';
import type { RoundRecord } from '../model/round-record.ts';
import { PLAYER_HISTORY_ROUNDS, type PlayerHistoryPage } from './player-history.ts';

afterEach(closeCabinets);

/** Plays `count` rounds of one 1.00 chip on Banker and returns their ids, oldest first. */
function play(cabinet: CabinetCore, count: number): number[] {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    cabinet.placeChip('banker', 100);
    ids.push(cabinet.deal().roundId);
  }
  return ids;
}

const historyOf = (cabinet: CabinetCore, offset: number, limit: number) => cabinet.playerHistory({ offset, limit });

/** The played rounds of a page, in its order. */
const played = (page: PlayerHistoryPage): RoundRecord[] =>
  page.entries.flatMap((entry) => (entry.kind === 'played' ? [entry.round] : []));

describe("the player's game history: finished real-money rounds, newest first, a page at a time", () => {
  it('pages through the rounds newest first, each round on exactly one page', () => {
    const h = setupCabinet();
    fund(h.cabinet);
    const ids = play(h.cabinet, 7);
    const first = historyOf(h.cabinet, 0, 3);
    expect(first).toMatchObject({ hidden: null, offset: 0, total: 7 });
    expect(played(first).map((r) => r.roundId)).toEqual(ids.slice(-3).reverse());
    const pages = [0, 3, 6].flatMap((offset) => played(historyOf(h.cabinet, offset, 3)).map((r) => r.roundId));
    expect(pages).toEqual([...ids].reverse());
    expect(historyOf(h.cabinet, 9, 3)).toMatchObject({ entries: [], total: 7 });
  });

  it(`reaches back ${PLAYER_HISTORY_ROUNDS} rounds and no further, however many the journal keeps`, () => {
    const h = setupCabinet();
    fund(h.cabinet, 50_000);
    const ids = play(h.cabinet, PLAYER_HISTORY_ROUNDS + 3);
    const newest = ids.slice(-PLAYER_HISTORY_ROUNDS).reverse();
    expect(played(historyOf(h.cabinet, 0, PLAYER_HISTORY_ROUNDS)).map((r) => r.roundId)).toEqual(newest);
    expect(historyOf(h.cabinet, 95, 10)).toMatchObject({ total: PLAYER_HISTORY_ROUNDS });
    expect(played(historyOf(h.cabinet, 95, 10)).map((r) => r.roundId)).toEqual(newest.slice(95));
    // Any page is the matching slice of the newest hundred.
    fc.assert(
      fc.property(
        fc.nat(PLAYER_HISTORY_ROUNDS - 1),
        fc.integer({ min: 1, max: PLAYER_HISTORY_ROUNDS }),
        (offset, limit) => {
          const page = historyOf(h.cabinet, offset, limit);
          expect(played(page).map((r) => r.roundId)).toEqual(newest.slice(offset, offset + limit));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('in demo mode shows nothing and says why: neither the real-money rounds before nor the demo rounds', () => {
    const h = setupCabinet();
    fund(h.cabinet);
    const real = play(h.cabinet, 2);
    emptyCabinet(h.cabinet);
    const demo = h.restart(testConfig({ demoMode: true }));
    play(demo, 3);
    expect(historyOf(demo, 0, 10)).toEqual({ hidden: 'demo-mode', entries: [], offset: 0, total: 0 });
    // Back on real money: the real rounds only, the demo rounds never.
    const back = h.restart(testConfig({ demoMode: false }));
    const page = historyOf(back, 0, 10);
    expect(page).toMatchObject({ hidden: null, total: 2 });
    expect(played(page).map((r) => r.roundId)).toEqual([...real].reverse());
    expect(played(page).every((r) => !r.demo)).toBe(true);
  });

  it('lists a voided round with its refund', () => {
    const h = setupCabinet();
    fund(h.cabinet);
    play(h.cabinet, 1);
    h.cabinet.placeChip('player', 500);
    h.random.failNext = true;
    const dealt = h.cabinet.deal();
    const [voided] = played(historyOf(h.cabinet, 0, 1));
    expect(voided).toMatchObject({
      roundId: dealt.roundId,
      status: 'voided',
      refundedMinor: 500,
      bets: { player: 500 },
    });
    expect(voided?.voidCode).toMatchObject({ code: 'rng-fault' });
  });
});
