/**
 * SP 800-90B §6.3.8, the Lag prediction estimate. D = 128 subpredictors; subpredictor d predicts that
 * the next sample repeats the one d samples back. The scoreboard picks the subpredictor that has been
 * right most often (ties go to the larger lag), and its prediction is the one counted.
 */
import type { Estimate, SampleSequence } from './estimate.ts';
import { predictorMinEntropy } from './prediction-bound.ts';

export const LAG_DEPTH = 128;

export function lag({ samples, k }: SampleSequence): Estimate | null {
  const length = samples.length;
  if (length < 3) return null;
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
  const { minEntropy, details } = predictorMinEntropy({ predictions: length - 1, correct, longestRun }, k);
  return { name: 'Lag prediction', section: '6.3.8', minEntropy, details };
}
