/**
 * The statistical tests a gaming lab asks of the RNG at 99% confidence (docs/cabinet-rules.md#rng-requirements:
 * chi-square, runs, serial correlation), with accurate p-values:
 *  - chi-square: the regularized upper incomplete gamma Q(k/2, x/2), series / continued fraction;
 *  - runs and serial correlation: the normal tail via erfc(x) = Q(1/2, x²).
 */
import { lnGamma } from '../core/math/ln-gamma.ts';

const EPS = 1e-16;
const TINY = 1e-300;

/** Regularized lower incomplete gamma P(a, x) by its series (converges fast for x < a + 1). */
function gammaPSeries(a: number, x: number): number {
  let term = 1 / a;
  let sum = term;
  for (let n = 1; n < 100_000; n++) {
    term *= x / (a + n);
    sum += term;
    if (Math.abs(term) < Math.abs(sum) * EPS) break;
  }
  return sum * Math.exp(-x + a * Math.log(x) - lnGamma(a));
}

/** Regularized upper incomplete gamma Q(a, x) by its continued fraction (modified Lentz), x ≥ a + 1. */
function gammaQContinuedFraction(a: number, x: number): number {
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 100_000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPS) break;
  }
  return Math.exp(-x + a * Math.log(x) - lnGamma(a)) * h;
}

/** Q(a, x) = Γ(a, x) / Γ(a), a > 0, x ≥ 0. */
export function gammaQ(a: number, x: number): number {
  if (!(a > 0) || !(x >= 0)) throw new RangeError(`gammaQ needs a > 0 and x ≥ 0, got a = ${a}, x = ${x}`);
  if (x === 0) return 1;
  return x < a + 1 ? 1 - gammaPSeries(a, x) : gammaQContinuedFraction(a, x);
}

/** P(χ²_k ≥ x). */
export function chiSquareSf(x: number, degreesOfFreedom: number): number {
  if (x <= 0) return 1;
  return gammaQ(degreesOfFreedom / 2, x / 2);
}

/** erfc(x), accurate in the far tail (no 1 − erf cancellation). */
export function erfc(x: number): number {
  return x >= 0 ? gammaQ(0.5, x * x) : 2 - gammaQ(0.5, x * x);
}

/** P(Z ≥ z) for a standard normal Z. */
export function normalSf(z: number): number {
  return 0.5 * erfc(z / Math.SQRT2);
}

/** Two-sided p-value P(|Z| ≥ |z|). */
export function normalTwoSided(z: number): number {
  return erfc(Math.abs(z) / Math.SQRT2);
}

export interface TestResult {
  readonly name: string;
  readonly statistic: number;
  /** Degrees of freedom for chi-square tests; absent for z tests. */
  readonly df?: number;
  readonly pValue: number;
  readonly n: number;
}

/** Pearson chi-square goodness of fit of `observed` against probabilities `expected` (summing to 1). */
export function chiSquareTest(name: string, observed: readonly number[], expected: readonly number[]): TestResult {
  if (observed.length !== expected.length || observed.length < 2) {
    throw new RangeError('chi-square needs matching observed/expected arrays of at least 2 categories');
  }
  const n = observed.reduce((s, x) => s + x, 0);
  let statistic = 0;
  let categories = 0;
  for (let i = 0; i < observed.length; i++) {
    const e = n * expected[i]!;
    if (e <= 0) {
      if (observed[i]! > 0) throw new RangeError(`${name}: category ${i} has probability 0 but was observed`);
      continue;
    }
    categories++;
    statistic += (observed[i]! - e) ** 2 / e;
  }
  const df = categories - 1;
  return { name, statistic, df, pValue: chiSquareSf(statistic, df), n };
}

/**
 * Wald–Wolfowitz runs test on a two-valued sequence, conditional on the counts of each value:
 * mean 2·n1·n2/n + 1, variance 2·n1·n2·(2·n1·n2 − n) / (n²·(n − 1)); two-sided normal p-value.
 */
export function runsTest(name: string, sequence: ArrayLike<number>): TestResult {
  const n = sequence.length;
  let n1 = 0;
  let runs = n > 0 ? 1 : 0;
  for (let i = 0; i < n; i++) {
    if (sequence[i]) n1++;
    if (i > 0 && (sequence[i] ? 1 : 0) !== (sequence[i - 1] ? 1 : 0)) runs++;
  }
  return runsTestFromCounts(name, n, n1, runs);
}

/** The runs test from its sufficient statistics: length, count of ones, number of runs. */
export function runsTestFromCounts(name: string, n: number, n1: number, runs: number): TestResult {
  const n2 = n - n1;
  if (n1 === 0 || n2 === 0) throw new RangeError(`${name}: the runs test needs both values to occur`);
  const mean = (2 * n1 * n2) / n + 1;
  const variance = (2 * n1 * n2 * (2 * n1 * n2 - n)) / (n * n * (n - 1));
  const z = (runs - mean) / Math.sqrt(variance);
  return { name, statistic: z, pValue: normalTwoSided(z), n };
}

/**
 * Lag-1 serial correlation r₁ = Σ(xᵢ − x̄)(xᵢ₊₁ − x̄) / Σ(xᵢ − x̄)². For independent values
 * E[r₁] ≈ −1/n and Var ≈ 1/n, so z = (r₁ + 1/n)·√n; two-sided normal p-value.
 */
export function serialCorrelationTest(name: string, values: ArrayLike<number>): TestResult {
  const n = values.length;
  if (n < 3) throw new RangeError(`${name}: serial correlation needs at least 3 values`);
  let mean = 0;
  for (let i = 0; i < n; i++) mean += values[i]!;
  mean /= n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    const d = values[i]! - mean;
    den += d * d;
    if (i + 1 < n) num += d * (values[i + 1]! - mean);
  }
  if (den === 0) throw new RangeError(`${name}: all values are equal`);
  return serialCorrelationFromR(name, n, num / den);
}

/** The serial-correlation test from r₁ over n values. */
export function serialCorrelationFromR(name: string, n: number, r: number): TestResult {
  const z = (r + 1 / n) * Math.sqrt(n);
  return { name, statistic: r, pValue: normalTwoSided(z), n };
}
