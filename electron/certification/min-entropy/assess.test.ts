import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assess, type Assessment } from './assess.ts';
import { Z_99 } from './normal-bound.ts';
import { SeededRandomSource } from '../../core/random/seeded-random-source.ts';

const estimate = (a: Assessment, on: 'samples' | 'bitstring', name: string) =>
  a.runs.find((r) => r.on === on && r.name === name)!.estimate!.minEntropy;

/**
 * Random bytes assess above `typical`, except when a predictor on the samples happens to guess three
 * in a row (at 1/256 a guess: roughly one capture of 1,000,000 in six, one of 100,000 in fifty). Then
 * the standard's P_local, the chance at which such a run is unremarkable, sets H instead, and H is
 * still above `floor`.
 */
function expectRandomBytesAssessment(a: Assessment, typical: number, floor: number): void {
  expect(a.minEntropy).toBeGreaterThan(floor);
  if (a.minEntropy > typical) return;
  const limiting = a.runs.find((r) => r.estimate?.minEntropy === a.minEntropy)!;
  expect(limiting.on).toBe('samples');
  expect(limiting.section).toMatch(/^6\.3\.(7|8|9|10)$/);
  expect(limiting.estimate!.details.r).toBeGreaterThanOrEqual(4);
  expect(limiting.estimate!.details.pLocal).toBeGreaterThan(limiting.estimate!.details.pGlobalPrime!);
}

describe('assessing a capture (SP 800-90B §6.3, H = min(H_original, bits × H_bitstring))', () => {
  it('a stuck source (one value) has no entropy', () => {
    const a = assess(new Uint8Array(20_000).fill(0x5a));
    expect(a.distinctValues).toBe(1);
    expect(a.minEntropy).toBe(0);
  });

  it('a source stuck between two values is assessed as binary samples, at most 1 bit each', () => {
    const random = new SeededRandomSource(3);
    const a = assess(Uint8Array.from({ length: 20_000 }, () => (random.nextInt(2) ? 0xff : 0x00)));
    expect(a.hBitstring).toBeNull();
    expect(a.runs.map((r) => r.section)).toContain('6.3.2'); // collision runs on the samples themselves
    expect(a.minEntropy).toBeGreaterThan(0.5);
    expect(a.minEntropy).toBeLessThanOrEqual(1);
  });

  it('a biased source (one value with p = 0.9): MCV is −log2(0.9) less its 99% confidence margin', () => {
    const random = new SeededRandomSource(9);
    const n = 100_000;
    const bytes = Uint8Array.from({ length: n }, () => (random.nextInt(10) < 9 ? 0 : 1 + random.nextInt(255)));
    const a = assess(bytes);
    const mcv = estimate(a, 'samples', 'most common value');
    const sigma = Math.sqrt((0.9 * 0.1) / n);
    expect(mcv).toBeLessThan(-Math.log2(0.9));
    expect(mcv).toBeGreaterThan(-Math.log2(0.9 + 2 * Z_99 * sigma));
    expect(a.minEntropy).toBeLessThanOrEqual(mcv);
  });

  it('OS random bytes (100,000): MCV and t-tuple close to 8 bits, the whole assessment above 6', () => {
    const a = assess(new Uint8Array(randomBytes(100_000)));
    expect(estimate(a, 'samples', 'most common value')).toBeGreaterThan(7.5);
    expect(estimate(a, 'samples', 't-tuple')).toBeGreaterThan(7.5);
    expectRandomBytesAssessment(a, 6, 5.7);
    expect(a.minEntropy).toBeLessThanOrEqual(8);
  });

  // One million samples take tens of seconds: run with MIN_ENTROPY_FULL=1 (the benchmark runs them too).
  it.runIf(process.env.MIN_ENTROPY_FULL === '1')(
    'OS random bytes (1,000,000): MCV near 8, t-tuple above 7.3, the assessment above 7',
    () => {
      const a = assess(new Uint8Array(randomBytes(1_000_000)));
      expect(estimate(a, 'samples', 'most common value')).toBeGreaterThan(7.8);
      // About one capture in two has some pair of bytes 35 times (~15 expected), so t = 2 and the
      // estimate is −log2 of the bound on √(35/L), 7.33; otherwise t = 1 and it equals MCV.
      expect(estimate(a, 'samples', 't-tuple')).toBeGreaterThan(7.3);
      expectRandomBytesAssessment(a, 7, 6.5);
    },
    600_000,
  );

  it('the assessment is the smallest estimate, the bitstring ones scaled by the bits per sample', () => {
    const a = assess(new Uint8Array(randomBytes(30_000)));
    const onSamples = a.runs.filter((r) => r.on === 'samples' && r.estimate).map((r) => r.estimate!.minEntropy);
    const onBits = a.runs.filter((r) => r.on === 'bitstring' && r.estimate).map((r) => r.estimate!.minEntropy);
    expect(a.hOriginal).toBe(Math.min(8, ...onSamples));
    expect(a.hBitstring).toBe(Math.min(1, ...onBits));
    expect(a.minEntropy).toBe(Math.min(a.hOriginal!, 8 * a.hBitstring!));
  });

  it('--bits: samples of fewer bits are read from the low bits, and a wider value is refused', () => {
    const random = new SeededRandomSource(4);
    const nibbles = Uint8Array.from({ length: 20_000 }, () => random.nextInt(16));
    const a = assess(nibbles, 4);
    expect(a.minEntropy).toBeLessThanOrEqual(4);
    expect(a.runs.find((r) => r.on === 'bitstring')!.estimate).not.toBeNull();
    expect(() => assess(Uint8Array.from([1, 2, 17]), 4)).toThrow(/sample 2 is 17, which does not fit in 4 bits/);
  });

  const captures = (minLength: number) =>
    fc.oneof(
      fc.uint8Array({ minLength, maxLength: 3000 }),
      fc.uint8Array({ minLength, maxLength: 3000, max: 3 }),
      fc
        .tuple(fc.uint8Array({ minLength: 1, maxLength: 20 }), fc.integer({ min: 2, max: 200 }))
        .map(([unit, times]) => Uint8Array.from({ length: unit.length * times }, (_, i) => unit[i % unit.length]!))
        .filter((bytes) => bytes.length >= minLength),
    );

  it('every estimate lies in [0, bits per sample] (per bit on the bitstring), and so does the assessment', () => {
    fc.assert(
      fc.property(captures(2), (bytes) => {
        const a = assess(bytes);
        for (const run of a.runs) {
          if (!run.estimate) continue;
          const ceiling = run.on === 'bitstring' ? 1 : 8;
          expect(run.estimate.minEntropy).toBeGreaterThanOrEqual(0);
          expect(run.estimate.minEntropy).toBeLessThanOrEqual(ceiling + 1e-12);
        }
        expect(a.minEntropy).toBeGreaterThanOrEqual(0);
        expect(a.minEntropy).toBeLessThanOrEqual(8);
      }),
      { numRuns: 60 },
    );
  });

  // From a few hundred samples on: below that the 99% confidence margins of a handful of samples
  // dominate, and twice the samples narrow them more than the repeat costs.
  it('duplicating a capture of 1,000 samples or more never raises the assessment (the repeat is found)', () => {
    fc.assert(
      fc.property(captures(1000), (bytes) => {
        const twice = new Uint8Array(bytes.length * 2);
        twice.set(bytes);
        twice.set(bytes, bytes.length);
        expect(assess(twice).minEntropy).toBeLessThanOrEqual(assess(bytes).minEntropy + 1e-12);
      }),
      { numRuns: 60 },
    );
  });
});
