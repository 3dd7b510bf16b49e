import { describe, expect, it } from 'vitest';
import {
  chiSquareSf,
  chiSquareTest,
  erfc,
  gammaQ,
  normalSf,
  normalTwoSided,
  runsTest,
  serialCorrelationTest,
} from './statistics.ts';

const close = (actual: number, expected: number, relative = 1e-10) =>
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.abs(expected) * relative);

describe('p-value functions against known values', () => {
  it('Q(1, x) = e^-x and χ²(2) tail = e^(-x/2), χ²(4) tail = e^(-x/2)(1 + x/2) (closed forms)', () => {
    for (const x of [0.01, 0.5, 1, 3, 10, 40, 200]) {
      close(gammaQ(1, x), Math.exp(-x));
      close(chiSquareSf(x, 2), Math.exp(-x / 2));
      close(chiSquareSf(x, 4), Math.exp(-x / 2) * (1 + x / 2));
    }
  });

  it('χ² critical values from the tables: 3.841459 (1 df, 0.05), 9.210340 (2 df, 0.01), 26.21697 (12 df, 0.01)', () => {
    close(chiSquareSf(3.841458820694124, 1), 0.05, 1e-9);
    close(chiSquareSf(9.210340371976184, 2), 0.01, 1e-9);
    close(chiSquareSf(26.21696730553585, 12), 0.01, 1e-8);
    close(chiSquareSf(21.02606981748307, 12), 0.05, 1e-8);
    expect(chiSquareSf(0, 5)).toBe(1);
  });

  it('normal tail: Φ̄(1.959964) = 0.025, Φ̄(3) = 0.0013498980316301, Φ̄(5) = 2.8665157187919e-7, Φ̄(−1) = 0.841344746068543', () => {
    close(normalSf(1.959963984540054), 0.025, 1e-9);
    close(normalSf(3), 0.0013498980316300946, 1e-9);
    close(normalSf(5), 2.866515718791939e-7, 1e-8);
    close(normalSf(-1), 0.8413447460685429, 1e-12);
    close(normalTwoSided(-2.5758293035489), 0.01, 1e-9);
    close(erfc(0.5), 0.4795001221869535, 1e-12);
    close(erfc(0), 1, 1e-15);
  });

  it('rejects bad arguments', () => {
    expect(() => gammaQ(0, 1)).toThrow(RangeError);
    expect(() => gammaQ(1, -1)).toThrow(RangeError);
  });
});

describe('test statistics', () => {
  it('chi-square: a perfect fit gives p = 1, a gross misfit gives p ≈ 0', () => {
    expect(chiSquareTest('fair', [100, 100, 100, 100], [0.25, 0.25, 0.25, 0.25]).pValue).toBeCloseTo(1, 12);
    const bad = chiSquareTest('bad', [400, 0, 0, 0], [0.25, 0.25, 0.25, 0.25]);
    expect(bad.df).toBe(3);
    expect(bad.statistic).toBe(1200);
    expect(bad.pValue).toBeLessThan(1e-100);
  });

  it('runs: alternating and blocked sequences are rejected, a random one passes', () => {
    const alternating = Array.from({ length: 1000 }, (_, i) => i % 2);
    const blocked = Array.from({ length: 1000 }, (_, i) => (i < 500 ? 1 : 0));
    expect(runsTest('alt', alternating).pValue).toBeLessThan(1e-10);
    expect(runsTest('block', blocked).pValue).toBeLessThan(1e-10);
    // 1,0,0,1,1,0: n1 = n2 = 3, 4 runs, mean 4 → z = 0.
    expect(runsTest('small', [1, 0, 0, 1, 1, 0]).statistic).toBeCloseTo(0, 12);
  });

  it('serial correlation: a trend is rejected, alternation is rejected', () => {
    const trend = Array.from({ length: 1000 }, (_, i) => i);
    expect(serialCorrelationTest('trend', trend).pValue).toBeLessThan(1e-10);
    expect(
      serialCorrelationTest(
        'alt',
        Array.from({ length: 1000 }, (_, i) => i % 2),
      ).statistic,
    ).toBeCloseTo(-1, 2);
  });
});
