/**
 * Exactly uniform bounded integers from a stream of uniform 32-bit words, shared by every word-based random
 * source (rejection sampling, never plain modulo: docs/rng.md#rejection-sampling-to-a-range): Lemire's multiply-and-reject for bounds up to
 * 2^21, where the 32 × 21-bit product is exact in a double, and threshold rejection above.
 */

/** Anything that yields uniform 32-bit words, 0..2^32−1. */
export interface Uint32Source {
  nextUint32(): number;
}

const TWO_32 = 4294967296;
const INV_TWO_32 = 1 / TWO_32;
const LEMIRE_MAX_BOUND = 2 ** 21;
const MAX_BOUND = 2 ** 48 - 1;

/** Exactly uniform integer in [0, bound) from a stream of uniform 32-bit words. */
export function uniformFromWords(nextWord: () => number, bound: number): number {
  if (!Number.isSafeInteger(bound) || bound < 1 || bound > MAX_BOUND) {
    throw new RangeError(`bound must be an integer in 1..2^48-1, got ${bound}`);
  }
  if (bound <= TWO_32) {
    // Accept only words below the largest multiple of `bound` that fits in 32 bits.
    const limit = TWO_32 - (TWO_32 % bound);
    for (;;) {
      const word = nextWord();
      if (word < limit) return word % bound;
    }
  }
  // 53-bit candidates (21 high bits + 32 low bits), same threshold rule.
  const span = 2 ** 53;
  const limit = span - (span % bound);
  for (;;) {
    const candidate = (nextWord() >>> 11) * TWO_32 + nextWord();
    if (candidate < limit) return candidate % bound;
  }
}

/**
 * Exactly uniform integer in [0, bound) drawn from `source`; bound 1..2^48−1, anything else is a RangeError.
 * The fast path (bounds up to 2^21, every card draw) is Lemire's; larger bounds go through uniformFromWords.
 */
export function uniformInt(source: Uint32Source, bound: number): number {
  if (bound <= LEMIRE_MAX_BOUND && bound >= 1 && (bound | 0) === bound) {
    // Lemire: word × bound is exact in a double (< 2^53); its high 32 bits are uniform
    // once the low 32 bits (Math.imul, exact mod 2^32) clear the rejection threshold.
    let word = source.nextUint32();
    let low = Math.imul(word, bound) >>> 0;
    if (low < bound) {
      const threshold = (TWO_32 - bound) % bound;
      while (low < threshold) {
        word = source.nextUint32();
        low = Math.imul(word, bound) >>> 0;
      }
    }
    return Math.floor(word * bound * INV_TWO_32);
  }
  return uniformFromWords(() => source.nextUint32(), bound);
}
