/**
 * SP 800-90B §6.3.4, the Compression estimate (after Maurer's universal statistic), defined for binary
 * samples only (run on the bitstring of non-binary samples). The bits are cut into 6-bit blocks; the
 * first d = 1000 blocks fill a dictionary of last positions; for each later block the log2 distance
 * to its previous occurrence is averaged (X̄), lowered to its 99% bound X̄', and the standard's
 * expected value G(p) + (2⁶ − 1)·G(q) is solved for p. Min-entropy per bit is −log2(p) / 6.
 */
import { solveDecreasing } from './bisection.ts';
import type { Estimate } from './estimate.ts';
import { Z_99 } from './normal-bound.ts';

export const BLOCK_BITS = 6;
export const DICTIONARY_BLOCKS = 1000;
/** The standard's correction c for the standard deviation of the log distances. */
const SIGMA_FACTOR = 0.5907;
const NEGLIGIBLE = 1e-300;

/**
 * G(z) of step 7: (1/ν) Σ_{t=d+1}^{L} Σ_{u=1}^{t} log2(u) F(z, t, u), with F = z²(1 − z)^{u−1} for
 * u < t and z(1 − z)^{t−1} for u = t. With a_u = log2(u)(1 − z)^{u−1} the double sum folds into
 * z²[(L − d)·A(d) + Σ_{u=d+1}^{L−1} (L − u)·a_u] + z[A(L) − A(d)], A(n) = a_1 + … + a_n,
 * which takes one pass over u. The pass ends once (1 − z)^{u−1} drops below 1e-300: every later term is
 * then below 1e-290, far under the last digit of the sums (and repeated multiplication would otherwise
 * stall at the smallest subnormal instead of reaching 0).
 */
function bigG(z: number, blocks: number, log2Table: Float64Array): number {
  const d = DICTIONARY_BLOCKS;
  const nu = blocks - d;
  const decay = 1 - z;
  let power = decay; // (1 − z)^{u−1} for u = 2
  let headSum = 0; // A(d); a_1 = 0 because log2(1) = 0
  for (let u = 2; u <= d; u++) {
    headSum += log2Table[u]! * power;
    power *= decay;
  }
  let weighted = 0; // Σ (L − u) a_u for d < u < L
  let tail = 0; // A(L) − A(d)
  let u = d + 1;
  for (; u <= blocks - 1; u++) {
    if (power < NEGLIGIBLE) break;
    const a = log2Table[u]! * power;
    tail += a;
    weighted += (blocks - u) * a;
    power *= decay;
  }
  if (u === blocks) tail += log2Table[blocks]! * power;
  return (z * z * ((blocks - d) * headSum + weighted) + z * tail) / nu;
}

/** Step 7's expected value of the statistic at P(most likely block) = p, the other 63 blocks equally likely. */
export function compressionExpectation(p: number, blocks: number, log2Table = log2Up(blocks)): number {
  const others = (1 << BLOCK_BITS) - 1;
  return bigG(p, blocks, log2Table) + others * bigG((1 - p) / others, blocks, log2Table);
}

/** Step 7: the p in [2⁻⁶, 1] whose expectation equals X̄', or null when X̄' is above the uniform case. */
export function solveCompressionP(xBarPrime: number, blocks: number, log2Table = log2Up(blocks)): number | null {
  return solveDecreasing((p) => compressionExpectation(p, blocks, log2Table), xBarPrime, 1 / (1 << BLOCK_BITS), 1);
}

function log2Up(blocks: number): Float64Array {
  const table = new Float64Array(blocks + 1);
  for (let u = 1; u <= blocks; u++) table[u] = Math.log2(u);
  return table;
}

/** `bits` holds 0s and 1s. Returns null when there are too few bits (at most d blocks). */
export function compression(bits: Uint8Array): Estimate | null {
  const blocks = Math.floor(bits.length / BLOCK_BITS);
  const d = DICTIONARY_BLOCKS;
  if (blocks <= d) return null;
  const symbolCount = 1 << BLOCK_BITS;
  const lastSeen = new Float64Array(symbolCount);
  const log2Table = log2Up(blocks);

  const blockAt = (index: number): number => {
    let block = 0;
    for (let j = 0; j < BLOCK_BITS; j++) block = (block << 1) | bits[index * BLOCK_BITS + j]!;
    return block;
  };
  for (let i = 0; i < d; i++) lastSeen[blockAt(i)] = i + 1;
  const nu = blocks - d;
  let sum = 0;
  let sumSquares = 0;
  for (let i = d; i < blocks; i++) {
    const block = blockAt(i);
    // Positions are 1-based; a block never seen before counts its distance from position 0.
    const distance = log2Table[i + 1 - lastSeen[block]!]!;
    sum += distance;
    sumSquares += distance * distance;
    lastSeen[block] = i + 1;
  }
  const xBar = sum / nu;
  const sigmaHat = SIGMA_FACTOR * Math.sqrt(sumSquares / (nu - 1) - xBar * xBar);
  const xBarPrime = xBar - (Z_99 * sigmaHat) / Math.sqrt(nu);

  const p = solveCompressionP(xBarPrime, blocks, log2Table);
  // No solution above the uniform p = 2⁻⁶: the statistic is as high as full entropy gives, 1 bit per bit.
  const credited = p !== null && p > 1 / symbolCount;
  return {
    name: 'compression',
    section: '6.3.4',
    minEntropy: credited ? -Math.log2(p) / BLOCK_BITS : 1,
    details: { xBar, sigmaHat, xBarPrime, p: credited ? p : 1 / symbolCount },
  };
}
