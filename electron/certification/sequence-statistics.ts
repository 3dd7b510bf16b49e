/**
 * Runs and lag-1 serial correlation kept as sufficient statistics, so a long round-by-round sequence
 * never has to be held in memory and sequences dealt in pieces (rng-report's workers) can be joined
 * exactly: `append` gives the statistics of this sequence followed by the other one
 * (docs/rng.md#tallies-from-several-workers).
 */
import { runsTestFromCounts, serialCorrelationFromR, type TestResult } from './statistics.ts';

export interface RunsCounts {
  readonly n: number;
  readonly ones: number;
  readonly runs: number;
  /** The first and last values (0 or 1), -1 while empty: where two pieces meet, a run may continue. */
  readonly first: number;
  readonly last: number;
}

/** Wald–Wolfowitz runs of a 0/1 sequence, as counts. */
export class RunsTally {
  private counts = { n: 0, ones: 0, runs: 0, first: -1, last: -1 };

  static from(counts: RunsCounts): RunsTally {
    const tally = new RunsTally();
    tally.counts = { ...counts };
    return tally;
  }

  add(bit: 0 | 1): void {
    const c = this.counts;
    if (c.n === 0) c.first = bit;
    if (bit !== c.last) c.runs++;
    c.last = bit;
    c.ones += bit;
    c.n++;
  }

  /** This sequence followed by `other`'s. */
  append(other: RunsTally): void {
    const a = this.counts;
    const b = other.counts;
    if (b.n === 0) return;
    const joined = a.n > 0 && a.last === b.first ? 1 : 0;
    this.counts = {
      n: a.n + b.n,
      ones: a.ones + b.ones,
      runs: a.runs + b.runs - joined,
      first: a.n > 0 ? a.first : b.first,
      last: b.last,
    };
  }

  snapshot(): RunsCounts {
    return { ...this.counts };
  }

  test(name: string): TestResult {
    const c = this.counts;
    return runsTestFromCounts(name, c.n, c.ones, c.runs);
  }
}

export interface LagOneSums {
  readonly n: number;
  readonly sum: number;
  readonly sumSquares: number;
  /** Σ xᵢ·xᵢ₊₁ over neighbours. */
  readonly lagProducts: number;
  readonly first: number;
  readonly last: number;
}

/**
 * Lag-1 serial correlation of a sequence of small integers, as exact integer sums: every sum stays
 * an integer below 2^53 for up to 10^9 values of magnitude ≤ 51, and r₁ is formed in BigInt, so
 * the pieces joined give exactly the r₁ of the whole sequence.
 */
export class LagOneTally {
  private sums = { n: 0, sum: 0, sumSquares: 0, lagProducts: 0, first: 0, last: 0 };

  static from(sums: LagOneSums): LagOneTally {
    const tally = new LagOneTally();
    tally.sums = { ...sums };
    return tally;
  }

  add(x: number): void {
    const s = this.sums;
    if (s.n === 0) s.first = x;
    else s.lagProducts += s.last * x;
    s.last = x;
    s.sum += x;
    s.sumSquares += x * x;
    s.n++;
  }

  /** This sequence followed by `other`'s. */
  append(other: LagOneTally): void {
    const a = this.sums;
    const b = other.sums;
    if (b.n === 0) return;
    if (a.n === 0) {
      this.sums = { ...b };
      return;
    }
    this.sums = {
      n: a.n + b.n,
      sum: a.sum + b.sum,
      sumSquares: a.sumSquares + b.sumSquares,
      lagProducts: a.lagProducts + b.lagProducts + a.last * b.first,
      first: a.first,
      last: b.last,
    };
  }

  snapshot(): LagOneSums {
    return { ...this.sums };
  }

  /**
   * r₁ = Σᵢ₌₁ⁿ⁻¹(xᵢ − x̄)(xᵢ₊₁ − x̄) / Σ(xᵢ − x̄)², expanded into the sums and scaled by n² so that
   * everything is an integer: n²·num = n²·L − n·S·(2S − x₁ − xₙ) + (n − 1)·S², n·den = n·Q − S².
   */
  test(name: string): TestResult {
    const { n, sum, sumSquares, lagProducts, first, last } = this.sums;
    if (n < 3) throw new RangeError(`${name}: serial correlation needs at least 3 values`);
    const N = BigInt(n);
    const S = BigInt(sum);
    const scaledNum = N * N * BigInt(lagProducts) - N * S * (2n * S - BigInt(first) - BigInt(last)) + (N - 1n) * S * S;
    const scaledDen = N * BigInt(sumSquares) - S * S;
    if (scaledDen === 0n) throw new RangeError(`${name}: all values are equal`);
    // r = scaledNum / (n · scaledDen); both fit a double's range, so divide as doubles.
    return serialCorrelationFromR(name, n, Number(scaledNum) / (n * Number(scaledDen)));
  }
}
