/**
 * SP 800-90B §6.3.3, the Markov estimate, defined for binary samples only (run on the bitstring of
 * non-binary samples). Fits a first-order Markov model (initial probabilities P0, P1 and transition
 * probabilities P00, P01, P10, P11) and takes the most likely of the six candidate 128-bit sequences
 * the standard lists; min-entropy per bit is −log2(p̂_max) / 128, at most 1.
 */
import type { Estimate } from './estimate.ts';

const SEQUENCE_BITS = 128;

/** `bits` holds 0s and 1s. */
export function markov(bits: Uint8Array): Estimate {
  const length = bits.length;
  let zerosBeforeLast = 0;
  let c00 = 0;
  let c10 = 0;
  for (let i = 0; i < length - 1; i++) {
    if (bits[i] === 0) {
      zerosBeforeLast++;
      if (bits[i + 1] === 0) c00++;
    } else if (bits[i + 1] === 0) c10++;
  }
  const onesBeforeLast = length - 1 - zerosBeforeLast;
  const p00 = zerosBeforeLast > 0 ? c00 / zerosBeforeLast : 0;
  const p01 = zerosBeforeLast > 0 ? 1 - p00 : 0;
  const p10 = onesBeforeLast > 0 ? c10 / onesBeforeLast : 0;
  const p11 = onesBeforeLast > 0 ? 1 - p10 : 0;
  const p0 = (zerosBeforeLast + (bits[length - 1] === 0 ? 1 : 0)) / length;
  const p1 = 1 - p0;

  // −log2 of each candidate's probability; a candidate that needs a transition never seen has
  // probability 0 and is left out.
  const n = SEQUENCE_BITS;
  const candidates: [boolean, () => number][] = [
    [p00 > 0, () => -Math.log2(p0) - (n - 1) * Math.log2(p00)], // 00…0
    [p01 > 0 && p10 > 0, () => -Math.log2(p0) - (n / 2) * Math.log2(p01) - (n / 2 - 1) * Math.log2(p10)], // 0101…01
    [p01 > 0 && p11 > 0, () => -Math.log2(p0) - Math.log2(p01) - (n - 2) * Math.log2(p11)], // 011…1
    [p10 > 0 && p00 > 0, () => -Math.log2(p1) - Math.log2(p10) - (n - 2) * Math.log2(p00)], // 100…0
    [p10 > 0 && p01 > 0, () => -Math.log2(p1) - (n / 2) * Math.log2(p10) - (n / 2 - 1) * Math.log2(p01)], // 1010…10
    [p11 > 0, () => -Math.log2(p1) - (n - 1) * Math.log2(p11)], // 11…1
  ];
  let bitsOfMostLikely = n;
  for (const [possible, minusLog2] of candidates)
    if (possible) bitsOfMostLikely = Math.min(bitsOfMostLikely, minusLog2());
  return {
    name: 'Markov',
    section: '6.3.3',
    minEntropy: Math.min(bitsOfMostLikely / n, 1),
    details: { p0, p1, p00, p01, p10, p11, pHatMax: 2 ** -bitsOfMostLikely },
  };
}
