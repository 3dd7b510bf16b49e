/**
 * Which hand a round's squeeze reveals and in what steps (docs/squeeze.md#which-hand): the hand of the side carrying
 * the player's larger bet, its first two cards together and a third card by itself, as a live squeeze table does.
 */
import type { Bets } from '../../../electron/core/engine/settlement.ts';
import type { DealStep, Side } from './cards.ts';

/**
 * The side the player squeezes: the larger of their Player and Banker bets; equal bets squeeze the Player's hand,
 * the first one dealt. A round with only a Tie bet backs neither hand, so nothing is squeezed.
 */
export function squeezedSide(bets: Bets): Side | null {
  const player = bets.player ?? 0;
  const banker = bets.banker ?? 0;
  if (player <= 0 && banker <= 0) return null;
  return banker > player ? 'banker' : 'player';
}

export interface RevealPhase {
  /** The cards laid in this phase, in deal order. */
  readonly steps: readonly DealStep[];
  /** Whether the reveal waits here for the squeezed hand's cards of this phase to be turned. */
  readonly squeeze: boolean;
}

/**
 * The deal split where a squeeze waits: the first four cards, then each third card on its own. Without a squeezed
 * side it is the same cards in the same order, and no phase waits.
 */
export function revealPhases(steps: readonly DealStep[], side: Side | null): RevealPhase[] {
  const groups = [steps.slice(0, 4), ...steps.slice(4).map((s) => [s])].filter((g) => g.length > 0);
  return groups.map((g) => ({ steps: g, squeeze: side !== null && g.some((s) => s.side === side) }));
}
