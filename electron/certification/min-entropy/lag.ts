/**
 * SP 800-90B §6.3.8, the Lag prediction estimate. D = 128 subpredictors; subpredictor d predicts that
 * the next sample repeats the one d samples back. The scoreboard picks the subpredictor that has been
 * right most often (ties go to the larger lag), and its prediction is the one counted.
 */
import type { Estimate, SampleSequence } from './estimate.ts';
import { predictorMinEntropy, type PredictionTally } from './prediction-bound.ts';

export const LAG_DEPTH = 128;

/**
 * Binary samples: the last 128 bits live in four 32-bit words (bit d = the sample d + 1 back), so the
 * lags that match the new bit are the set bits of one mask per word, visited in increasing lag as the
 * scoreboard rule needs, without a data-dependent branch per lag.
 */
export function binaryLagTally(bits: Uint8Array): PredictionTally {
  const length = bits.length;
  const scoreboard = new Float64Array(LAG_DEPTH);
  const history = new Int32Array(LAG_DEPTH / 32);
  let winner = 0;
  let correct = 0;
  let run = 0;
  let longestRun = 0;
  history[0] = bits[0]!;
  for (let i = 1; i < length; i++) {
    const value = bits[i]!;
    if (bits[i - winner - 1] === value) {
      correct++;
      if (++run > longestRun) longestRun = run;
    } else run = 0;
    let best = scoreboard[winner]!;
    for (let word = 0; word < history.length; word++) {
      const first = word * 32;
      if (first >= i) break;
      let matches = value ? history[word]! : ~history[word]!;
      if (i - first < 32) matches &= (1 << (i - first)) - 1; // only lags that reach back into the data
      while (matches !== 0) {
        const lowest = matches & -matches;
        matches ^= lowest;
        const d = first + 31 - Math.clz32(lowest);
        const score = ++scoreboard[d]!;
        if (score >= best) {
          winner = d;
          best = score;
        }
      }
    }
    for (let word = history.length - 1; word > 0; word--)
      history[word] = (history[word]! << 1) | (history[word - 1]! >>> 31);
    history[0] = (history[0]! << 1) | value;
  }
  return { predictions: length - 1, correct, longestRun };
}

/** Any alphabet: each step compares the new sample with the 128 before it. */
export function lagTally(samples: Uint8Array): PredictionTally {
  const length = samples.length;
  // scoreboard[d − 1] counts the correct predictions of lag d.
  const scoreboard = new Float64Array(LAG_DEPTH);
  let winner = 0;
  let correct = 0;
  let run = 0;
  let longestRun = 0;
  for (let i = 1; i < length; i++) {
    const value = samples[i]!;
    if (samples[i - winner - 1] === value) {
      correct++;
      if (++run > longestRun) longestRun = run;
    } else run = 0;
    const depth = Math.min(LAG_DEPTH, i);
    let best = scoreboard[winner]!;
    for (let d = 0; d < depth; d++) {
      if (samples[i - d - 1] === value) {
        const score = ++scoreboard[d]!;
        if (score >= best) {
          winner = d;
          best = score;
        }
      }
    }
  }
  return { predictions: length - 1, correct, longestRun };
}

export function lag({ samples, k }: SampleSequence): Estimate | null {
  if (samples.length < 3) return null;
  const tally = k === 2 ? binaryLagTally(samples) : lagTally(samples);
  const { minEntropy, details } = predictorMinEntropy(tally, k);
  return { name: 'Lag prediction', section: '6.3.8', minEntropy, details };
}
