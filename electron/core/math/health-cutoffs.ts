/**
 * The continuous health-test cutoffs that an assessed min-entropy H implies (SP 800-90B §4.4), for a
 * false-alarm probability α = 2^−alphaLog2 (docs/rng.md#health-tests):
 *  - Repetition Count Test (§4.4.1): C = 1 + ⌈alphaLog2 / H⌉ identical samples in a row;
 *  - Adaptive Proportion Test (§4.4.2): in a window of W samples (512 for non-binary samples, 1024 for
 *    binary ones), the smallest count c of the window's first value with P(X ≥ c) ≤ α for
 *    X ~ Binomial(W, 2^−H) — the same as the standard's 1 + CRITBINOM(W, 2^−H, 1 − α).
 * The one implementation: the cabinet's health tests (electron/devices/rng/health-tests.ts) and the
 * certification report (electron/certification/min-entropy/) both use it, so they cannot disagree.
 */
import { lnGamma } from './ln-gamma.ts';

/** SP 800-90B §4.4.2's window for a sample of `bitsPerSample` bits. */
export function aptWindowFor(bitsPerSample: number): number {
  return bitsPerSample === 1 ? 1024 : 512;
}

function checkEntropy(minEntropy: number, bitsPerSample: number): void {
  if (!(minEntropy > 0 && minEntropy <= bitsPerSample)) {
    throw new RangeError(`H must be more than 0 and at most ${bitsPerSample} bits per sample, got ${minEntropy}`);
  }
}

/** §4.4.1: the run length of identical samples at which the test fails. */
export function repetitionCountCutoff(minEntropy: number, alphaLog2: number, bitsPerSample = 8): number {
  checkEntropy(minEntropy, bitsPerSample);
  return 1 + Math.ceil(alphaLog2 / minEntropy);
}

/** ln P(X = j) for X ~ Binomial(n, p). */
function lnBinomialTerm(n: number, p: number, j: number): number {
  return lnGamma(n + 1) - lnGamma(j + 1) - lnGamma(n - j + 1) + j * Math.log(p) + (n - j) * Math.log1p(-p);
}

/** P(X ≥ c) for X ~ Binomial(n, p), summed from the top so small tails keep their precision. */
export function binomialTail(n: number, p: number, c: number): number {
  if (c <= 0) return 1;
  if (c > n) return 0;
  let sum = 0;
  for (let j = n; j >= c; j--) sum += Math.exp(lnBinomialTerm(n, p, j));
  return Math.min(1, sum);
}

/** §4.4.2: the count of the window's first value at which the test fails. */
export function adaptiveProportionCutoff(
  minEntropy: number,
  alphaLog2: number,
  bitsPerSample = 8,
  window = aptWindowFor(bitsPerSample),
): number {
  checkEntropy(minEntropy, bitsPerSample);
  const alpha = 2 ** -alphaLog2;
  const p = 2 ** -minEntropy;
  // The tail shrinks as c grows; find the first c where it is at most α (binary search over 1..W).
  let lo = 1;
  let hi = window;
  // Even a whole window of one value is likelier than α: 1 + CRITBINOM gives W + 1, a test that cannot fail.
  if (binomialTail(window, p, hi) > alpha) return window + 1;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (binomialTail(window, p, mid) <= alpha) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export interface HealthCutoffs {
  readonly alphaLog2: number;
  readonly repetitionCount: number;
  readonly adaptiveProportion: number;
  readonly aptWindow: number;
}

export function healthCutoffs(minEntropy: number, alphaLog2: number, bitsPerSample = 8): HealthCutoffs {
  const aptWindow = aptWindowFor(bitsPerSample);
  return {
    alphaLog2,
    repetitionCount: repetitionCountCutoff(minEntropy, alphaLog2, bitsPerSample),
    adaptiveProportion: adaptiveProportionCutoff(minEntropy, alphaLog2, bitsPerSample, aptWindow),
    aptWindow,
  };
}
