/**
 * The attract loop's running order (docs/venue-config.md#the-attract-loop): cycles of ROUNDS_PER_CYCLE example
 * rounds, each walked step by step (useAttractRound.ts), then the payouts; the next cycle speaks the next
 * language (useAttractLanguage.ts). A round's outcome joins the roads only when its result shows, so the roads
 * never tell a result before the cards do. The board starts afresh once the bead plate is full.
 *
 * The order is a pure step function, `advanceLoop`, tested on its own; `useAttractLoop` only runs it on a timer
 * while the attract screen is up. The hands come from useAttractHands.ts: purely visual, no money, no
 * dealing channel, never the cabinet's RNG.
 */
import { onScopeDispose, shallowRef, type ShallowRef } from 'vue';
import type { RoundOutcome } from '../../../electron/core/engine/round.ts';
import type { RoadOutcome } from '../../../electron/core/roads/road-types.ts';
import { attractSteps } from './useAttractRound.ts';
import { cryptoBelow, demoHandFor } from './useAttractHands.ts';

export const ROUNDS_PER_CYCLE = 3;
/** Six full bead-plate columns of six; the next round starts a fresh board. */
export const ROAD_ROUNDS = 36;

/** How long each moment stays on screen, in ms. */
export const ATTRACT_PACE = {
  emptyFelt: 500,
  deal: 420,
  reveal: 650,
  /** After the last card is turned, before the winner shows. */
  beforeResult: 900,
  result: 3_200,
  payouts: 6_000,
} as const;

export interface AttractLoopState {
  /** Which language cycle this is (0, 1, 2, …). */
  readonly cycle: number;
  readonly scene: 'round' | 'payouts';
  /** The rounds dealt so far in the whole loop, minus one: the number of the round on show. */
  readonly round: number;
  readonly roundInCycle: number;
  readonly hand: RoundOutcome;
  /** Steps of `hand` on show (useAttractRound.ts attractView). */
  readonly shown: number;
  /** The finished rounds the roads draw, oldest first. */
  readonly roads: readonly RoadOutcome[];
}

/** The hand for the loop's round `n`. */
export type HandFor = (n: number) => RoundOutcome;

export function firstLoopState(handFor: HandFor): AttractLoopState {
  return { cycle: 0, scene: 'round', round: 0, roundInCycle: 0, hand: handFor(0), shown: 0, roads: [] };
}

/** What the roads draw of a finished example round. */
function roadOutcome(round: number, hand: RoundOutcome): RoadOutcome {
  const { winner, natural, playerPair, bankerPair } = hand;
  return {
    winner,
    natural,
    playerPair,
    bankerPair,
    playerTotal: hand.player.total,
    bankerTotal: hand.banker.total,
    roundId: round,
  };
}

/** The loop's next moment. */
export function advanceLoop(state: AttractLoopState, handFor: HandFor): AttractLoopState {
  const newRound = (cycle: number, roundInCycle: number): AttractLoopState => ({
    ...state,
    cycle,
    scene: 'round',
    round: state.round + 1,
    roundInCycle,
    hand: handFor(state.round + 1),
    shown: 0,
  });
  if (state.scene === 'payouts') return newRound(state.cycle + 1, 0);
  const steps = attractSteps(state.hand);
  if (state.shown < steps.length) {
    const shown = state.shown + 1;
    if (steps[shown - 1]?.kind !== 'result') return { ...state, shown };
    const before = state.roads.length >= ROAD_ROUNDS ? [] : state.roads;
    return { ...state, shown, roads: [...before, roadOutcome(state.round, state.hand)] };
  }
  if (state.roundInCycle + 1 < ROUNDS_PER_CYCLE) return newRound(state.cycle, state.roundInCycle + 1);
  return { ...state, scene: 'payouts' };
}

/** How long `state` stays on screen before the next moment. */
export function holdMs(state: AttractLoopState): number {
  if (state.scene === 'payouts') return ATTRACT_PACE.payouts;
  const steps = attractSteps(state.hand);
  const last = steps[state.shown - 1];
  if (last === undefined) return ATTRACT_PACE.emptyFelt;
  if (last.kind === 'result') return ATTRACT_PACE.result;
  if (steps[state.shown]?.kind === 'result') return ATTRACT_PACE.beforeResult;
  return last.kind === 'deal' ? ATTRACT_PACE.deal : ATTRACT_PACE.reveal;
}

/** Runs the loop while the calling component lives; the timer ends with it. */
export function useAttractLoop(handFor: HandFor = (n) => demoHandFor(n, cryptoBelow)): ShallowRef<AttractLoopState> {
  const state = shallowRef(firstLoopState(handFor));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = (): void => {
    timer = setTimeout(() => {
      state.value = advanceLoop(state.value, handFor);
      tick();
    }, holdMs(state.value));
  };
  tick();
  onScopeDispose(() => clearTimeout(timer));
  return state;
}
