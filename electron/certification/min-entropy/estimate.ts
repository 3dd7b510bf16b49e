/**
 * What every SP 800-90B §6.3 estimator returns (docs/rng.md#assessing-the-sources-min-entropy).
 * Each estimator works on one sequence of samples over an alphabet of `k` values; the bitstring
 * estimators are run on the samples' bits (k = 2).
 */

/** One estimator's result on one sequence. */
export interface Estimate {
  /** e.g. "most common value" */
  readonly name: string;
  /** The section of SP 800-90B (January 2018) that defines it, e.g. "6.3.1". */
  readonly section: string;
  /** Min-entropy in bits per sample of the sequence it ran on (per bit for a bitstring). */
  readonly minEntropy: number;
  /** The intermediate values the standard names (p̂, p_u, t, u, v, C, N, r, ...), for the report. */
  readonly details: Readonly<Record<string, number>>;
}

/** The samples an estimator sees: values in [0, k). */
export interface SampleSequence {
  readonly samples: Uint8Array;
  /** Alphabet size k (2 for a bitstring). */
  readonly k: number;
}
