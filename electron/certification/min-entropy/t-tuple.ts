/**
 * SP 800-90B §6.3.5, the t-Tuple estimate. Q[i] is the count of the most common i-tuple (overlapping
 * tuples); t is the largest i with Q[i] ≥ 35. P_max = max over i ≤ t of (Q[i] / (L − i + 1))^{1/i},
 * raised to its 99% upper bound p_u; min-entropy −log2(p_u).
 */
import type { Estimate } from './estimate.ts';
import { upperBound } from './normal-bound.ts';
import type { TupleCounts } from './tuple-counts.ts';

/** The standard's cutoff: tuples are counted while the most common one occurs at least this often. */
export const TUPLE_COUNT_CUTOFF = 35;

/** `length` is the sequence length L the counts came from. Null when no tuple occurs 35 times. */
export function tTuple(counts: TupleCounts, length: number): Estimate | null {
  const { mostCommon, longestRepeat } = counts;
  let t = 0;
  while (t + 1 <= longestRepeat && mostCommon[t + 1]! >= TUPLE_COUNT_CUTOFF) t++;
  if (t === 0) return null;
  let pMax = 0;
  for (let i = 1; i <= t; i++) {
    const p = (mostCommon[i]! / (length - i + 1)) ** (1 / i);
    if (p > pMax) pMax = p;
  }
  const pU = upperBound(pMax, length);
  return { name: 't-tuple', section: '6.3.5', minEntropy: -Math.log2(pU), details: { t, pMax, pU } };
}
