import { describe, expect, it } from 'vitest';
import {
  aptCutoff,
  ENTROPY_PER_SAMPLE_BITS,
  HEALTH_ALPHA,
  healthConfigFor,
  HealthTests,
  rctCutoff,
} from './health-tests.ts';
import fc from 'fast-check';
import { binomialTail } from '../../core/math/health-cutoffs.ts';
import { lnGamma } from '../../core/math/ln-gamma.ts';

describe('SP 800-90B §4.4 cutoffs (docs/rng.md#health-tests)', () => {
  it('RCT cutoff C = 1 + ⌈30/H⌉: 31 for H = 1, 9 for H = 4, 5 for H = 8', () => {
    expect(rctCutoff(1)).toBe(31);
    expect(rctCutoff(4)).toBe(9);
    expect(rctCutoff(8)).toBe(5);
  });

  it('APT cutoff at α = 2^-30 reproduces the notes: W=512 H=8 → 16, W=512 H=4 → 71, W=1024 H=1 → 609', () => {
    expect(aptCutoff(512, 8)).toBe(16);
    expect(aptCutoff(512, 4)).toBe(71);
    expect(aptCutoff(1024, 1)).toBe(609);
  });

  it('the cabinet assumes H = 4 bits per byte, so RCT 9 and APT 71', () => {
    expect(ENTROPY_PER_SAMPLE_BITS).toBe(4);
    const tests = new HealthTests();
    expect(tests.rct.cutoff).toBe(9);
    expect(tests.apt.cutoff).toBe(71);
    expect(tests.apt.window).toBe(512);
  });

  it('the binomial tail and ln Γ they rest on agree with known values', () => {
    expect(binomialTail(10, 0.5, 8)).toBeCloseTo(56 / 1024, 14); // C(10,8)+C(10,9)+C(10,10) = 56
    expect(binomialTail(20, 0.3, 0)).toBe(1);
    expect(Math.exp(lnGamma(10))).toBeCloseTo(362880, 6);
    expect(lnGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 13);
  });

  it("at the standard's own α = 2^-20 the cutoffs are SP 800-90B §4.4 Table 2 and its RCT example", () => {
    const a20 = 2 ** -20;
    // Table 2, non-binary samples (W = 512).
    const nonBinary: Array<[number, number]> = [
      [0.5, 410],
      [1, 311],
      [2, 177],
      [4, 62],
      [8, 13],
    ];
    for (const [h, cutoff] of nonBinary) expect(aptCutoff(512, h, a20), `H = ${h}`).toBe(cutoff);
    // Table 2, binary samples (W = 1024), H = 1.
    expect(aptCutoff(1024, 1, a20)).toBe(589);
    // §4.4.1: α = 2^-20 and H = 2 give C = 1 + ⌈20 / 2⌉ = 11.
    expect(rctCutoff(2, a20)).toBe(11);
  });

  it("the venue's H sets both cutoffs (α = 2^-30, W = 512): H = 8 → 5 and 16, H = 0.5 → 61", () => {
    const at8 = new HealthTests(healthConfigFor(8));
    expect([at8.rct.cutoff, at8.apt.cutoff, at8.apt.window]).toEqual([5, 16, 512]);
    const atHalf = new HealthTests(healthConfigFor(0.5));
    expect(atHalf.rct.cutoff).toBe(61);
    expect(healthConfigFor(4)).toEqual({ entropyBits: 4, alpha: HEALTH_ALPHA, aptWindow: 512 });
  });

  it('a venue H outside 0.5..8 is refused naming the setting', () => {
    expect(() => healthConfigFor(0.25)).toThrow(/minEntropyBitsPerByte must be from 0.5 to 8/);
    expect(() => healthConfigFor(9)).toThrow(RangeError);
    expect(() => healthConfigFor(Number.NaN)).toThrow(RangeError);
  });

  it('less entropy credited never makes a test stricter: both cutoffs fall as H grows', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.5, max: 8, noNaN: true }),
        fc.double({ min: 0.5, max: 8, noNaN: true }),
        (a, b) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          expect(rctCutoff(hi)).toBeLessThanOrEqual(rctCutoff(lo));
          expect(aptCutoff(512, hi)).toBeLessThanOrEqual(aptCutoff(512, lo));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('rejects H outside (0, 8]', () => {
    expect(() => rctCutoff(0)).toThrow(RangeError);
    expect(() => aptCutoff(512, 9)).toThrow(RangeError);
  });
});

describe('continuous health tests on byte samples', () => {
  it('RCT: a stuck byte fails exactly at the C-th identical sample (C = 9)', () => {
    const tests = new HealthTests();
    expect(tests.feed(0x10)).toBeNull();
    for (let i = 1; i < 9; i++) expect(tests.feed(0xaa)).toBeNull();
    const failure = tests.feed(0xaa); // the 9th 0xaa
    expect(failure?.test).toBe('repetition-count');
    expect(failure?.reason).toMatch(/9 identical samples \(0xaa\)/);
  });

  it('RCT: a run of 8 identical bytes followed by another value passes', () => {
    const tests = new HealthTests();
    for (let i = 0; i < 8; i++) expect(tests.feed(7)).toBeNull();
    expect(tests.feed(8)).toBeNull();
  });

  it('APT: the first value of a window seen 71 times in 512 samples fails; 70 times passes', () => {
    const make = (hits: number) => {
      const tests = new HealthTests();
      const out: (string | null)[] = [];
      // first sample 0x00, then `hits − 1` more zeros spread out, the rest cycles 1..255 (no runs).
      let other = 1;
      for (let i = 0; i < 512; i++) {
        const isHit = i === 0 || (i % 7 === 0 && i / 7 < hits);
        const sample = isHit ? 0 : other;
        if (!isHit) other = other === 255 ? 1 : other + 1;
        out.push(tests.feed(sample)?.test ?? null);
      }
      return out;
    };
    expect(make(70).every((x) => x === null)).toBe(true);
    const failing = make(71);
    // hits are samples 0, 7, 14, …: the 71st is sample 490, where the test must fail first.
    expect(failing.findIndex((x) => x !== null)).toBe(490);
    expect(failing[490]).toBe('adaptive-proportion');
  });

  it('APT: counts restart in each window of 512 samples', () => {
    const tests = new HealthTests();
    // 40 zeros in each of several windows: never 71 in one window.
    for (let w = 0; w < 4; w++) {
      for (let i = 0; i < 512; i++) {
        expect(tests.feed(i % 12 === 0 && i / 12 < 40 ? 0 : (i % 250) + 1)).toBeNull();
      }
    }
  });

  it('a biased stream (values in 0..3 only) trips the APT within one window, not the RCT', () => {
    const tests = new HealthTests();
    let failure = null;
    let n = 0;
    let x = 12345;
    while (failure === null && n < 10_000) {
      x = (x * 1103515245 + 12345) >>> 0;
      failure = tests.feed((x >>> 16) & 3);
      n++;
    }
    expect(failure?.test).toBe('adaptive-proportion');
    expect(n).toBeLessThanOrEqual(512);
  });

  it('1,000,000 bytes of OS randomness pass both tests (false alarms far below α)', async () => {
    const { randomBytes } = await import('node:crypto');
    const tests = new HealthTests();
    const data = randomBytes(1_000_000);
    let failures = 0;
    for (const b of data) if (tests.feed(b) !== null) failures++;
    expect(failures).toBe(0);
    expect(tests.samples).toBe(1_000_000);
  });
});
