/**
 * A round's outcome as far as every bet but the pairs can tell: the two final totals and how
 * many cards each hand holds. 10 × 10 × 2 × 2 = 400 cells; whether the round was a natural
 * follows from them (both hands on two cards and one of them on 8 or 9, since a hand that stood
 * without a natural stands on 6 or 7). The exact analysis counts deals per cell and the simulator
 * tallies rounds per cell, so both settle every bet through the engine's own paytable.
 */
import { isNatural } from '../engine/tableau.ts';
import type { RoundFacts } from '../engine/round-facts.ts';

export const OUTCOME_CELLS = 400;

/** The cell of a round; playerCards and bankerCards are 2 or 3. */
export function outcomeCell(
  playerTotal: number,
  bankerTotal: number,
  playerCards: number,
  bankerCards: number,
): number {
  return ((playerTotal * 10 + bankerTotal) * 2 + (playerCards - 2)) * 2 + (bankerCards - 2);
}

/** The facts of every round in a cell. It says nothing about pairs: those read the cards. */
export function cellFacts(cell: number): RoundFacts {
  const bankerCards = (cell % 2) + 2;
  const playerCards = (Math.floor(cell / 2) % 2) + 2;
  const bankerTotal = Math.floor(cell / 4) % 10;
  const playerTotal = Math.floor(cell / 40);
  const natural = playerCards === 2 && bankerCards === 2 && (isNatural(playerTotal) || isNatural(bankerTotal));
  const winner = playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie';
  const hand = (total: number, cardCount: number) => ({ total, cardCount, pair: false, suitedPair: false });
  return { winner, natural, player: hand(playerTotal, playerCards), banker: hand(bankerTotal, bankerCards) };
}
