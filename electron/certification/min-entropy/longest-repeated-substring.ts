/**
 * SP 800-90B §6.3.6, the Longest Repeated Substring (LRS) estimate. u is the smallest tuple length
 * whose most common tuple occurs fewer than 35 times (one past the t of §6.3.5), v the length of the
 * longest repeated substring. For each W in [u, v], P_W = Σ C(C_i, 2) / C(L − W + 1, 2) over the
 * distinct W-tuples (the chance that two W-tuples picked at random match); P_max = max P_W^{1/W},
 * raised to its 99% upper bound p_u; min-entropy −log2(p_u).
 */
import type { Estimate } from './estimate.ts';
import { upperBound } from './normal-bound.ts';
import { TUPLE_COUNT_CUTOFF } from './t-tuple.ts';
import type { TupleCounts } from './tuple-counts.ts';

/** `length` is the sequence length L the counts came from. Null when u > v (nothing to measure). */
export function longestRepeatedSubstring(counts: TupleCounts, length: number): Estimate | null {
  const { mostCommon, pairs, longestRepeat: v } = counts;
  let u = 1;
  while (u <= v && mostCommon[u]! >= TUPLE_COUNT_CUTOFF) u++;
  if (u > v) return null;
  let pMax = 0;
  for (let w = u; w <= v; w++) {
    const tuples = length - w + 1;
    const p = (pairs[w]! / ((tuples * (tuples - 1)) / 2)) ** (1 / w);
    if (p > pMax) pMax = p;
  }
  const pU = upperBound(pMax, length);
  return {
    name: 'longest repeated substring',
    section: '6.3.6',
    minEntropy: -Math.log2(pU),
    details: { u, v, pMax, pU },
  };
}
