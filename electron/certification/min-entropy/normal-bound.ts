/**
 * The 99% upper confidence bound that the §6.3 estimators put on an observed probability
 * (SP 800-90B §6.3.1 step 2 and its uses in §6.3.5–§6.3.10): p_u = min(1, p̂ + Z·√(p̂(1 − p̂)/(n − 1))).
 */

/**
 * Z = Φ⁻¹(0.995), the two-sided 99% normal quantile. SP 800-90B prints it rounded as 2.576; we keep the
 * full value, as NIST's reference implementation does, so the results agree with it digit for digit.
 */
export const Z_99 = 2.5758293035489008;

/** p_u for an observed proportion `pHat` out of `n` observations, capped at 1. */
export function upperBound(pHat: number, n: number): number {
  return Math.min(1, pHat + Z_99 * Math.sqrt((pHat * (1 - pHat)) / (n - 1)));
}
