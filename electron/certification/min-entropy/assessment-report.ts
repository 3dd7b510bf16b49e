/**
 * The lab's report of an assessment (`npm run rng-report -- --assess`): every estimator, the minimum,
 * the value to configure as `devices.rng.minEntropyBitsPerByte`, and the health-test cutoffs that
 * value implies (docs/rng.md#assessing-the-sources-min-entropy).
 */
import type { Assessment } from './assess.ts';
import { healthCutoffs, type HealthCutoffs } from '../../core/math/health-cutoffs.ts';
import { MIN_ENTROPY_BITS_PER_BYTE } from '../../core/config/venue-config.ts';

/** SP 800-90B §3.1.3 (and NIST's tool) ask for at least 1,000,000 samples. */
export const RECOMMENDED_SAMPLES = 1_000_000;
/** Below this the confidence bounds swamp the estimates; the tool refuses. */
export const MINIMUM_SAMPLES = 10_000;
/** The smallest `devices.rng.minEntropyBitsPerByte` a venue may set; a source assessed lower is not usable. */
export const LOWEST_SETTING = MIN_ENTROPY_BITS_PER_BYTE.min;

export interface EstimatorLine {
  readonly name: string;
  readonly section: string;
  readonly on: 'samples' | 'bitstring';
  /** Bits per sample of the sequence it ran on (per bit for the bitstring); null: not enough data. */
  readonly minEntropy: number | null;
  /** The same in bits per original sample (× bits per sample for the bitstring). */
  readonly perSample: number | null;
  readonly details: Readonly<Record<string, number>>;
  readonly seconds: number;
}

export interface AssessmentReport {
  readonly samples: number;
  readonly bitsPerSample: number;
  readonly distinctValues: number;
  readonly estimators: readonly EstimatorLine[];
  readonly hOriginal: number | null;
  readonly hBitstring: number | null;
  /** The assessed min-entropy, bits per sample. */
  readonly minEntropy: number;
  readonly limitedBy: string;
  /**
   * H rounded down to 0.01 bit, so the setting never claims more than was measured; null when that is
   * below the lowest setting (the source must not be used).
   */
  readonly minEntropyBitsPerByte: number | null;
  /** The SP 800-90B §4.4 cutoffs for that setting; null when there is none. */
  readonly healthTests: HealthCutoffs | null;
  readonly warnings: readonly string[];
}

export function assessmentReport(assessment: Assessment, alphaLog2: number): AssessmentReport {
  const { bitsPerSample } = assessment;
  const estimators = assessment.runs.map((run) => {
    const value = run.estimate?.minEntropy ?? null;
    return {
      name: run.name,
      section: run.section,
      on: run.on,
      minEntropy: value,
      perSample: value === null ? null : run.on === 'bitstring' ? value * bitsPerSample : value,
      details: run.estimate?.details ?? {},
      seconds: Math.round(run.seconds * 1000) / 1000,
    };
  });
  const rounded = Math.max(0, Math.floor(assessment.minEntropy * 100 + 1e-9) / 100);
  const setting = rounded >= LOWEST_SETTING ? rounded : null;
  const warnings: string[] = [];
  if (assessment.samples < RECOMMENDED_SAMPLES) {
    warnings.push(
      `only ${assessment.samples} samples: SP 800-90B asks for at least ${RECOMMENDED_SAMPLES} for an assessment a lab can rely on`,
    );
  }
  return {
    samples: assessment.samples,
    bitsPerSample,
    distinctValues: assessment.distinctValues,
    estimators,
    hOriginal: assessment.hOriginal,
    hBitstring: assessment.hBitstring,
    minEntropy: assessment.minEntropy,
    limitedBy: assessment.limitedBy,
    minEntropyBitsPerByte: setting,
    healthTests: setting !== null ? healthCutoffs(setting, alphaLog2, bitsPerSample) : null,
    warnings,
  };
}

export function assessmentReportLines(report: AssessmentReport, source: string): string[] {
  const format = (value: number | null) => (value === null ? 'not run (too little data)' : value.toFixed(6));
  const lines = [
    `SP 800-90B non-IID min-entropy assessment of ${source}`,
    `${report.samples} samples of ${report.bitsPerSample} bits, ${report.distinctValues} distinct values`,
    '',
    'estimator                          section  on         H (per unit)  H per sample',
  ];
  for (const e of report.estimators) {
    lines.push(
      `  ${e.name.padEnd(32)} ${e.section.padEnd(8)} ${e.on.padEnd(10)} ${format(e.minEntropy).padStart(12)}  ${e.perSample === null ? '' : e.perSample.toFixed(6)}`,
    );
  }
  lines.push(
    '',
    `H_original  = ${report.hOriginal === null ? 'n/a' : report.hOriginal.toFixed(6)} bits per sample`,
    `H_bitstring = ${report.hBitstring === null ? 'n/a (binary samples)' : `${report.hBitstring.toFixed(6)} bits per bit`}`,
    `assessed min-entropy H = ${report.minEntropy.toFixed(6)} bits per sample (limited by ${report.limitedBy})`,
  );
  if (report.minEntropyBitsPerByte !== null) {
    lines.push(`recommended devices.rng.minEntropyBitsPerByte = ${report.minEntropyBitsPerByte}`);
  }
  if (report.healthTests) {
    const h = report.healthTests;
    lines.push(
      `health-test cutoffs at that H (SP 800-90B §4.4, α = 2^-${h.alphaLog2}): repetition count ${h.repetitionCount}, adaptive proportion ${h.adaptiveProportion} in a window of ${h.aptWindow}`,
    );
  } else {
    lines.push(
      `H is below ${LOWEST_SETTING} bits per sample, the lowest devices.rng.minEntropyBitsPerByte a venue can set: the source must not be used`,
    );
  }
  for (const warning of report.warnings) lines.push(`warning: ${warning}`);
  return lines;
}
