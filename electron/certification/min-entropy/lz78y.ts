/**
 * SP 800-90B §6.3.10, the LZ78Y prediction estimate. A dictionary of at most 65,536 contexts of the
 * last 1..B = 16 samples counts which sample followed each; the prediction is the follower with the
 * highest count over all the current contexts found in the dictionary (ties: the longer context, then
 * the larger value). A context already in the dictionary always learns its new follower; a new
 * context is added only while there is room, longest first.
 */
import { ContextTrie } from './context-trie.ts';
import type { Estimate, SampleSequence } from './estimate.ts';
import { predictorMinEntropy, type PredictionTally } from './prediction-bound.ts';

export const LZ78Y_DEPTH = 16;
export const LZ78Y_MAX_DICTIONARY = 65_536;

class Tally {
  correct = 0;
  run = 0;
  longestRun = 0;

  record(right: boolean): void {
    if (right) {
      this.correct++;
      if (++this.run > this.longestRun) this.longestRun = this.run;
    } else this.run = 0;
  }
}

/** Any alphabet, on the context trie. */
export function lz78yTally(samples: Uint8Array, k: number): PredictionTally {
  const length = samples.length;
  const B = LZ78Y_DEPTH;
  const trie = new ContextTrie(k);
  const tally = new Tally();
  const path = new Int32Array(B + 1); // path[j]: node of the context of the last j samples, or −1
  let size = 0;
  // The first step: the contexts of 1..B samples ending at s[B − 1] learn s[B].
  let node = ContextTrie.ROOT;
  for (let j = 1; j <= B; j++) {
    node = trie.childOrCreate(node, samples[B - j]!);
    trie.increment(node, samples[B]!);
    size++;
  }
  for (let i = B + 1; i < length; i++) {
    const value = samples[i]!;
    path[0] = ContextTrie.ROOT;
    for (let j = 1; j <= B; j++) path[j] = path[j - 1]! >= 0 ? trie.child(path[j - 1]!, samples[i - j]!) : -1;
    let bestCount = 0;
    let prediction = -1;
    for (let j = B; j >= 1; j--) {
      const context = path[j]!;
      if (trie.seen(context)) {
        const count = trie.predictionCount(context);
        if (count > bestCount) {
          bestCount = count;
          prediction = trie.prediction(context);
        }
        trie.increment(context, value);
      } else if (size < LZ78Y_MAX_DICTIONARY) {
        let start = j - 1;
        while (start > 0 && path[start]! < 0) start--;
        let created = path[start]!;
        for (let e = start + 1; e <= j; e++) {
          created = trie.childOrCreate(created, samples[i - e]!);
          path[e] = created;
        }
        trie.increment(created, value);
        size++;
      }
    }
    tally.record(prediction === value);
  }
  return { predictions: length - B - 1, correct: tally.correct, longestRun: tally.longestRun };
}

/** Binary samples: contexts of up to 16 bits index flat count tables directly. */
export function binaryLz78yTally(bits: Uint8Array): PredictionTally {
  const length = bits.length;
  const B = LZ78Y_DEPTH;
  const offset = new Int32Array(B + 1); // contexts of j bits at offset[j − 1], 2^j contexts × 2
  for (let j = 1; j <= B; j++) offset[j] = offset[j - 1]! + (1 << (j + 1));
  const counts = new Float64Array(offset[B]!);
  const tally = new Tally();
  let size = 0;
  let context = 0;
  for (let j = 1; j <= B; j++) {
    context |= bits[B - j]! << (j - 1);
    counts[offset[j - 1]! + 2 * context + bits[B]!] = 1;
    size++;
  }
  for (let i = B + 1; i < length; i++) {
    const value = bits[i]!;
    let full = 0; // the last 16 bits, oldest first
    for (let j = B; j >= 1; j--) full = (full << 1) | bits[i - j]!;
    let bestCount = 0;
    let prediction = -1;
    for (let j = B; j >= 1; j--) {
      const at = offset[j - 1]! + 2 * (full & ((1 << j) - 1));
      const zeros = counts[at]!;
      const ones = counts[at + 1]!;
      if (zeros + ones > 0) {
        const count = Math.max(zeros, ones);
        if (count > bestCount) {
          bestCount = count;
          prediction = zeros > ones ? 0 : 1;
        }
        counts[at + value]!++;
      } else if (size < LZ78Y_MAX_DICTIONARY) {
        counts[at + value] = 1;
        size++;
      }
    }
    tally.record(prediction === value);
  }
  return { predictions: length - B - 1, correct: tally.correct, longestRun: tally.longestRun };
}

export function lz78y({ samples, k }: SampleSequence): Estimate | null {
  if (samples.length < LZ78Y_DEPTH + 2) return null;
  const tally = k === 2 ? binaryLz78yTally(samples) : lz78yTally(samples, k);
  const { minEntropy, details } = predictorMinEntropy(tally, k);
  return { name: 'LZ78Y prediction', section: '6.3.10', minEntropy, details };
}
