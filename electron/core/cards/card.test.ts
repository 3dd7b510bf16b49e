import { describe, expect, it } from 'vitest';
import { CARDS_PER_DECK, cardFromIndex, cardLabel, isRank, RANKS, rankValue, SUITS } from './card.ts';

describe('card values (docs/rules.md#card-values: A is 1, 2–9 face value, 10/J/Q/K count 0)', () => {
  it.each([
    ['A', 1],
    ['2', 2],
    ['5', 5],
    ['9', 9],
    ['10', 0],
    ['J', 0],
    ['Q', 0],
    ['K', 0],
  ] as const)('%s is worth %i', (rank, value) => {
    expect(rankValue(rank)).toBe(value);
  });

  it('a deck has 13 ranks × 4 suits = 52 distinct faces, 16 of them worth 0', () => {
    const faces = Array.from({ length: CARDS_PER_DECK }, (_, i) => cardLabel(cardFromIndex(i)));
    expect(new Set(faces).size).toBe(52);
    expect(RANKS).toHaveLength(13);
    expect(SUITS).toHaveLength(4);
    expect(Array.from({ length: 52 }, (_, i) => rankValue(cardFromIndex(i).rank)).filter((v) => v === 0)).toHaveLength(
      16,
    );
  });

  it('face index is suit-major: index % 13 is the rank', () => {
    expect(cardFromIndex(0)).toEqual({ rank: 'A', suit: 'S' });
    expect(cardFromIndex(13 + 9)).toEqual({ rank: '10', suit: 'H' });
    expect(cardFromIndex(51)).toEqual({ rank: 'K', suit: 'C' });
    expect(() => cardFromIndex(52)).toThrow(/outside 0..51/);
    expect(() => cardFromIndex(-1)).toThrow(/outside 0..51/);
  });

  it('isRank accepts exactly the 13 rank labels', () => {
    for (const rank of RANKS) expect(isRank(rank)).toBe(true);
    for (const text of ['1', '11', 'T', 'a', 'k', '', ' A', 'AS']) expect(isRank(text)).toBe(false);
  });

  it('labels are rank then suit', () => {
    expect(cardLabel({ rank: '10', suit: 'D' })).toBe('10D');
  });
});
