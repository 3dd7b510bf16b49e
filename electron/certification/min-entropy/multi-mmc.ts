/**
 * SP 800-90B §6.3.9, the Multi Markov Model with Counting (MultiMMC) prediction estimate. D = 16
 * subpredictors; subpredictor d keeps counts of which sample followed each context of the last d
 * samples (at most 100,000 distinct (context, next) pairs each) and predicts the most frequent
 * follower of the current context (ties: the largest value), or nothing for a context never seen.
 * The scoreboard picks the subpredictor right most often (ties: the longer context), and its
 * prediction is the one counted; a step where it predicts nothing counts as wrong.
 */
import { ContextTrie } from './context-trie.ts';
import type { Estimate, SampleSequence } from './estimate.ts';
import { predictorMinEntropy, type PredictionTally } from './prediction-bound.ts';

export const MMC_DEPTH = 16;
export const MMC_MAX_ENTRIES = 100_000;

/** Tracks the counted predictions of the winning subpredictor. */
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

/**
 * Any alphabet, on the context trie. `maxEntries` is the standard's 100,000; a smaller cap lets a test
 * reach the capped-dictionary behaviour on a short sequence.
 */
export function multiMmcTally(samples: Uint8Array, k: number, maxEntries = MMC_MAX_ENTRIES): PredictionTally {
  const length = samples.length;
  const trie = new ContextTrie(k);
  const entries = new Float64Array(MMC_DEPTH);
  const scoreboard = new Float64Array(MMC_DEPTH);
  const tally = new Tally();
  const path = new Int32Array(MMC_DEPTH + 1); // path[d + 1]: node of the context of d + 1 samples, or −1
  let winner = 0;
  // The standard's first step: each subpredictor learns its first pair before any prediction.
  for (let d = 0; d < MMC_DEPTH && d + 1 < length - 1; d++) {
    let node = ContextTrie.ROOT;
    for (let back = d; back >= 0; back--) node = trie.childOrCreate(node, samples[back]!);
    trie.increment(node, samples[d + 1]!);
    entries[d] = 1;
  }
  for (let i = 2; i < length; i++) {
    const value = samples[i]!;
    const currentWinner = winner;
    let winnerPredicted = false;
    path[0] = ContextTrie.ROOT;
    for (let d = 0; d < MMC_DEPTH && d <= i - 2; d++) {
      const parent = path[d]!;
      let node = parent >= 0 ? trie.child(parent, samples[i - d - 1]!) : -1;
      if (trie.seen(node)) {
        const right = trie.prediction(node) === value;
        if (right && ++scoreboard[d]! >= scoreboard[winner]!) winner = d;
        if (d === currentWinner) {
          winnerPredicted = true;
          tally.record(right);
        }
        if (trie.has(node, value) || entries[d]! < maxEntries) {
          if (!trie.has(node, value)) entries[d]!++;
          trie.increment(node, value);
        }
      } else if (entries[d]! < maxEntries) {
        node = ensurePath(trie, path, d, samples, i);
        trie.increment(node, value);
        entries[d]!++;
      }
      path[d + 1] = node;
    }
    if (!winnerPredicted) tally.record(false);
  }
  return { predictions: length - 2, correct: tally.correct, longestRun: tally.longestRun };
}

/** Creates the nodes of the contexts of 1..d + 1 samples before i that are still missing. */
function ensurePath(trie: ContextTrie, path: Int32Array, d: number, samples: Uint8Array, i: number): number {
  let start = d;
  while (start > 0 && path[start]! < 0) start--;
  let node = path[start]!;
  for (let e = start; e <= d; e++) {
    node = trie.childOrCreate(node, samples[i - e - 1]!);
    path[e + 1] = node;
  }
  return node;
}

/** Binary samples: the contexts of up to 16 bits index flat count tables directly. */
export function binaryMultiMmcTally(bits: Uint8Array, maxEntries = MMC_MAX_ENTRIES): PredictionTally {
  const length = bits.length;
  // Order d + 1 has 2^(d+1) contexts × 2 followers, stored from offset[d].
  const offset = new Int32Array(MMC_DEPTH + 1);
  for (let d = 0; d < MMC_DEPTH; d++) offset[d + 1] = offset[d]! + (1 << (d + 2));
  const counts = new Float64Array(offset[MMC_DEPTH]!);
  const entries = new Float64Array(MMC_DEPTH);
  const scoreboard = new Float64Array(MMC_DEPTH);
  const tally = new Tally();
  let winner = 0;
  let context = 0;
  for (let d = 0; d < MMC_DEPTH && d + 1 < length - 1; d++) {
    context = (context << 1) | bits[d]!;
    counts[offset[d]! + 2 * context + bits[d + 1]!] = 1;
    entries[d] = 1;
  }
  for (let i = 2; i < length; i++) {
    const value = bits[i]!;
    const currentWinner = winner;
    let winnerPredicted = false;
    context = 0;
    for (let d = 0; d < MMC_DEPTH && d <= i - 2; d++) {
      // context = (s[i−d−1], …, s[i−1]) as a (d+1)-bit number, oldest bit first
      context |= bits[i - d - 1]! << d;
      const at = offset[d]! + 2 * context;
      const zeros = counts[at]!;
      const ones = counts[at + 1]!;
      if (zeros + ones > 0) {
        const right = (zeros > ones ? 0 : 1) === value;
        if (right && ++scoreboard[d]! >= scoreboard[winner]!) winner = d;
        if (d === currentWinner) {
          winnerPredicted = true;
          tally.record(right);
        }
      }
      if (counts[at + value]! > 0) counts[at + value]!++;
      else if (entries[d]! < maxEntries) {
        counts[at + value] = 1;
        entries[d]!++;
      }
    }
    if (!winnerPredicted) tally.record(false);
  }
  return { predictions: length - 2, correct: tally.correct, longestRun: tally.longestRun };
}

export function multiMmc({ samples, k }: SampleSequence): Estimate | null {
  if (samples.length < 3) return null;
  const tally = k === 2 ? binaryMultiMmcTally(samples) : multiMmcTally(samples, k);
  const { minEntropy, details } = predictorMinEntropy(tally, k);
  return { name: 'MultiMMC prediction', section: '6.3.9', minEntropy, details };
}
