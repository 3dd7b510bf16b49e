/**
 * Exact counts of the pairs among the first four cards of a fresh shoe (P1, B1, P2, B2), for the
 * pair side bets (docs/rules.md#side-bets). Each hand's first two cards are in one of three
 * states: no pair, a pair of one rank in two suits, or a suited pair (the same face twice, which
 * takes two or more decks). The nine joint states are counted over every ordered sequence of four
 * physical cards: faces are enumerated with the first card's face fixed (every face is alike, so
 * the total is 52 times that), each face sequence weighted by the ways to take those faces from
 * d copies each without replacement. 52³ sequences: a few milliseconds. Sums stay below
 * N⁴ < 2^35, exact in doubles.
 */
import { CARDS_PER_DECK } from '../cards/card.ts';
import type { RoundFacts } from '../engine/round-facts.ts';

export const HAND_PAIR_STATES = ['none', 'pair', 'suited-pair'] as const;
export type HandPairState = (typeof HAND_PAIR_STATES)[number];

export interface FirstFourCounts {
  /** N(N−1)(N−2)(N−3): ordered sequences of four cards. */
  readonly denominator: bigint;
  /** Sequences per joint state, at index player × 3 + banker (HAND_PAIR_STATES order). */
  readonly states: readonly bigint[];
}

const RANKS_PER_DECK = 13;

function pairState(first: number, second: number): number {
  if (first === second) return 2;
  return first % RANKS_PER_DECK === second % RANKS_PER_DECK ? 1 : 0;
}

/** The joint pair states of both hands over every ordered deal of four cards from `decks` decks. */
export function firstFourCardCounts(decks: number): FirstFourCounts {
  const faces = CARDS_PER_DECK;
  const states = new Array<number>(9).fill(0);
  const p1 = 0;
  for (let p2 = 0; p2 < faces; p2++) {
    const w2 = decks * (decks - (p2 === p1 ? 1 : 0));
    if (w2 === 0) continue;
    const player = pairState(p1, p2) * 3;
    for (let b1 = 0; b1 < faces; b1++) {
      const w3 = w2 * (decks - (b1 === p1 ? 1 : 0) - (b1 === p2 ? 1 : 0));
      if (w3 === 0) continue;
      for (let b2 = 0; b2 < faces; b2++) {
        const w4 = w3 * (decks - (b2 === p1 ? 1 : 0) - (b2 === p2 ? 1 : 0) - (b2 === b1 ? 1 : 0));
        if (w4 > 0) states[player + pairState(b1, b2)]! += w4;
      }
    }
  }
  return {
    denominator: [0, 1, 2, 3].reduce((product, i) => product * BigInt(decks * faces - i), 1n),
    states: states.map((count) => BigInt(count) * BigInt(faces)),
  };
}

/** The facts a pair bet reads in joint state `index`: only the pair states of each hand's first two cards. */
export function pairStateFacts(index: number): RoundFacts {
  const states = HAND_PAIR_STATES.length;
  const hand = (state: number) => ({ total: 0, cardCount: 2, pair: state >= 1, suitedPair: state === 2 });
  return { winner: 'tie', natural: false, player: hand(Math.floor(index / states)), banker: hand(index % states) };
}
