import { describe, expect, it } from 'vitest';
import { exactCounts, ratio } from '../core/analysis/exact-analysis.ts';
import { positionExpectations } from './deal-expectations.ts';

describe('exact rank distributions per deal position (rng-report expectations)', () => {
  it.each([1, 6, 8])('%i decks: third-card draw probabilities agree with the exact analysis', (decks) => {
    const e = positionExpectations(decks);
    const exact = exactCounts(decks);
    expect(e.playerDraws).toBeCloseTo(ratio(exact.playerDrew, exact.denominator), 10);
    expect(e.bankerDraws).toBeCloseTo(ratio(exact.bankerDrew, exact.denominator), 10);
  });

  it('every position is a probability distribution; the first four cards are exactly 1/13 per rank', () => {
    const e = positionExpectations(8);
    for (const probabilities of Object.values(e.rankProbabilities)) {
      expect(probabilities).toHaveLength(13);
      expect(probabilities.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 10);
    }
    expect(e.rankProbabilities.P1.every((p) => p === 1 / 13)).toBe(true);
  });

  it('card removal shows in the third cards: P3 is not exactly uniform, 10/J/Q/K share value 0 equally', () => {
    const p3 = positionExpectations(1).rankProbabilities.P3;
    expect(p3.some((p) => Math.abs(p - 1 / 13) > 1e-4)).toBe(true);
    expect(p3[9]).toBeCloseTo(p3[12]!, 15);
  });
});
