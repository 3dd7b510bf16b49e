import { describe, expect, it } from 'vitest';
import { BatchedCryptoRandomSource } from './batched-crypto-random-source.ts';
import { isWordBatchSource, SeededRandomSource, seedState, uniformFromWords } from './seeded-random-source.ts';
import { chiSquare } from '../../testing/chi-square.ts';

describe('SeededRandomSource is xoshiro128** 1.1', () => {
  it('matches the reference implementation from state {1, 2, 3, 4}', () => {
    const source = SeededRandomSource.fromState([1, 2, 3, 4]);
    const words = Array.from({ length: 6 }, () => source.nextUint32());
    // First outputs of the reference C code (prng.di.unimi.it/xoshiro128starstar.c) from s = {1, 2, 3, 4}.
    expect(words.slice(0, 3)).toEqual([11520, 0, 5927040]);
    expect(words.slice(3)).toEqual([70819200, 2031721883, 1637235492]);
  });

  it('fillUint32 continues exactly the same sequence as nextUint32', () => {
    const a = new SeededRandomSource(99, 3);
    const b = new SeededRandomSource(99, 3);
    const batch = new Uint32Array(1000);
    a.fillUint32(batch.subarray(0, 500));
    a.fillUint32(batch.subarray(500));
    const one = Array.from({ length: 1000 }, () => b.nextUint32());
    expect(Array.from(batch)).toEqual(one);
    expect(a.nextUint32()).toBe(b.nextUint32());
  });

  it('the same (seed, stream) repeats the sequence; other seeds or streams differ', () => {
    const take = (s: SeededRandomSource) => Array.from({ length: 8 }, () => s.nextUint32());
    expect(take(new SeededRandomSource(42, 0))).toEqual(take(new SeededRandomSource(42, 0)));
    expect(take(new SeededRandomSource(42, 0))).not.toEqual(take(new SeededRandomSource(42, 1)));
    expect(take(new SeededRandomSource(42, 0))).not.toEqual(take(new SeededRandomSource(43, 0)));
    expect(seedState(0, 0)).not.toEqual([0, 0, 0, 0]);
  });

  it('rejects bad seeds and the all-zero state', () => {
    expect(() => new SeededRandomSource(-1)).toThrow(/seed/);
    expect(() => new SeededRandomSource(1.5)).toThrow(/seed/);
    expect(() => new SeededRandomSource(1, -1)).toThrow(/stream/);
    expect(() => SeededRandomSource.fromState([0, 0, 0, 0])).toThrow(/all-zero/);
  });
});

describe('bounded integers are exactly uniform by rejection, never modulo (docs/rng.md#rejection-sampling-to-a-range)', () => {
  it.each([1, 2, 3, 13, 52, 416, 172_640, 2 ** 21, 2 ** 21 + 1, 2 ** 32 - 5, 2 ** 40 + 3, 2 ** 48 - 1])(
    'nextInt(%i) stays in range',
    (bound) => {
      const source = new SeededRandomSource(bound);
      for (let i = 0; i < 2000; i++) {
        const value = source.nextInt(bound);
        expect(Number.isInteger(value) && value >= 0 && value < bound).toBe(true);
      }
    },
  );

  it('nextInt(52) over 520 000 draws passes chi-square at 99.9% (df 51)', () => {
    const source = new SeededRandomSource(5);
    const counts = new Array<number>(52).fill(0);
    for (let i = 0; i < 520_000; i++) counts[source.nextInt(52)]!++;
    expect(chiSquare(counts)).toBeLessThan(87.97);
  });

  it('rejection really happens: with words 0..2^32−1 taken in order the result is exactly balanced', () => {
    // A bound of 3 does not divide 2^32: plain modulo would give 0 one extra time. uniformFromWords
    // must reject the word 2^32 − 1 (modulo would count it as a 0 and end at [3, 2, 1]).
    let word = 2 ** 32 - 4;
    const counts = [0, 0, 0];
    const next = () => {
      const w = word;
      word = (word + 1) % 2 ** 32;
      return w;
    };
    for (let i = 0; i < 6; i++) counts[uniformFromWords(next, 3)]!++;
    expect(counts).toEqual([2, 2, 2]);
  });

  it('Lemire path and threshold path agree on uniformity for a bound that does not divide 2^32', () => {
    const source = new SeededRandomSource(11);
    const counts = new Array<number>(7).fill(0);
    for (let i = 0; i < 140_000; i++) counts[uniformFromWords(() => source.nextUint32(), 7)]!++;
    expect(chiSquare(counts)).toBeLessThan(22.46); // df 6 at 99.9%
  });

  it.each([0, -1, 1.5, 2 ** 48, Number.NaN])('nextInt(%s) is refused with the allowed range', (bound) => {
    expect(() => new SeededRandomSource(1).nextInt(bound)).toThrow(/1..2\^48-1/);
    expect(() => new BatchedCryptoRandomSource().nextInt(bound)).toThrow(/1..2\^48-1/);
  });
});

describe('BatchedCryptoRandomSource (OS CSPRNG, read in batches)', () => {
  it('draws in range across batch refills and is roughly uniform', () => {
    const source = new BatchedCryptoRandomSource(64);
    const counts = new Array<number>(13).fill(0);
    for (let i = 0; i < 130_000; i++) counts[source.nextInt(13)]!++;
    expect(counts.every((c) => c > 0)).toBe(true);
    // Not seeded, so a loose bound (df 12, p ≈ 1e-9) keeps this from ever flaking.
    expect(chiSquare(counts)).toBeLessThan(60);
  });

  it('is a word-batch source and fills whole buffers with fresh words', () => {
    const source = new BatchedCryptoRandomSource();
    expect(isWordBatchSource(source)).toBe(true);
    const a = new Uint32Array(64);
    const b = new Uint32Array(64);
    source.fillUint32(a);
    source.fillUint32(b);
    expect(Array.from(a)).not.toEqual(Array.from(b));
  });

  it('rejects a bad batch size', () => {
    expect(() => new BatchedCryptoRandomSource(0)).toThrow(/batchWords/);
  });
});
