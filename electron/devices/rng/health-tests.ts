/**
 * SP 800-90B §4.4 continuous health tests on the raw samples of the hardware RNG, and the
 * §4.3 start-up test. Samples are bytes (8-bit, non-binary). docs/rng.md#health-tests.
 *
 * ENTROPY ESTIMATE. H, the min-entropy credited per 8-bit sample, is the venue setting
 * `devices.rng.minEntropyBitsPerByte` (docs/venue-config.md#fields, 0.5 to 8, default 4). The default 4
 * for a TrueRNG-style device: such devices whiten their avalanche-noise output on the device and the
 * vendors claim close to 8 bits/byte, but the raw noise is not exposed and we have not run the
 * SP 800-90B §6 estimators on it, so we credit only half. Everything below is a function of H
 * (healthConfigFor); at the default:
 *  - the DRBG takes ⌈256 / 4⌉ = 64 device bytes for each 256-bit (re)seed;
 *  - RCT cutoff C = 1 + ⌈30 / 4⌉ = 9; APT cutoff (W = 512) = 71.
 * With true 8-bit samples these cutoffs give false alarms far below α = 2^-30 (a stuck-at byte is
 * still caught after 9 samples), where H = 8 cutoffs (5 and 16) would false-alarm every few hours
 * at a TrueRNG's ~350 kB/s.
 */
import { MIN_ENTROPY_BITS_PER_BYTE } from '../../core/config/venue-config.ts';
import { adaptiveProportionCutoff, repetitionCountCutoff } from '../../core/math/health-cutoffs.ts';

/** α for both tests: SP 800-90B recommends 2^-20 ≤ α ≤ 2^-40; we use 2^-30 (docs/rng.md#health-tests). */
export const HEALTH_ALPHA = 2 ** -30;
/** The default assessed min-entropy per byte sample (see the file comment). */
export const ENTROPY_PER_SAMPLE_BITS: number = MIN_ENTROPY_BITS_PER_BYTE.default;
/** The range of H a venue may set: SP 800-90B caps H at the sample size (8 bits); below 0.5 a reseed needs 512+ bytes. */
export const ENTROPY_BITS_RANGE = MIN_ENTROPY_BITS_PER_BYTE;
/** SP 800-90B §4.4.2: the window is 512 for non-binary samples, 1024 for binary ones. */
export const APT_WINDOW = 512;
/** SP 800-90B §4.3: start-up testing over at least 1024 consecutive samples. */
export const STARTUP_SAMPLES = 1024;

/** SP 800-90B §4.4.1: C = 1 + ⌈−log2(α) / H⌉ (the one formula, in core/math/health-cutoffs.ts). */
export function rctCutoff(entropyBits: number, alpha = HEALTH_ALPHA): number {
  return repetitionCountCutoff(entropyBits, -Math.log2(alpha));
}

/** SP 800-90B §4.4.2: C = 1 + CRITBINOM(W, 2^−H, 1 − α) (the one formula, in core/math/health-cutoffs.ts). */
export function aptCutoff(window: number, entropyBits: number, alpha = HEALTH_ALPHA): number {
  return adaptiveProportionCutoff(entropyBits, -Math.log2(alpha), 8, window);
}

export type HealthTestName = 'repetition-count' | 'adaptive-proportion';

export interface HealthFailure {
  readonly test: HealthTestName;
  readonly reason: string;
  /** RCT: length of the run of identical samples; APT: occurrences of the window's first value so far. */
  readonly count: number;
}

/** SP 800-90B §4.4.1 Repetition Count Test. */
export class RepetitionCountTest {
  readonly cutoff: number;
  private last = -1;
  private count = 0;

  /** Length of the current run of identical samples. */
  get run(): number {
    return this.count;
  }

  constructor(cutoff: number) {
    this.cutoff = cutoff;
  }

  /** Returns true when this sample makes the test fail (the run reached the cutoff). */
  feed(sample: number): boolean {
    if (sample === this.last) {
      this.count++;
      return this.count >= this.cutoff;
    }
    this.last = sample;
    this.count = 1;
    return false;
  }

  reset(): void {
    this.last = -1;
    this.count = 0;
  }
}

/** SP 800-90B §4.4.2 Adaptive Proportion Test over windows of W samples. */
export class AdaptiveProportionTest {
  readonly cutoff: number;
  readonly window: number;
  private first = -1;
  private count = 0;
  private seen = 0;

  /** The value being counted in the current window. */
  get value(): number {
    return this.first;
  }

  /** How often that value has occurred in the current window. */
  get occurrences(): number {
    return this.count;
  }

  constructor(cutoff: number, window: number) {
    this.cutoff = cutoff;
    this.window = window;
  }

  feed(sample: number): boolean {
    if (this.seen === 0) {
      this.first = sample;
      this.count = 1;
      this.seen = 1;
      return false;
    }
    this.seen++;
    if (sample === this.first) this.count++;
    const failed = this.count >= this.cutoff;
    if (this.seen === this.window) this.seen = 0;
    return failed;
  }

  reset(): void {
    this.seen = 0;
    this.count = 0;
    this.first = -1;
  }
}

export interface HealthTestConfig {
  readonly entropyBits: number;
  readonly alpha: number;
  readonly aptWindow: number;
}

/**
 * The health tests for a venue's H (bits of min-entropy per byte): α = 2^-30 and W = 512 (byte samples are
 * non-binary) stay fixed; the cutoffs follow from H by the §4.4 formulas (rctCutoff, aptCutoff).
 */
export function healthConfigFor(entropyBits: number): HealthTestConfig {
  if (!(entropyBits >= ENTROPY_BITS_RANGE.min && entropyBits <= ENTROPY_BITS_RANGE.max)) {
    throw new RangeError(
      `minEntropyBitsPerByte must be from ${ENTROPY_BITS_RANGE.min} to ${ENTROPY_BITS_RANGE.max} bits, got ${entropyBits}`,
    );
  }
  return { entropyBits, alpha: HEALTH_ALPHA, aptWindow: APT_WINDOW };
}

export const DEFAULT_HEALTH_CONFIG: HealthTestConfig = healthConfigFor(ENTROPY_PER_SAMPLE_BITS);

/** Both continuous tests together, fed every raw sample in order. */
export class HealthTests {
  readonly rct: RepetitionCountTest;
  readonly apt: AdaptiveProportionTest;
  /** Samples fed since construction or the last reset. */
  samples = 0;

  constructor(config: HealthTestConfig = DEFAULT_HEALTH_CONFIG) {
    this.rct = new RepetitionCountTest(rctCutoff(config.entropyBits, config.alpha));
    this.apt = new AdaptiveProportionTest(
      aptCutoff(config.aptWindow, config.entropyBits, config.alpha),
      config.aptWindow,
    );
  }

  /** Feeds one sample; returns the failure it caused, or null. Both tests always see the sample. */
  feed(sample: number): HealthFailure | null {
    this.samples++;
    const rctFailed = this.rct.feed(sample);
    const aptFailed = this.apt.feed(sample);
    if (rctFailed) {
      return {
        test: 'repetition-count',
        count: this.rct.run,
        reason: `repetition count test failed: ${this.rct.cutoff} identical samples (0x${hex(sample)}) in a row, cutoff ${this.rct.cutoff}`,
      };
    }
    if (aptFailed) {
      return {
        test: 'adaptive-proportion',
        count: this.apt.occurrences,
        reason: `adaptive proportion test failed: one value (0x${hex(this.apt.value)}) ${this.apt.cutoff} times in a window of ${this.apt.window}, cutoff ${this.apt.cutoff}`,
      };
    }
    return null;
  }

  reset(): void {
    this.rct.reset();
    this.apt.reset();
    this.samples = 0;
  }
}

function hex(byte: number): string {
  return byte.toString(16).padStart(2, '0');
}
