/**
 * Card values on the rules screen (docs/rules.md#card-values), read from the core's rank values and hand
 * total, so the table and the worked examples count exactly as the engine does.
 */
import { RANKS, rankValue, type Rank } from '../../../electron/core/cards/card.ts';
import { handTotal } from '../../../electron/core/engine/tableau.ts';

export interface RankValue {
  readonly rank: Rank;
  readonly value: number;
}

/** Every rank with its point value, in deck order (A, 2 … 10, J, Q, K). */
export function rankValues(): RankValue[] {
  return RANKS.map((rank) => ({ rank, value: rankValue(rank) }));
}

export interface ExampleHand {
  readonly ranks: readonly Rank[];
  readonly values: readonly number[];
  /** The plain sum of the values. */
  readonly sum: number;
  /** What the hand is worth: the last digit of the sum. */
  readonly total: number;
}

/** Hands that show the last-digit rule: one with two cards over ten, one with a picture card. */
const EXAMPLES: readonly (readonly Rank[])[] = [
  ['7', '8'],
  ['K', '9', '5'],
];

export function exampleHands(): ExampleHand[] {
  return EXAMPLES.map((ranks) => {
    const values = ranks.map(rankValue);
    return { ranks, values, sum: values.reduce((a, b) => a + b, 0), total: handTotal(values) };
  });
}
