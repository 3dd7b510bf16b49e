/**
 * A fast, reproducible, NON-cryptographic random source for simulations,
 * benchmarks and tests: xoshiro128** 1.1 (Blackman & Vigna), 32-bit operations
 * only, period 2^128 − 1. Never used to deal a real round: the cabinet deals
 * from the certified DRBG (docs/rng.md#the-drbg).
 *
 * Bounded integers are exactly uniform (rejection sampling, never plain modulo:
 * docs/rng.md#rejection-sampling-to-a-range) through uniform-int.ts.
 */
import type { RandomSource } from './random-source.ts';
import { uniformInt } from './uniform-int.ts';

// Kept importable from here for existing callers; the implementation lives in uniform-int.ts.
export { uniformFromWords } from './uniform-int.ts';

/**
 * A random source that can also hand out raw uniform 32-bit words in bulk. The
 * simulator reads words a batch at a time and rejection-samples them itself
 * (the same exactly uniform method as nextInt), which avoids a call per card.
 */
export interface WordBatchSource {
  /** Fills `target` with uniform 32-bit words, continuing the source's sequence. */
  fillUint32(target: Uint32Array): void;
}

export function isWordBatchSource(source: object): source is WordBatchSource {
  return typeof (source as Partial<WordBatchSource>).fillUint32 === 'function';
}

/** SplitMix64 step on a bigint state, used only to expand a seed into generator state. */
function splitMix64(state: bigint): { next: bigint; output: bigint } {
  const mask = (1n << 64n) - 1n;
  const next = (state + 0x9e3779b97f4a7c15n) & mask;
  let z = next;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & mask;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & mask;
  return { next, output: z ^ (z >> 31n) };
}

/**
 * The 128-bit state for (seed, stream). Distinct streams of one seed start from
 * distinct SplitMix64 states (the stream is multiplied by an odd constant, a
 * bijection mod 2^64), so a simulation can give every chunk its own generator.
 */
export function seedState(seed: number, stream = 0): [number, number, number, number] {
  if (!Number.isSafeInteger(seed) || seed < 0) throw new RangeError(`seed must be a whole number ≥ 0, got ${seed}`);
  if (!Number.isSafeInteger(stream) || stream < 0) {
    throw new RangeError(`stream must be a whole number ≥ 0, got ${stream}`);
  }
  const mask = (1n << 64n) - 1n;
  let state = (BigInt(seed) ^ ((BigInt(stream) * 0xd1b54a32d192ed03n) & mask)) & mask;
  const words: number[] = [];
  for (let i = 0; i < 2; i++) {
    const step = splitMix64(state);
    state = step.next;
    words.push(Number(step.output & 0xffffffffn), Number(step.output >> 32n));
  }
  const [s0 = 0, s1 = 0, s2 = 0, s3 = 0] = words;
  // The all-zero state is the generator's one fixed point; SplitMix64 never yields it twice in a row, but be sure.
  return s0 === 0 && s1 === 0 && s2 === 0 && s3 === 0 ? [1, 0, 0, 0] : [s0, s1, s2, s3];
}

export class SeededRandomSource implements RandomSource, WordBatchSource {
  /** s0..s3 as int32 words (a typed array keeps them unboxed in V8). */
  private readonly state: Int32Array;

  /** A generator for (seed, stream); the same pair always yields the same sequence. */
  constructor(seed: number, stream = 0) {
    this.state = Int32Array.from(seedState(seed, stream));
  }

  /** A generator started from a raw 128-bit state (reference test vectors). */
  static fromState(state: readonly [number, number, number, number]): SeededRandomSource {
    if (state.every((word) => (word | 0) === 0)) throw new RangeError('the all-zero state is not allowed');
    const source = new SeededRandomSource(0);
    source.state.set(state.map((word) => word | 0));
    return source;
  }

  /** The next uniform 32-bit word, 0..2^32−1. */
  nextUint32(): number {
    const state = this.state;
    const s0 = state[0]!;
    const s1 = state[1]!;
    const s2 = state[2]! ^ s0;
    const s3 = state[3]! ^ s1;
    const scaled = Math.imul(s1, 5);
    const result = Math.imul((scaled << 7) | (scaled >>> 25), 9) >>> 0;
    state[0] = s0 ^ s3;
    state[1] = s1 ^ s2;
    state[2] = s2 ^ (s1 << 9);
    state[3] = (s3 << 11) | (s3 >>> 21);
    return result;
  }

  /** The next `target.length` words of the sequence, exactly as nextUint32 would return them. */
  fillUint32(target: Uint32Array): void {
    const state = this.state;
    let s0 = state[0]!;
    let s1 = state[1]!;
    let s2 = state[2]!;
    let s3 = state[3]!;
    for (let i = 0; i < target.length; i++) {
      s2 ^= s0;
      s3 ^= s1;
      const scaled = Math.imul(s1, 5);
      target[i] = Math.imul((scaled << 7) | (scaled >>> 25), 9);
      s0 ^= s3;
      const shifted = s1 << 9;
      s1 ^= s2;
      s2 ^= shifted;
      s3 = (s3 << 11) | (s3 >>> 21);
    }
    state[0] = s0;
    state[1] = s1;
    state[2] = s2;
    state[3] = s3;
  }

  nextInt(bound: number): number {
    return uniformInt(this, bound);
  }
}
