/**
 * The last step shared by the four predictor estimates of SP 800-90B (§6.3.7–§6.3.10, step "compute
 * the min-entropy"): from N predictions, C of them correct, and r = one more than the longest run of
 * correct predictions,
 *  - P_global' = the 99% upper bound on C/N (1 − 0.01^{1/N} when C = 0);
 *  - P_local = the p at which a run of r correct predictions in N tries has probability 1%:
 *    0.99 = (1 − p·x) / ((r + 1 − r·x)·q) · x^{−(N+1)}, q = 1 − p, where x is the fixed point of
 *    x = 1 + q·p^r·x^{r+1} (iterated from x = 1);
 *  - min-entropy −log2(max(P_global', P_local, 1/k)).
 */
import { solveDecreasing } from './bisection.ts';
import { upperBound } from './normal-bound.ts';

export interface PredictionTally {
  readonly predictions: number;
  readonly correct: number;
  /** The longest run of consecutive correct predictions (r − 1). */
  readonly longestRun: number;
}

/** ln of the probability that N predictions with success chance p contain no run of r successes. */
export function lnNoRunProbability(p: number, r: number, n: number): number {
  const q = 1 - p;
  let x = 1;
  for (let i = 0; i < 1000; i++) {
    const next = 1 + q * p ** r * x ** (r + 1);
    if (!(next > x * (1 + Number.EPSILON))) {
      x = Math.max(x, next);
      break;
    }
    x = next;
  }
  return Math.log(1 - p * x) - Math.log((r + 1 - r * x) * q) - (n + 1) * Math.log(x);
}

export function predictorMinEntropy(
  tally: PredictionTally,
  k: number,
): { minEntropy: number; details: Record<string, number> } {
  const { predictions: n, correct, longestRun } = tally;
  const pGlobal = correct / n;
  const pGlobalPrime = correct > 0 ? upperBound(pGlobal, n) : 1 - 0.01 ** (1 / n);
  const r = longestRun + 1;
  let pMax = Math.max(pGlobalPrime, 1 / k);
  let pLocal = 0;
  // P_local only matters when it exceeds the larger of the other two: i.e. when at p = that value a run
  // of r would still be unremarkable (no-run probability above 0.99).
  if (pMax < 1 && lnNoRunProbability(pMax, r, n) > Math.log(0.99)) {
    const root = solveDecreasing((p) => lnNoRunProbability(p, r, n), Math.log(0.99), pMax, 1 - 1e-15);
    pLocal = root ?? 1;
    pMax = Math.max(pMax, pLocal);
  }
  return {
    minEntropy: -Math.log2(pMax),
    details: { predictions: n, correct, r, pGlobal, pGlobalPrime, pLocal },
  };
}
