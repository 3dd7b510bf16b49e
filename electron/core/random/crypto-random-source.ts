import { randomInt } from 'node:crypto';
import type { RandomSource } from './random-source.ts';

/** OS entropy through node:crypto; randomInt rejection-samples, so it is exactly uniform. */
export function createCryptoRandomSource(): RandomSource {
  return {
    nextInt(bound: number): number {
      if (!Number.isSafeInteger(bound) || bound < 1 || bound > 2 ** 48 - 1) {
        throw new RangeError(`bound must be an integer in 1..2^48-1, got ${bound}`);
      }
      return randomInt(bound);
    },
  };
}
