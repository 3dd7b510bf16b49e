import { describe, expect, it } from 'vitest';
import { exampleHands, rankValues } from './rules-card-values.ts';

describe('card values on the rules screen', () => {
  it('an ace is 1, two to nine their number, ten and the picture cards 0', () => {
    expect(Object.fromEntries(rankValues().map((r) => [r.rank, r.value]))).toEqual({
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
    });
  });

  it('the worked hands keep only the last digit of the sum', () => {
    expect(exampleHands()).toEqual([
      { ranks: ['7', '8'], values: [7, 8], sum: 15, total: 5 },
      { ranks: ['K', '9', '5'], values: [0, 9, 5], sum: 14, total: 4 },
    ]);
  });
});
