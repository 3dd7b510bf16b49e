/**
 * What settlement reads from a dealt round: the winner, both totals and card counts, whether the
 * round was a natural, and the pairs among each hand's first two cards. Main spots and side bets
 * settle from these facts alone, so the dealer, the exact analysis and the simulator, which have
 * no Card objects, all settle through the same paytable (docs/rules.md#side-bets).
 */
import type { RoundOutcome, Winner } from './round.ts';

export interface HandFacts {
  readonly total: number;
  /** 2 or 3. */
  readonly cardCount: number;
  /** The first two cards share a rank. */
  readonly pair: boolean;
  /** The first two cards share rank and suit: the same face, possible with two or more decks. */
  readonly suitedPair: boolean;
}

export interface RoundFacts {
  readonly winner: Winner;
  /** Either hand had a two-card 8 or 9. */
  readonly natural: boolean;
  readonly player: HandFacts;
  readonly banker: HandFacts;
}

function handFacts(hand: RoundOutcome['player']): HandFacts {
  const [first, second] = hand.cards;
  const pair = first !== undefined && second !== undefined && first.rank === second.rank;
  return {
    total: hand.total,
    cardCount: hand.cards.length,
    pair,
    suitedPair: pair && first.suit === second.suit,
  };
}

/** The facts of a dealt round. */
export function roundFacts(outcome: RoundOutcome): RoundFacts {
  return {
    winner: outcome.winner,
    natural: outcome.natural,
    player: handFacts(outcome.player),
    banker: handFacts(outcome.banker),
  };
}
