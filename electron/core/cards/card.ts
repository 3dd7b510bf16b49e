/**
 * Playing cards as the engine, the journal and the screen see them.
 * Values follow docs/rules.md#card-values: A is 1, 2–9 face value, 10/J/Q/K count 0.
 */
export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
export const SUITS = ['S', 'H', 'D', 'C'] as const;

export type Rank = (typeof RANKS)[number];
export type Suit = (typeof SUITS)[number];

export interface Card {
  readonly rank: Rank;
  readonly suit: Suit;
}

/** Distinct card faces in one 52-card deck. */
export const CARDS_PER_DECK = 52;

const RANK_VALUE: Readonly<Record<Rank, number>> = {
  A: 1,
  '2': 2,
  '3': 3,
  '4': 4,
  '5': 5,
  '6': 6,
  '7': 7,
  '8': 8,
  '9': 9,
  '10': 0,
  J: 0,
  Q: 0,
  K: 0,
};

/** Baccarat point value of a rank (docs/rules.md#card-values). */
export function rankValue(rank: Rank): number {
  return RANK_VALUE[rank];
}

export function isRank(text: string): text is Rank {
  return (RANKS as readonly string[]).includes(text);
}

/** Face index 0..51: suit-major, so index % 13 is the rank index. */
export function cardFromIndex(index: number): Card {
  const rank = RANKS[index % 13];
  const suit = SUITS[Math.floor(index / 13)];
  if (rank === undefined || suit === undefined) throw new RangeError(`card index ${index} is outside 0..51`);
  return { rank, suit };
}

export function cardLabel(card: Card): string {
  return `${card.rank}${card.suit}`;
}
