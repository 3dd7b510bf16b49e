/**
 * The four predictors against literal transcriptions of SP 800-90B §6.3.7–§6.3.10: each step as the
 * standard writes it (windows rescanned, dictionaries updated before each prediction, keyed by the
 * tuple itself), slow but plain. The fast versions must count the same correct predictions and runs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { binaryLagTally, lag, lagTally } from './lag.ts';
import { binaryLz78yTally, lz78yTally, LZ78Y_DEPTH, LZ78Y_MAX_DICTIONARY } from './lz78y.ts';
import { MCW_WINDOWS, multiMcw } from './multi-mcw.ts';
import { binaryMultiMmcTally, MMC_DEPTH, MMC_MAX_ENTRIES, multiMmcTally } from './multi-mmc.ts';
import type { PredictionTally } from './prediction-bound.ts';
import { SeededRandomSource } from '../../core/random/seeded-random-source.ts';

class Run {
  correct = 0;
  run = 0;
  longestRun = 0;
  record(right: boolean) {
    if (right) {
      this.correct++;
      this.longestRun = Math.max(this.longestRun, ++this.run);
    } else this.run = 0;
  }
}

function standardMultiMcw(s: Uint8Array): PredictionTally {
  const w = MCW_WINDOWS;
  const scoreboard = [0, 0, 0, 0];
  let winner = 0;
  const tally = new Run();
  for (let i = w[0]; i < s.length; i++) {
    const frequent = w.map((size) => {
      if (i < size) return null;
      const counts = new Map<number, number>();
      const last = new Map<number, number>();
      for (let p = i - size; p < i; p++) {
        counts.set(s[p]!, (counts.get(s[p]!) ?? 0) + 1);
        last.set(s[p]!, p);
      }
      let best = -1;
      for (const [value, count] of counts) {
        if (
          best < 0 ||
          count > counts.get(best)! ||
          (count === counts.get(best)! && last.get(value)! > last.get(best)!)
        )
          best = value;
      }
      return best;
    });
    tally.record(frequent[winner] === s[i]);
    for (let j = 0; j < w.length; j++) {
      if (frequent[j] === s[i] && ++scoreboard[j]! >= scoreboard[winner]!) winner = j;
    }
  }
  return { predictions: s.length - w[0], correct: tally.correct, longestRun: tally.longestRun };
}

function standardLag(s: Uint8Array): PredictionTally {
  const scoreboard = new Array<number>(128).fill(0);
  let winner = 0;
  const tally = new Run();
  for (let i = 1; i < s.length; i++) {
    tally.record(s[i - winner - 1] === s[i]);
    for (let d = 0; d < 128 && d < i; d++) {
      if (s[i - d - 1] === s[i] && ++scoreboard[d]! >= scoreboard[winner]!) winner = d;
    }
  }
  return { predictions: s.length - 1, correct: tally.correct, longestRun: tally.longestRun };
}

/** Follower with the highest count, ties to the largest value. */
function argmax(followers: Map<number, number>): { y: number; count: number } {
  let y = -1;
  let count = 0;
  for (const [value, c] of followers) if (c > count || (c === count && value > y)) [y, count] = [value, c];
  return { y, count };
}

function standardMultiMmc(s: Uint8Array, maxEntries = MMC_MAX_ENTRIES): PredictionTally {
  const D = MMC_DEPTH;
  const models = Array.from({ length: D }, () => new Map<string, Map<number, number>>());
  const sizes = new Array<number>(D).fill(0);
  const scoreboard = new Array<number>(D).fill(0);
  let winner = 0;
  const tally = new Run();
  for (let i = 2; i < s.length; i++) {
    // Learn the pair that ended with the previous sample, for every context length that fits.
    for (let d = 0; d < D && i - d - 2 >= 0; d++) {
      const x = s.subarray(i - d - 2, i - 1).join(',');
      const y = s[i - 1]!;
      const followers = models[d]!.get(x);
      if (followers?.has(y)) followers.set(y, followers.get(y)! + 1);
      else if (sizes[d]! < maxEntries) {
        if (followers) followers.set(y, 1);
        else models[d]!.set(x, new Map([[y, 1]]));
        sizes[d]!++;
      }
    }
    const predictions = Array.from({ length: D }, (_, d) => {
      if (i - d - 1 < 0) return null;
      const followers = models[d]!.get(s.subarray(i - d - 1, i).join(','));
      return followers ? argmax(followers).y : null;
    });
    tally.record(predictions[winner] === s[i]);
    for (let d = 0; d < D; d++) if (predictions[d] === s[i] && ++scoreboard[d]! >= scoreboard[winner]!) winner = d;
  }
  return { predictions: s.length - 2, correct: tally.correct, longestRun: tally.longestRun };
}

function standardLz78y(s: Uint8Array): PredictionTally {
  const B = LZ78Y_DEPTH;
  const dictionary = new Map<string, Map<number, number>>();
  const tally = new Run();
  for (let i = B + 1; i < s.length; i++) {
    for (let j = B; j >= 1; j--) {
      const x = s.subarray(i - j - 1, i - 1).join(',');
      const y = s[i - 1]!;
      const followers = dictionary.get(x);
      if (followers) followers.set(y, (followers.get(y) ?? 0) + 1);
      else if (dictionary.size < LZ78Y_MAX_DICTIONARY) dictionary.set(x, new Map([[y, 1]]));
    }
    let best = 0;
    let prediction: number | null = null;
    for (let j = B; j >= 1; j--) {
      const followers = dictionary.get(s.subarray(i - j, i).join(','));
      if (!followers) continue;
      const { y, count } = argmax(followers);
      if (count > best) [best, prediction] = [count, y];
    }
    tally.record(prediction === s[i]);
  }
  return { predictions: s.length - B - 1, correct: tally.correct, longestRun: tally.longestRun };
}

/** Sequences with structure a predictor can find: biased, periodic with noise, or plain random. */
function source(length: number, k: number, seed: number, kind: number): Uint8Array {
  const random = new SeededRandomSource(seed);
  const period = 2 + (seed % 7);
  return Uint8Array.from({ length }, (_, i) => {
    if (kind === 0) return random.nextInt(k);
    if (kind === 1) return random.nextInt(10) < 7 ? 0 : random.nextInt(k);
    return random.nextInt(10) < 8 ? (i % period) % k : random.nextInt(k);
  });
}

const cases = (minLength: number, maxLength: number) =>
  fc.record({
    length: fc.integer({ min: minLength, max: maxLength }),
    k: fc.integer({ min: 2, max: 5 }),
    seed: fc.nat(),
    kind: fc.integer({ min: 0, max: 2 }),
  });

const tallyOf = (estimate: { details: Readonly<Record<string, number>> } | null) => ({
  predictions: estimate!.details.predictions,
  correct: estimate!.details.correct,
  longestRun: estimate!.details.r! - 1,
});

describe('predictor estimates count what the standard’s steps count', () => {
  it('MultiMCW (§6.3.7): windows of 63, 255, 1023, 4095, most common with ties to the most recent', () => {
    fc.assert(
      fc.property(cases(4096, 4800), ({ length, k, seed, kind }) => {
        const s = source(length, k, seed, kind);
        expect(tallyOf(multiMcw({ samples: s, k }))).toEqual(standardMultiMcw(s));
      }),
      { numRuns: 12 },
    );
  });

  it('Lag (§6.3.8): 128 lags, ties to the larger lag', () => {
    fc.assert(
      fc.property(cases(3, 3000), ({ length, k, seed, kind }) => {
        const s = source(length, k, seed, kind);
        const expected = standardLag(s);
        expect(tallyOf(lag({ samples: s, k }))).toEqual(expected);
        expect(lagTally(s)).toEqual(expected);
        if (k === 2) expect(binaryLagTally(s)).toEqual(expected);
      }),
      { numRuns: 40 },
    );
  });

  it('MultiMMC (§6.3.9): contexts of 1..16 samples, a null prediction of the winner counts as wrong', () => {
    fc.assert(
      fc.property(cases(3, 2500), ({ length, k, seed, kind }) => {
        const s = source(length, k, seed, kind);
        const expected = standardMultiMmc(s);
        expect(multiMmcTally(s, k)).toEqual(expected);
        if (k === 2) expect(binaryMultiMmcTally(s)).toEqual(expected);
      }),
      { numRuns: 40 },
    );
  });

  it('MultiMMC with capped dictionaries: a context that found no room predicts nothing, and that breaks the run', () => {
    fc.assert(
      fc.property(cases(3, 1500), fc.integer({ min: 20, max: 300 }), ({ length, k, seed, kind }, cap) => {
        const s = source(length, k, seed, kind);
        const expected = standardMultiMmc(s, cap);
        expect(multiMmcTally(s, k, cap)).toEqual(expected);
        if (k === 2) expect(binaryMultiMmcTally(s, cap)).toEqual(expected);
      }),
      { numRuns: 60 },
    );
  });

  it('MultiMMC: a winner that predicts nothing (its context found no room) breaks the run of correct predictions', () => {
    // Found by search: with room for 2 pairs per context length, a run would otherwise continue
    // across such a step and come out longer.
    const s = Uint8Array.from([
      1, 1, 1, 0, 1, 0, 0, 1, 0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 1, 0, 1, 1, 0, 0, 0, 0, 1, 0, 1, 1, 0, 1, 0, 0, 1, 0, 1, 0,
    ]);
    const expected = standardMultiMmc(s, 2);
    expect(multiMmcTally(s, 2, 2)).toEqual(expected);
    expect(binaryMultiMmcTally(s, 2)).toEqual(expected);
  });

  it('LZ78Y (§6.3.10): contexts of 1..16 samples, longest first, the dictionary capped at 65,536 contexts', () => {
    fc.assert(
      fc.property(cases(LZ78Y_DEPTH + 2, 2500), ({ length, k, seed, kind }) => {
        const s = source(length, k, seed, kind);
        const expected = standardLz78y(s);
        expect(lz78yTally(s, k)).toEqual(expected);
        if (k === 2) expect(binaryLz78yTally(s)).toEqual(expected);
      }),
      { numRuns: 40 },
    );
  });

  it('the binary fast paths agree with the general ones when the dictionaries fill up', () => {
    const random = new SeededRandomSource(7);
    const bits = Uint8Array.from({ length: 40_000 }, () => random.nextInt(2));
    // 40,000 random bits hold far more than 65,536 distinct contexts of 1..16 bits.
    expect(binaryLz78yTally(bits)).toEqual(lz78yTally(bits, 2));
    expect(binaryLz78yTally(bits)).toEqual(standardLz78y(bits));
    expect(binaryMultiMmcTally(bits)).toEqual(multiMmcTally(bits, 2));
  });
});
