import { describe, expect, it } from 'vitest';
import {
  BLOCK_BITS,
  DICTIONARY_BLOCKS,
  compression,
  compressionExpectation,
  solveCompressionP,
} from './compression.ts';
import { SeededRandomSource } from '../../core/random/seeded-random-source.ts';

/** G(z) written exactly as the standard's double sum, for a small number of blocks. */
function directG(z: number, blocks: number): number {
  let sum = 0;
  for (let t = DICTIONARY_BLOCKS + 1; t <= blocks; t++) {
    for (let u = 1; u <= t; u++) {
      const f = u < t ? z * z * (1 - z) ** (u - 1) : z * (1 - z) ** (t - 1);
      sum += Math.log2(u) * f;
    }
  }
  return sum / (blocks - DICTIONARY_BLOCKS);
}

describe('Compression estimate (SP 800-90B §6.3.4, binary samples)', () => {
  it('the folded one-pass G(p) + 63·G(q) equals the standard’s double sum', () => {
    const blocks = 1400;
    for (const p of [1 / 64, 0.03, 0.2, 0.6, 0.95]) {
      const q = (1 - p) / 63;
      const direct = directG(p, blocks) + 63 * directG(q, blocks);
      expect(compressionExpectation(p, blocks)).toBeCloseTo(direct, 9);
    }
  });

  it('solves the expectation for p: NIST’s reference output for one million random bytes (X̄′ = 5.21544…, 1,333,333 blocks) gives p = 0.0232698…', () => {
    const p = solveCompressionP(5.2154460395011881, 1_333_333)!;
    expect(p).toBeCloseTo(0.023269820763614391, 10);
  });

  it('needs more than 1000 blocks of 6 bits', () => {
    expect(compression(new Uint8Array(DICTIONARY_BLOCKS * BLOCK_BITS))).toBeNull();
    expect(compression(new Uint8Array((DICTIONARY_BLOCKS + 1) * BLOCK_BITS))).not.toBeNull();
  });

  it('a constant bitstring has no entropy; uniform random bits keep most of a bit', () => {
    expect(compression(new Uint8Array(60_000))!.minEntropy).toBeCloseTo(0, 12);
    const random = new SeededRandomSource(90);
    const bits = Uint8Array.from({ length: 600_000 }, () => random.nextInt(2));
    const { minEntropy } = compression(bits)!;
    expect(minEntropy).toBeGreaterThan(0.8);
    expect(minEntropy).toBeLessThanOrEqual(1);
  });
});
