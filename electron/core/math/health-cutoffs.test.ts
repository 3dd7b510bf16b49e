import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adaptiveProportionCutoff, binomialTail, healthCutoffs, repetitionCountCutoff } from './health-cutoffs.ts';

describe('health-test cutoffs implied by H (SP 800-90B §4.4)', () => {
  it('RCT: C = 1 + ⌈20/H⌉ at α = 2^−20, 1 + ⌈30/H⌉ at α = 2^−30', () => {
    expect(repetitionCountCutoff(8, 20)).toBe(4);
    expect(repetitionCountCutoff(4, 20)).toBe(6);
    expect(repetitionCountCutoff(0.5, 20)).toBe(41);
    expect(repetitionCountCutoff(7.23, 20)).toBe(4);
    expect(repetitionCountCutoff(4, 30)).toBe(9);
    expect(repetitionCountCutoff(1, 30, 1)).toBe(31);
  });

  it('APT at α = 2^−20 matches the standard’s table: W = 512 → 410, 311, 177, 62, 13 for H = 0.5, 1, 2, 4, 8; W = 1024, H = 1 → 589', () => {
    expect([0.5, 1, 2, 4, 8].map((h) => adaptiveProportionCutoff(h, 20))).toEqual([410, 311, 177, 62, 13]);
    expect(adaptiveProportionCutoff(1, 20, 1)).toBe(589);
  });

  it('APT at α = 2^−30 (the cabinet’s, docs/rng.md#health-tests): 71 for H = 4, 16 for H = 8, 609 for binary H = 1', () => {
    expect(healthCutoffs(4, 30)).toEqual({ alphaLog2: 30, repetitionCount: 9, adaptiveProportion: 71, aptWindow: 512 });
    expect(healthCutoffs(8, 30).adaptiveProportion).toBe(16);
    expect(healthCutoffs(1, 30, 1)).toEqual({
      alphaLog2: 30,
      repetitionCount: 31,
      adaptiveProportion: 609,
      aptWindow: 1024,
    });
  });

  it('the APT cutoff is the first count whose binomial tail is at most α', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.05, max: 8, noNaN: true }), fc.integer({ min: 20, max: 40 }), (h, a) => {
        const c = adaptiveProportionCutoff(h, a);
        expect(binomialTail(512, 2 ** -h, c)).toBeLessThanOrEqual(2 ** -a);
        if (c > 1) expect(binomialTail(512, 2 ** -h, c - 1)).toBeGreaterThan(2 ** -a);
      }),
      { numRuns: 50 },
    );
  });

  it('refuses an H outside (0, bits per sample]', () => {
    expect(() => repetitionCountCutoff(0, 20)).toThrow(/more than 0 and at most 8/);
    expect(() => adaptiveProportionCutoff(9, 20)).toThrow(/at most 8/);
    expect(() => healthCutoffs(1.5, 20, 1)).toThrow(/at most 1 bits/);
  });
});
