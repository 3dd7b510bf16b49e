/** The lab's tests must catch broken RNGs (docs/rng.md#statistical-evidence: chi-square, runs, serial correlation at 99%). */
import { randomBytes, randomInt } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dealRound } from '../core/engine/round.ts';
import { FreshShoe } from '../core/engine/shoe.ts';
import { SeededRandomSource } from '../core/random/seeded-random-source.ts';
import type { RandomSource } from '../core/random/random-source.ts';
import { DealTally, verdict } from './deal-statistics.ts';

function tally(random: RandomSource, rounds: number, decks = 8): DealTally {
  const t = new DealTally(decks, 64);
  for (let i = 0; i < rounds; i++) t.add(dealRound(new FreshShoe(decks, random)));
  return t;
}

const byName = (t: DealTally) => Object.fromEntries(t.tests().map((r) => [r.name, r.pValue]));

describe('deal statistics and the Bonferroni verdict', () => {
  it('a correct source passes (a fixed-seed xoshiro128**, so the verdict is reproducible), and the tally grows past its initial size', () => {
    const t = tally(new SeededRandomSource(20261201), 5000);
    expect(t.rounds).toBe(5000);
    expect(t.tests()).toHaveLength(11);
    // 11 tests at 0.01/11. With OS randomness this could only check v.pass === (minPValue >= threshold),
    // which restates verdict() and cannot fail; a fixed seed lets the test demand a pass.
    const v = verdict(t.tests());
    expect(v.threshold).toBeCloseTo(0.01 / 11, 15);
    expect(v.minPValue).toBeGreaterThanOrEqual(v.threshold);
    expect(v.pass).toBe(true);
  });

  it('the classic modulo bug (one byte % bound) fails the rank chi-square', () => {
    const moduloByte: RandomSource = { nextInt: (b) => randomBytes(1)[0]! % b };
    const t = tally(moduloByte, 3000);
    const p = byName(t);
    expect(p['chi-square rank frequency P1']).toBeLessThan(1e-6);
    expect(verdict(t.tests()).pass).toBe(false);
  });

  it('a source that repeats each round twice fails the serial correlation and runs tests', () => {
    let replay: number[] = [];
    let record: number[] = [];
    let round = 0;
    const repeating: RandomSource = {
      beforeShuffle() {
        round++;
        if (round % 2 === 1) record = [];
        else replay = [...record];
      },
      nextInt(b) {
        if (round % 2 === 0) return replay.shift() ?? randomInt(b);
        const x = randomInt(b);
        record.push(x);
        return x;
      },
    };
    const t = tally(repeating, 6000);
    const p = byName(t);
    expect(p['serial correlation of P1 face index, lag 1']).toBeLessThan(1e-6);
    expect(p['runs banker vs player (ties left out), round by round']).toBeLessThan(1e-6);
    expect(verdict(t.tests()).pass).toBe(false);
  });

  it('a source skewed towards low picks (min of two draws) fails the verdict', () => {
    // Low picks favour the first faces (A, 2, 3 of spades …).
    const skewed: RandomSource = { nextInt: (b) => Math.min(randomInt(b), randomInt(b)) };
    const t = tally(skewed, 5000);
    expect(verdict(t.tests()).pass).toBe(false);
  });

  it('a NaN p-value counts as a failure', () => {
    expect(verdict([{ name: 'x', statistic: NaN, pValue: NaN, n: 1 }]).pass).toBe(false);
  });

  it('merging two tallies equals one tally of the rounds of the first followed by the second', () => {
    fc.assert(
      fc.property(
        fc.nat(),
        fc.integer({ min: 20, max: 300 }),
        fc.nat(),
        fc.integer({ min: 1, max: 8 }),
        (seed, n, cut, decks) => {
          const random = new SeededRandomSource(seed);
          const rounds = Array.from({ length: n }, () => dealRound(new FreshShoe(decks, random)));
          const whole = new DealTally(decks);
          const first = new DealTally(decks);
          const second = new DealTally(decks);
          rounds.forEach((round, i) => {
            whole.add(round);
            (i < cut % (n + 1) ? first : second).add(round);
          });
          first.merge(second);
          expect(first.snapshot()).toEqual(whole.snapshot());
          const merged = DealTally.fromSnapshot(first.snapshot());
          expect(merged.snapshot()).toEqual(whole.snapshot());
        },
      ),
      { numRuns: 40 },
    );
  });

  it('a 100,000-round tally joined from four pieces gives the same tests as one tally', () => {
    const random = new SeededRandomSource(7);
    const whole = new DealTally(8);
    const pieces = [0, 1, 2, 3].map(() => new DealTally(8));
    for (let i = 0; i < 100_000; i++) {
      const round = dealRound(new FreshShoe(8, random));
      whole.add(round);
      pieces[Math.floor(i / 25_000)]!.add(round);
    }
    const joined = new DealTally(8);
    for (const piece of pieces) joined.merge(piece);
    expect(joined.tests()).toEqual(whole.tests());
  });

  it('refuses to merge tallies of different shoe sizes', () => {
    expect(() => new DealTally(8).merge(new DealTally(6))).toThrow(/6-deck tally into a 8-deck/);
  });
});
