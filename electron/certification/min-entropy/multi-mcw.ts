/**
 * SP 800-90B §6.3.7, the Multi Most Common in Window (MultiMCW) prediction estimate. Four subpredictors
 * each predict the most common value of the last w = 63, 255, 1023 and 4095 samples (ties go to the
 * value seen most recently); a scoreboard picks the subpredictor that has been right most often (ties
 * go to the later, longer window), and its prediction is the one counted.
 */
import type { Estimate, SampleSequence } from './estimate.ts';
import { predictorMinEntropy } from './prediction-bound.ts';

export const MCW_WINDOWS = [63, 255, 1023, 4095] as const;

/** The most common value of a sliding window, ties broken by the latest occurrence. */
class WindowMode {
  readonly counts: Int32Array;
  readonly lastSeen: Float64Array;
  mode = 0;

  constructor(alphabet: number) {
    this.counts = new Int32Array(alphabet);
    this.lastSeen = new Float64Array(alphabet).fill(-1);
  }

  /** Adds the sample at `position`, the newest in the window. */
  add(value: number, position: number): void {
    this.counts[value]!++;
    this.lastSeen[value] = position;
    if (value !== this.mode && this.counts[value]! >= this.counts[this.mode]!) this.mode = value;
  }

  /** Drops `value`, the oldest sample of the window, after the newest was added. */
  drop(value: number): void {
    this.counts[value]!--;
    if (value !== this.mode) return;
    let best = this.mode;
    for (let symbol = 0; symbol < this.counts.length; symbol++) {
      const count = this.counts[symbol]!;
      const bestCount = this.counts[best]!;
      if (count > bestCount || (count === bestCount && this.lastSeen[symbol]! > this.lastSeen[best]!)) best = symbol;
    }
    this.mode = best;
  }
}

/** Null when the sequence is no longer than the largest window. */
export function multiMcw({ samples, k }: SampleSequence): Estimate | null {
  const length = samples.length;
  const windows = MCW_WINDOWS;
  if (length <= windows[windows.length - 1]!) return null;
  const alphabet = k;
  const modes = windows.map(() => new WindowMode(alphabet));
  for (let i = 0; i < windows[windows.length - 1]!; i++) {
    for (let j = 0; j < windows.length; j++) if (i < windows[j]!) modes[j]!.add(samples[i]!, i);
  }
  const scoreboard = new Float64Array(windows.length);
  let winner = 0;
  let correct = 0;
  let run = 0;
  let longestRun = 0;
  for (let i = windows[0]; i < length; i++) {
    const value = samples[i]!;
    if (modes[winner]!.mode === value) {
      correct++;
      if (++run > longestRun) longestRun = run;
    } else run = 0;
    for (let j = 0; j < windows.length; j++) {
      if (i >= windows[j]! && modes[j]!.mode === value && ++scoreboard[j]! >= scoreboard[winner]!) winner = j;
    }
    for (let j = 0; j < windows.length; j++) {
      if (i < windows[j]!) continue;
      const oldest = samples[i - windows[j]!]!;
      modes[j]!.add(value, i);
      modes[j]!.drop(oldest);
    }
  }
  const { minEntropy, details } = predictorMinEntropy({ predictions: length - windows[0], correct, longestRun }, k);
  return { name: 'MultiMCW prediction', section: '6.3.7', minEntropy, details };
}
