import { describe, expect, it } from 'vitest';
import { longestRepeatedSubstring } from './longest-repeated-substring.ts';
import { upperBound } from './normal-bound.ts';
import { tTuple } from './t-tuple.ts';
import { tupleCounts } from './tuple-counts.ts';

// 0, 1, 2 repeated 50 times (L = 150). The n = 151 − W overlapping W-tuples fall into three classes by
// their start modulo 3, every class one distinct tuple, of sizes ⌈n/3⌉ or ⌊n/3⌋ — so the counts the
// standard asks for are known in closed form.
const L = 150;
const periodic = Uint8Array.from({ length: L }, (_, i) => i % 3);
const classSizes = (w: number) => {
  const n = L - w + 1;
  return [0, 1, 2].map((r) => Math.floor(n / 3) + (r < n % 3 ? 1 : 0));
};

describe('t-Tuple estimate (SP 800-90B §6.3.5)', () => {
  it('0,1,2 repeated: t = 48 (the last W whose most common tuple occurs 35 times), P_max from Q[W] = ⌈(151 − W)/3⌉', () => {
    const estimate = tTuple(tupleCounts(periodic), L)!;
    expect(estimate.details.t).toBe(48);
    let pMax = 0;
    for (let w = 1; w <= 48; w++) pMax = Math.max(pMax, (Math.max(...classSizes(w)) / (L - w + 1)) ** (1 / w));
    expect(estimate.details.pMax).toBeCloseTo(pMax, 14);
    expect(estimate.minEntropy).toBeCloseTo(-Math.log2(upperBound(pMax, L)), 12);
  });

  it('runs only when some value occurs at least 35 times', () => {
    const short = Uint8Array.from({ length: 60 }, (_, i) => i % 3); // each value 20 times
    expect(tTuple(tupleCounts(short), short.length)).toBeNull();
  });
});

describe('Longest Repeated Substring estimate (SP 800-90B §6.3.6)', () => {
  it('0,1,2 repeated: u = 49, v = 147, P_W = Σ C(c, 2) / C(151 − W, 2) over the three classes', () => {
    const estimate = longestRepeatedSubstring(tupleCounts(periodic), L)!;
    expect(estimate.details.u).toBe(49);
    expect(estimate.details.v).toBe(147);
    let pMax = 0;
    for (let w = 49; w <= 147; w++) {
      const n = L - w + 1;
      const pairs = classSizes(w).reduce((sum, c) => sum + (c * (c - 1)) / 2, 0);
      pMax = Math.max(pMax, (pairs / ((n * (n - 1)) / 2)) ** (1 / w));
    }
    expect(estimate.details.pMax).toBeCloseTo(pMax, 14);
    expect(estimate.minEntropy).toBeCloseTo(-Math.log2(upperBound(pMax, L)), 12);
  });

  it('a sequence with no repeated tuple longer than u has nothing to measure', () => {
    const distinct = Uint8Array.from({ length: 200 }, (_, i) => i);
    expect(longestRepeatedSubstring(tupleCounts(distinct), distinct.length)).toBeNull();
  });
});
