import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markov } from './markov.ts';

/** −log2 of the most likely of all 2^128 sequences under the fitted chain, by dynamic programming. */
function mostLikelyBits(d: Readonly<Record<string, number>>): number {
  const log = (p: number) => (p > 0 ? Math.log2(p) : -Infinity);
  let end0 = log(d.p0!);
  let end1 = log(d.p1!);
  for (let step = 1; step < 128; step++) {
    const next0 = Math.max(end0 + log(d.p00!), end1 + log(d.p10!));
    const next1 = Math.max(end0 + log(d.p01!), end1 + log(d.p11!));
    end0 = next0;
    end1 = next1;
  }
  return -Math.max(end0, end1);
}

describe('Markov estimate (SP 800-90B §6.3.3, binary samples)', () => {
  it('a hand-checked sequence: initial and transition probabilities as the standard counts them', () => {
    const bits = Uint8Array.from([1, 0, 0, 0, 1, 1, 1, 0, 0, 1, 0, 1, 0, 1, 0, 1, 1, 1, 0, 0]);
    const { details, minEntropy } = markov(bits);
    expect(details.p0).toBe(10 / 20);
    // The 19 transitions: 9 start at 0 (4 stay, 5 go to 1), 10 start at 1 (6 go to 0, 4 stay).
    expect(details.p00).toBe(4 / 9);
    expect(details.p01).toBe(5 / 9);
    expect(details.p10).toBe(6 / 10);
    expect(details.p11).toBeCloseTo(4 / 10, 15);
    // Most likely of the six: 1010…10 = P1 · P10^64 · P01^63 (the two changes are the likeliest steps).
    const alternating = -Math.log2(0.5) - 64 * Math.log2(0.6) - 63 * Math.log2(5 / 9);
    expect(minEntropy).toBeCloseTo(alternating / 128, 12);
  });

  it('is the most likely of the six sequences the standard lists, each multiplied out bit by bit', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 2, maxLength: 300, max: 1 }), (raw) => {
        const { details, minEntropy } = markov(raw);
        const patterns = [
          () => 0,
          (i: number) => i % 2,
          (i: number) => (i === 0 ? 0 : 1),
          (i: number) => (i === 0 ? 1 : 0),
          (i: number) => 1 - (i % 2),
          () => 1,
        ];
        let best = 0;
        for (const bit of patterns) {
          let p = bit(0) === 0 ? details.p0! : details.p1!;
          for (let i = 1; i < 128; i++) p *= details[`p${bit(i - 1)}${bit(i)}`]!;
          best = Math.max(best, p);
        }
        const expected = best > 0 ? Math.min(1, -Math.log2(best) / 128) : 1;
        expect(minEntropy).toBeCloseTo(expected, 9);
        // No sequence at all is likelier than the chain's optimum (the six need not contain it: for
        // 1011110, 011 repeated beats them), so the estimate never claims less than that optimum gives.
        expect(minEntropy).toBeGreaterThanOrEqual(Math.min(1, mostLikelyBits(details) / 128) - 1e-12);
      }),
    );
  });

  it('a constant sequence has no entropy', () => {
    expect(markov(new Uint8Array(500)).minEntropy).toBeCloseTo(0, 15);
  });
});
