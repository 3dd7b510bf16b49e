/**
 * The SP 800-90B non-IID assessment of a capture (§6.1 and the initial entropy estimate of §3.1.3):
 * every §6.3 estimator, the minimum, and what it means per byte.
 *
 *  - Non-binary samples (k > 2 distinct values): the estimators that take any alphabet (§6.3.1, 6.3.5–
 *    6.3.10) run on the samples, giving H_original; all ten run on the bitstring, giving H_bitstring
 *    per bit. The assessment is min(H_original, bitsPerSample × H_bitstring).
 *  - Binary samples (k = 2): all ten run on the samples themselves, and there is no bitstring step.
 *  - A single value (k ≤ 1): no entropy at all.
 * An estimator that needs more data than there is (compression: more than 1000 six-bit blocks;
 * MultiMCW: more than 4095 samples; t-tuple/LRS: a tuple seen 35 times) is reported as not run.
 */
import { collision } from './collision.ts';
import { compression } from './compression.ts';
import type { Estimate, SampleSequence } from './estimate.ts';
import { lag } from './lag.ts';
import { longestRepeatedSubstring } from './longest-repeated-substring.ts';
import { lz78y } from './lz78y.ts';
import { markov } from './markov.ts';
import { mostCommonValue } from './most-common-value.ts';
import { multiMcw } from './multi-mcw.ts';
import { multiMmc } from './multi-mmc.ts';
import { prepareSamples } from './samples.ts';
import { tTuple } from './t-tuple.ts';
import { tupleCounts } from './tuple-counts.ts';

export interface EstimatorRun {
  readonly name: string;
  readonly section: string;
  /** "samples" or "bitstring": which sequence it ran on. */
  readonly on: 'samples' | 'bitstring';
  /** Null when the estimator could not run on this much data. */
  readonly estimate: Estimate | null;
  readonly seconds: number;
}

export interface Assessment {
  readonly samples: number;
  readonly bitsPerSample: number;
  /** Distinct sample values seen. */
  readonly distinctValues: number;
  readonly runs: readonly EstimatorRun[];
  /** Min over the estimators on the samples, bits per sample (null when none ran on them). */
  readonly hOriginal: number | null;
  /** Min over the estimators on the bitstring, bits per bit (null for binary samples). */
  readonly hBitstring: number | null;
  /** The assessed min-entropy per sample: min(H_original, bitsPerSample × H_bitstring). */
  readonly minEntropy: number;
  /** Which estimator set the minimum. */
  readonly limitedBy: string;
}

export interface AssessOptions {
  /** Called after each estimator, e.g. for progress on stderr. */
  readonly onRun?: (run: EstimatorRun) => void;
}

type Runner = (sequence: SampleSequence) => Estimate | null;

const ANY_ALPHABET: readonly [string, string, Runner | 'tuples'][] = [
  ['most common value', '6.3.1', mostCommonValue],
  ['t-tuple', '6.3.5', 'tuples'],
  ['longest repeated substring', '6.3.6', 'tuples'],
  ['MultiMCW prediction', '6.3.7', multiMcw],
  ['Lag prediction', '6.3.8', lag],
  ['MultiMMC prediction', '6.3.9', multiMmc],
  ['LZ78Y prediction', '6.3.10', lz78y],
];

const BINARY_ONLY: readonly [string, string, Runner][] = [
  ['collision', '6.3.2', (s) => collision(s.samples)],
  ['Markov', '6.3.3', (s) => markov(s.samples)],
  ['compression', '6.3.4', (s) => compression(s.samples)],
];

function runAll(
  sequence: SampleSequence,
  on: EstimatorRun['on'],
  binary: boolean,
  options: AssessOptions,
): EstimatorRun[] {
  const runs: EstimatorRun[] = [];
  const record = (name: string, section: string, work: () => Estimate | null) => {
    const started = performance.now();
    const estimate = work();
    const run = { name, section, on, estimate, seconds: (performance.now() - started) / 1000 };
    runs.push(run);
    options.onRun?.(run);
  };
  const list: [string, string, Runner | 'tuples'][] = [...ANY_ALPHABET];
  if (binary) list.splice(1, 0, ...BINARY_ONLY);
  let counts: ReturnType<typeof tupleCounts> | null = null;
  for (const [name, section, runner] of list) {
    if (runner === 'tuples') {
      record(name, section, () => {
        counts ??= tupleCounts(sequence.samples);
        return section === '6.3.5'
          ? tTuple(counts, sequence.samples.length)
          : longestRepeatedSubstring(counts, sequence.samples.length);
      });
    } else record(name, section, () => runner(sequence));
  }
  return runs;
}

function minimum(runs: readonly EstimatorRun[]): { value: number; by: string } | null {
  let best: { value: number; by: string } | null = null;
  for (const run of runs) {
    if (run.estimate && (best === null || run.estimate.minEntropy < best.value)) {
      best = { value: run.estimate.minEntropy, by: `${run.name} (${run.on})` };
    }
  }
  return best;
}

export function assess(bytes: Uint8Array, bitsPerSample = 8, options: AssessOptions = {}): Assessment {
  if (bytes.length < 2) throw new RangeError(`a capture needs at least 2 samples, got ${bytes.length}`);
  const prepared = prepareSamples(bytes, bitsPerSample);
  const k = prepared.original.k;
  const base = { samples: bytes.length, bitsPerSample, distinctValues: k };
  if (k <= 1) {
    return { ...base, runs: [], hOriginal: 0, hBitstring: null, minEntropy: 0, limitedBy: 'a single sample value' };
  }
  if (k === 2) {
    const runs = runAll(prepared.original, 'samples', true, options);
    const low = minimum(runs)!;
    const hOriginal = Math.min(low.value, bitsPerSample);
    return { ...base, runs, hOriginal, hBitstring: null, minEntropy: hOriginal, limitedBy: low.by };
  }
  const originalRuns = runAll(prepared.original, 'samples', false, options);
  const bitstringRuns = runAll(prepared.bitstring, 'bitstring', true, options);
  const lowOriginal = minimum(originalRuns);
  const lowBitstring = minimum(bitstringRuns);
  const hOriginal = lowOriginal ? Math.min(lowOriginal.value, bitsPerSample) : null;
  const hBitstring = lowBitstring ? Math.min(lowBitstring.value, 1) : null;
  const perSampleFromBits = hBitstring === null ? bitsPerSample : bitsPerSample * hBitstring;
  const fromOriginal = hOriginal ?? bitsPerSample;
  const minEntropy = Math.min(fromOriginal, perSampleFromBits, bitsPerSample);
  const limitedBy =
    perSampleFromBits < fromOriginal
      ? `${lowBitstring!.by} × ${bitsPerSample}`
      : (lowOriginal?.by ?? 'no estimator ran');
  return { ...base, runs: [...originalRuns, ...bitstringRuns], hOriginal, hBitstring, minEntropy, limitedBy };
}
