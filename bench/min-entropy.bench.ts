/**
 * Min-entropy assessment benchmark: how long the SP 800-90B §6.3 estimators take on a capture of the
 * size the standard asks for (docs/rng.md#assessing-the-sources-min-entropy), per estimator and in total,
 * on OS random bytes (the usual case: every estimator at full work) and on a biased source (p = 0.9 for
 * one value: long repeats, deep suffix-array and dictionary work). Prints the assessed H as well, so a
 * run also shows the 1,000,000-sample results. Timings are reported, never asserted.
 *
 *   node bench/min-entropy.bench.ts [--samples N] [--json]
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { assess } from '../electron/certification/min-entropy/assess.ts';
import { SeededRandomSource } from '../electron/core/random/seeded-random-source.ts';
import { reportFigures } from './figures.ts';

const { values } = parseArgs({ options: { samples: { type: 'string' }, json: { type: 'boolean' } }, strict: true });
const samples = values.samples === undefined ? 1_000_000 : Number(values.samples);
if (!Number.isInteger(samples) || samples < 10_000 || samples > 2_000_000) {
  process.stderr.write('min-entropy.bench: --samples must be a whole number from 10000 to 2000000\n');
  process.exit(2);
}

const biasedSource = new SeededRandomSource(20261201);
const inputs: Record<string, Uint8Array> = {
  os_random: new Uint8Array(randomBytes(samples)),
  biased_p09: Uint8Array.from({ length: samples }, () =>
    biasedSource.nextInt(10) < 9 ? 0 : 1 + biasedSource.nextInt(255),
  ),
};

const results: Record<string, number | string> = { samples };
for (const [name, bytes] of Object.entries(inputs)) {
  const started = performance.now();
  const assessment = assess(bytes);
  results[`${name}_total_s`] = (performance.now() - started) / 1000;
  results[`${name}_H`] = assessment.minEntropy;
  results[`${name}_limited_by`] = assessment.limitedBy;
  for (const run of assessment.runs) {
    results[`${name}_${run.on}_${run.section}_s`] = run.seconds;
  }
}

for (const [key, value] of Object.entries(results)) {
  if (typeof value === 'number' && !Number.isInteger(value)) results[key] = Math.round(value * 1000) / 1000;
}
reportFigures(
  Object.fromEntries(
    Object.keys(inputs).map((name) => [
      `${name}_assessment_s`,
      { value: results[`${name}_total_s`] as number, unit: 's', better: 'lower' as const },
    ]),
  ),
);
if (values.json) {
  process.stdout.write(JSON.stringify({ bench: 'min-entropy', ...results }) + '\n');
} else {
  process.stdout.write(`Min-entropy assessment benchmark (${samples} samples of 8 bits)\n`);
  for (const [key, value] of Object.entries(results)) process.stdout.write(`  ${key.padEnd(40)} ${value}\n`);
}
