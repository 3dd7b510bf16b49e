/**
 * From a capture file's bytes to the sequences the estimators read (SP 800-90B §6.3, and §3.1.3 for
 * the bitstring): one sample per byte, of `bitsPerSample` bits (the low bits of the byte); the samples
 * renumbered 0..k − 1 in order of value, where k is the number of distinct values seen; and the
 * bitstring, each sample's bits from the most significant down.
 */
import type { SampleSequence } from './estimate.ts';

export interface PreparedSamples {
  readonly bitsPerSample: number;
  /** The samples renumbered by rank (order-preserving, so ties broken "by value" stay the same). */
  readonly original: SampleSequence;
  /** Each sample's bits, most significant first: bitsPerSample × L bits. */
  readonly bitstring: SampleSequence;
}

export function prepareSamples(bytes: Uint8Array, bitsPerSample: number): PreparedSamples {
  if (!Number.isInteger(bitsPerSample) || bitsPerSample < 1 || bitsPerSample > 8) {
    throw new RangeError(`bits per sample must be a whole number from 1 to 8, got ${bitsPerSample}`);
  }
  const limit = 1 << bitsPerSample;
  const seen = new Uint8Array(256);
  for (let i = 0; i < bytes.length; i++) {
    const value = bytes[i]!;
    if (value >= limit) {
      throw new RangeError(
        `sample ${i} is ${value}, which does not fit in ${bitsPerSample} bits (at most ${limit - 1}); check --bits`,
      );
    }
    seen[value] = 1;
  }
  const rank = new Uint8Array(256);
  let k = 0;
  for (let value = 0; value < 256; value++) if (seen[value]) rank[value] = k++;
  const original = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) original[i] = rank[bytes[i]!]!;
  const bits = new Uint8Array(bytes.length * bitsPerSample);
  for (let i = 0, at = 0; i < bytes.length; i++) {
    for (let b = bitsPerSample - 1; b >= 0; b--) bits[at++] = (bytes[i]! >> b) & 1;
  }
  return { bitsPerSample, original: { samples: original, k }, bitstring: { samples: bits, k: 2 } };
}
