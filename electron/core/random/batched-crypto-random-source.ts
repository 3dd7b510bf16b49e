/**
 * The operating system's CSPRNG through node:crypto, read in batches: one
 * `randomFillSync` call fills a buffer of 32-bit words, and bounded integers are
 * rejection-sampled from those words, so every value stays exactly uniform
 * (docs/rng.md#rejection-sampling-to-a-range) while the per-draw cost drops far below `crypto.randomInt`.
 * Used by the simulator and the benchmarks; behaves like crypto-random-source.ts.
 */
import { randomFillSync } from 'node:crypto';
import type { RandomSource } from './random-source.ts';
import type { WordBatchSource } from './seeded-random-source.ts';
import { uniformInt } from './uniform-int.ts';

const DEFAULT_BATCH_WORDS = 16384;
const MAX_BATCH_WORDS = 1 << 20;

export class BatchedCryptoRandomSource implements RandomSource, WordBatchSource {
  private readonly words: Uint32Array;
  private next: number;

  constructor(batchWords = DEFAULT_BATCH_WORDS) {
    if (!Number.isInteger(batchWords) || batchWords < 1 || batchWords > MAX_BATCH_WORDS) {
      throw new RangeError(`batchWords must be a whole number from 1 to ${MAX_BATCH_WORDS}, got ${batchWords}`);
    }
    this.words = new Uint32Array(batchWords);
    this.next = batchWords;
  }

  /** The next uniform 32-bit word, refilling the batch from the OS when it runs out. */
  nextUint32(): number {
    if (this.next === this.words.length) {
      randomFillSync(this.words);
      this.next = 0;
    }
    return this.words[this.next++] ?? 0;
  }

  /** Fresh OS random words straight into `target`. */
  fillUint32(target: Uint32Array): void {
    randomFillSync(target);
  }

  nextInt(bound: number): number {
    return uniformInt(this, bound);
  }
}
