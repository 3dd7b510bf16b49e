/**
 * The tuple statistics behind SP 800-90B §6.3.5 (t-Tuple) and §6.3.6 (LRS), for every tuple length at
 * once, from the suffix and LCP arrays (suffix-array.ts).
 *
 * Suffixes that share their first W samples sit next to each other in the suffix array, so each
 * distinct W-tuple seen c ≥ 2 times is one "LCP interval": a maximal run of the array whose
 * neighbouring LCPs are all ≥ W. Walking the LCP array once with a stack yields every interval with
 * its size c, its own LCP ℓ and its parent's LCP ℓ_p; it is the group of a distinct tuple for exactly
 * the lengths ℓ_p < W ≤ ℓ. From that:
 *  - Q[W], the count of the most common W-tuple, is the largest size among intervals with ℓ ≥ W (1 if none);
 *  - S[W] = Σ C(c_i, 2) over the distinct W-tuples, summed over the same ranges with a difference array;
 *  - v, the length of the longest repeated substring, is the largest ℓ.
 */
import { lcpArray, suffixArray } from './suffix-array.ts';

export interface TupleCounts {
  /** Length of the longest tuple that occurs at least twice (0 when no sample value repeats). */
  readonly longestRepeat: number;
  /** mostCommon[W] = Q[W] for 1 ≤ W ≤ longestRepeat (index 0 unused). */
  readonly mostCommon: Float64Array;
  /** pairs[W] = Σ over distinct W-tuples of C(count, 2), for 1 ≤ W ≤ longestRepeat. */
  readonly pairs: Float64Array;
}

export function tupleCounts(samples: Uint8Array): TupleCounts {
  const n = samples.length;
  let upper = 0;
  for (let i = 0; i < n; i++) if (samples[i]! > upper) upper = samples[i]!;
  const sa = suffixArray(samples, upper);
  const lcp = lcpArray(samples, sa);
  let longestRepeat = 0;
  for (let i = 1; i < n; i++) if (lcp[i]! > longestRepeat) longestRepeat = lcp[i]!;

  const largestAt = new Float64Array(longestRepeat + 2); // largest interval size with exactly this ℓ
  const pairsDelta = new Float64Array(longestRepeat + 2);
  // Stack of open intervals: their LCP and left boundary.
  const stackLcp = new Int32Array(longestRepeat + 2);
  const stackLeft = new Int32Array(longestRepeat + 2);
  let top = 0;
  stackLcp[0] = 0;
  stackLeft[0] = 0;
  for (let i = 1; i <= n; i++) {
    const current = i < n ? lcp[i]! : 0;
    let left = i - 1;
    while (current < stackLcp[top]!) {
      const ell = stackLcp[top]!;
      left = stackLeft[top]!;
      top--;
      const size = i - left; // suffixes sa[left .. i − 1]
      const parent = Math.max(stackLcp[top]!, current);
      if (size > largestAt[ell]!) largestAt[ell] = size;
      const pairCount = (size * (size - 1)) / 2;
      pairsDelta[parent + 1]! += pairCount;
      pairsDelta[ell + 1]! -= pairCount;
    }
    if (current > stackLcp[top]!) {
      top++;
      stackLcp[top] = current;
      stackLeft[top] = left;
    }
  }

  const mostCommon = new Float64Array(longestRepeat + 1);
  const pairs = new Float64Array(longestRepeat + 1);
  let running = 1;
  for (let w = longestRepeat; w >= 1; w--) {
    running = Math.max(running, largestAt[w]!);
    mostCommon[w] = running;
  }
  let sum = 0;
  for (let w = 1; w <= longestRepeat; w++) {
    sum += pairsDelta[w]!;
    pairs[w] = sum;
  }
  return { longestRepeat, mostCommon, pairs };
}
