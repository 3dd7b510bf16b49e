/**
 * Root finding for the estimators that solve "expected value at p = observed statistic" for p
 * (SP 800-90B §6.3.4 step 7, §6.3.7 step 4's P_local): plain bisection on a function that is monotone
 * on [lo, hi], run until the interval stops shrinking in double precision.
 */

/**
 * The p in [lo, hi] with f(p) = target, for f decreasing on [lo, hi]. Returns null when the target is
 * outside [f(hi), f(lo)] (no solution in the interval).
 */
export function solveDecreasing(f: (p: number) => number, target: number, lo: number, hi: number): number | null {
  const fLo = f(lo);
  const fHi = f(hi);
  if (!(target <= fLo && target >= fHi)) return null;
  if (target === fLo) return lo;
  if (target === fHi) return hi;
  let a = lo;
  let b = hi;
  for (let i = 0; i < 2000; i++) {
    const mid = (a + b) / 2;
    if (mid <= a || mid >= b) break;
    const value = f(mid);
    if (value === target) return mid;
    if (value > target) a = mid;
    else b = mid;
  }
  return (a + b) / 2;
}
