import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lcpArray, suffixArray } from './suffix-array.ts';
import { tupleCounts } from './tuple-counts.ts';

/** Every W-tuple counted in a map, the way the standard describes it. */
function naiveCounts(samples: Uint8Array, width: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + width <= samples.length; i++) {
    const key = samples.subarray(i, i + width).join(',');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

function compareSuffixes(s: Uint8Array, a: number, b: number): number {
  while (a < s.length && b < s.length) {
    if (s[a] !== s[b]) return s[a]! - s[b]!;
    a++;
    b++;
  }
  return a === s.length ? -1 : 1;
}

/** Binary, small-alphabet, byte and periodic sequences (the periodic ones have long repeats). */
const sequences = (maxLength: number) =>
  fc.oneof(
    fc.uint8Array({ minLength: 1, maxLength, max: 1 }),
    fc.uint8Array({ minLength: 1, maxLength, max: 3 }),
    fc.uint8Array({ minLength: 1, maxLength }),
    fc
      .tuple(
        fc.uint8Array({ minLength: 1, maxLength: 12, max: 2 }),
        fc.integer({ min: 1, max: Math.floor(maxLength / 6) }),
      )
      .map(([unit, times]) => Uint8Array.from({ length: unit.length * times }, (_, i) => unit[i % unit.length]!)),
  );

describe('suffix array, LCP and tuple counts (for SP 800-90B §6.3.5 and §6.3.6)', () => {
  it('the suffix array lists the suffixes in order and the LCP array their shared prefixes', () => {
    fc.assert(
      fc.property(sequences(400), (s) => {
        const sa = suffixArray(s, 255);
        expect([...sa].sort((a, b) => a - b)).toEqual(Array.from({ length: s.length }, (_, i) => i));
        const lcp = lcpArray(s, sa);
        for (let i = 1; i < s.length; i++) {
          expect(compareSuffixes(s, sa[i - 1]!, sa[i]!)).toBeLessThan(0);
          let h = 0;
          while (sa[i - 1]! + h < s.length && sa[i]! + h < s.length && s[sa[i - 1]! + h] === s[sa[i]! + h]) h++;
          expect(lcp[i]).toBe(h);
        }
      }),
    );
  });

  it('Q[W] and Σ C(count, 2) for every W agree with counting the tuples one by one', () => {
    fc.assert(
      fc.property(sequences(120), (s) => {
        const counts = tupleCounts(s);
        let longest = 0;
        for (let w = 1; w < s.length; w++) if ([...naiveCounts(s, w).values()].some((c) => c > 1)) longest = w;
        expect(counts.longestRepeat).toBe(longest);
        for (let w = 1; w <= longest; w++) {
          const values = [...naiveCounts(s, w).values()];
          expect(counts.mostCommon[w]).toBe(Math.max(...values));
          expect(counts.pairs[w]).toBe(values.reduce((sum, c) => sum + (c * (c - 1)) / 2, 0));
        }
      }),
    );
  });
});
