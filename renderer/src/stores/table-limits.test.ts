import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { spotsBelowMinimum, startChipIndex } from './table-limits.ts';

const CHIPS = [10, 50, 100, 500, 2_500, 10_000];
const spots = (player: number, banker: number, tie: number) => ({
  player: { minMinor: player, maxMinor: 50_000 },
  banker: { minMinor: banker, maxMinor: 50_000 },
  tie: { minMinor: tie, maxMinor: 10_000 },
});

describe('the chip the rail starts on reaches every spot minimum (docs/rules.md#chips-and-bets)', () => {
  it('with 1.00 minimums the rail starts on 1.00, not 0.10 or 0.50', () => {
    expect(CHIPS[startChipIndex(CHIPS, [100, 100, 100])]).toBe(100);
  });
  it('the largest minimum decides: a 5.00 Tie minimum starts on 5.00', () => {
    expect(CHIPS[startChipIndex(CHIPS, [100, 100, 500])]).toBe(500);
  });
  it('a minimum no chip reaches starts on the largest chip; an empty rail has no chip', () => {
    expect(startChipIndex(CHIPS, [20_000])).toBe(CHIPS.length - 1);
    expect(startChipIndex([], [100])).toBe(-1);
  });
  it('property: the start chip meets every minimum, and no smaller chip does', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 12 }),
        fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 3, maxLength: 3 }),
        (raw, mins) => {
          const chips = [...raw].sort((a, b) => a - b);
          const i = startChipIndex(chips, mins);
          const need = Math.max(...mins);
          if (chips[chips.length - 1]! >= need) {
            expect(chips[i]!).toBeGreaterThanOrEqual(need);
            expect(chips.slice(0, i).every((c) => c < need)).toBe(true);
          } else expect(i).toBe(chips.length - 1);
        },
      ),
    );
  });
});

describe('spots below their minimum are named with that minimum', () => {
  it('a 0.50 Player bet under a 1.00 minimum is listed; an empty spot and a bet at the minimum are not', () => {
    expect(spotsBelowMinimum({ player: 50, banker: 100 }, spots(100, 100, 100))).toEqual({ player: 100 });
  });
  it('every spot is judged by its own minimum', () => {
    expect(spotsBelowMinimum({ player: 100, tie: 100 }, spots(100, 100, 500))).toEqual({ tie: 500 });
  });
  it('nothing on the table lists nothing', () => {
    expect(spotsBelowMinimum({}, spots(100, 100, 100))).toEqual({});
  });
});
