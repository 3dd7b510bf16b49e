import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEMO_DEALS, demoRound } from './useAttract.ts';
import {
  advanceLoop,
  ATTRACT_PACE,
  firstLoopState,
  holdMs,
  ROAD_ROUNDS,
  ROUNDS_PER_CYCLE,
  type AttractLoopState,
  type HandFor,
} from './useAttractLoop.ts';
import { attractSteps, attractView } from './useAttractRound.ts';

/** The hand-picked rounds in turn: a replayable loop. */
const picked: HandFor = (n) => demoRound(n % DEMO_DEALS.length)!;

function run(moments: number, handFor: HandFor = picked): AttractLoopState[] {
  const states = [firstLoopState(handFor)];
  for (let i = 0; i < moments; i++) states.push(advanceLoop(states.at(-1)!, handFor));
  return states;
}

describe('the attract loop plays several real rounds, fills the roads as they finish, then the payouts', () => {
  it('each cycle is ROUNDS_PER_CYCLE whole rounds, step by step, then the payouts; the next cycle follows', () => {
    const states = run(200);
    const firstPayouts = states.findIndex((s) => s.scene === 'payouts');
    const rounds = states.slice(0, firstPayouts);
    expect(new Set(rounds.map((s) => s.round))).toEqual(new Set([0, 1, 2]));
    for (let r = 0; r < ROUNDS_PER_CYCLE; r++) {
      const shown = rounds.filter((s) => s.round === r).map((s) => s.shown);
      expect(shown).toEqual([...Array(attractSteps(picked(r)).length + 1).keys()]);
    }
    const after = states[firstPayouts + 1]!;
    expect(after).toMatchObject({ cycle: 1, scene: 'round', round: 3, roundInCycle: 0, shown: 0 });
    expect(states.every((s) => s.cycle === Math.floor(s.round / ROUNDS_PER_CYCLE))).toBe(true);
  });

  it('a round joins the roads the moment its result shows, never earlier', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), (moments) => {
        const state = run(moments).at(-1)!;
        const finished =
          state.round + (state.scene === 'payouts' || attractView(state.hand, state.shown).winner ? 1 : 0);
        expect(state.roads.length).toBe(finished === 0 ? 0 : ((finished - 1) % ROAD_ROUNDS) + 1);
        expect(state.roads.at(-1)?.roundId ?? -1).toBe(finished - 1);
      }),
    );
  });

  it('the roads are drawn from the rounds as the engine dealt them', () => {
    const state = run(60).at(-1)!;
    state.roads.forEach((o, i) => {
      const hand = picked(i);
      expect(o).toEqual({
        winner: hand.winner,
        playerTotal: hand.player.total,
        bankerTotal: hand.banker.total,
        playerPair: hand.playerPair,
        bankerPair: hand.bankerPair,
        natural: hand.natural,
        roundId: i,
      });
    });
  });

  it('a full board starts afresh with the next finished round', () => {
    const states = run(2_000);
    expect(Math.max(...states.map((s) => s.roads.length))).toBe(ROAD_ROUNDS);
    const restart = states.findIndex((s, i) => i > 0 && s.roads.length < states[i - 1]!.roads.length);
    expect(states[restart]!.roads.map((o) => o.roundId)).toEqual([ROAD_ROUNDS]);
  });

  it('each moment holds for its own time: a dealt card briefly, the result and the payouts long enough to read', () => {
    const states = run(40);
    expect(holdMs(states[0]!)).toBe(ATTRACT_PACE.emptyFelt);
    expect(holdMs(states[1]!)).toBe(ATTRACT_PACE.deal);
    const result = states.find((s) => attractView(s.hand, s.shown).winner !== null)!;
    expect(holdMs(result)).toBe(ATTRACT_PACE.result);
    expect(holdMs(states.find((s) => s.scene === 'payouts')!)).toBe(ATTRACT_PACE.payouts);
    const beforeResult = states[states.indexOf(result) - 1]!;
    expect(holdMs(beforeResult)).toBe(ATTRACT_PACE.beforeResult);
  });
});
