/**
 * rng-report: deals N cards through the certified path (DRBG random source with prediction
 * resistance over OS entropy, or over a hardware RNG / emulator with --port; FreshShoe + dealRound)
 * and runs the statistical tests a gaming lab asks for at 99% confidence (docs/cabinet-rules.md#rng-requirements),
 * implemented in hardware/rng/deal-statistics.ts:
 *
 *  - chi-square of rank frequency for each deal position P1, B1, P2, B2 (expected 1/13 each) and
 *    P3, B3 (exact expected distribution given the card is dealt, deal-expectations.ts);
 *  - chi-square of the outcomes Banker / Player / Tie against the exact analysis;
 *  - runs tests (Wald–Wolfowitz) on the round-by-round sequence Banker vs Player (ties left out) and
 *    on P1 in the high/low half of the 52 faces;
 *  - lag-1 serial correlation of round-by-round values: the P1 face index, and Banker − Player total.
 * Round-level sequences are used for runs and correlation because every round is dealt from a fresh
 * shoe, so rounds are independent; cards within a round are not (drawn without replacement).
 *
 * PASS RULE. With k tests, "pass" means every p-value ≥ 0.01 / k (Bonferroni): the chance that a
 * correct RNG fails the whole report is at most 1%, i.e. the family of tests is run at 99% confidence.
 *
 * Two more modes serve the source's min-entropy assessment (docs/rng.md#assessing-the-sources-min-entropy):
 *  - `--capture PATH --port PORT --bytes N` reads N raw bytes from a serial RNG into a new file;
 *  - `--assess PATH` runs the SP 800-90B §6.3 estimators on such a file (certification/min-entropy/) and
 *    prints the min-entropy to configure and the health-test cutoffs it implies.
 * A little over 400 lines: the three modes share one flag parser and its error wording, which a split would copy.
 */
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { dealRound } from '../core/engine/round.ts';
import { FreshShoe, MAX_DECKS, MIN_DECKS } from '../core/engine/shoe.ts';
import { RngUnavailableError } from '../core/random/drbg-random-source.ts';
import { DealTally, verdict } from '../certification/deal-statistics.ts';
import { createRngService } from '../devices/rng/rng-service.ts';
import type { TestResult } from '../certification/statistics.ts';
import { assess } from '../certification/min-entropy/assess.ts';
import {
  assessmentReport,
  assessmentReportLines,
  MINIMUM_SAMPLES,
  type AssessmentReport,
} from '../certification/min-entropy/assessment-report.ts';
import { openSerialportLink } from '../devices/serial/serialport-link.ts';
import {
  existingFileFlag,
  intFlag,
  newPathFlag,
  printJson,
  runCli,
  serialPortFlag,
  UsageError,
} from './cli-support.ts';
import { dealOnWorkers, reportRandomSource } from './rng-report-workers.ts';

/** Memory and time stay reasonable up to here (the bitstring of 2,000,000 bytes is 16,000,000 bits). */
const MAX_ASSESS_SAMPLES = 2_000_000;
const MAX_CAPTURE_BYTES = 100_000_000;
const CAPTURE_STALL_MS = 15_000;

const USAGE = `Usage: npm run --silent rng-report -- --draws N [--decks D] [--port PATH] [--no-prediction-resistance] [--workers N] [--json]
       npm run --silent rng-report -- --assess FILE [--bits B] [--alpha-log2 A] [--json]
       npm run --silent rng-report -- --capture FILE --port PATH --bytes N

Deals N cards through the certified RNG path (HMAC_DRBG SHA-256 random source, reseeded before every
round, prediction resistance on; FreshShoe + dealRound) and runs chi-square (rank per deal position,
outcomes vs the exact analysis), runs and serial-correlation tests. Progress goes to stderr.

  --draws N     cards to deal, 1000..1000000000 (rounds are dealt until at least N cards)
  --decks D     decks in the shoe, ${MIN_DECKS}..${MAX_DECKS} (default 8)
  --port PATH   use the hardware RNG (or the emulator's pty end) on PATH instead of OS entropy
  --no-prediction-resistance   reseed only before each round, not before every DRBG request
  --lanes L     DRBG instances per worker: 4 in lockstep on a SIMD SHA-256 (default over OS entropy;
                each its own seeded, reseeded DRBG, dealing every fourth round) or 1 (the cabinet's
                single DRBG; always 1 with --port)
  --workers N   worker threads, 1..the number of cores (default: every core, ${Math.max(1, availableParallelism())} here;
                1 with --port). Each has its own DRBG from independent OS entropy; the tallies merge exactly.
  --json        print the report as JSON (the last line)
  --help        this text

pass = every p-value ≥ 0.01 / (number of tests) (Bonferroni, 99% confidence for the family).
Exit codes: 0 pass, 1 fail, 2 bad input or the RNG unavailable.

--assess FILE runs the NIST SP 800-90B §6.3 non-IID estimators (most common value, collision, Markov,
compression, t-tuple, LRS, MultiMCW, Lag, MultiMMC, LZ78Y) on a capture of raw samples, one per byte,
and prints each estimate, the assessed min-entropy H = min(H_original, B × H_bitstring), the
recommended devices.rng.minEntropyBitsPerByte and the health-test cutoffs it implies (SP 800-90B §4.4).
  --bits B        bits per sample, 1..8 (default 8); each byte holds one sample in its low B bits
  --alpha-log2 A  health-test false-alarm probability α = 2^-A, 20..40 (default 30, the cabinet's)
  FILE must hold ${MINIMUM_SAMPLES}..${MAX_ASSESS_SAMPLES} samples; under 1000000 gives a warning (SP 800-90B asks
  for 1000000). Exit codes: 0 assessed, 1 H below 0.5 (no setting can be recommended), 2 bad input.

--capture FILE --port PATH --bytes N reads N raw bytes (1..${MAX_CAPTURE_BYTES}) from the serial RNG on PATH into
FILE, which must not exist yet (written whole or not at all). Exit codes: 0 captured, 2 bad input or the
device failed or stalled for ${CAPTURE_STALL_MS / 1000} s.`;

export interface RngReport {
  /** The certified path the cards came through, in words (docs/rng.md#the-fast-hmac). */
  readonly path: string;
  /** Worker threads that dealt, one per core used. */
  readonly workers: number;
  /** DRBG instances per worker: 4 in lockstep on the SIMD SHA-256, or 1 (docs/rng.md#lockstep-instances). */
  readonly lanes: number;
  readonly draws: number;
  readonly cards: number;
  readonly rounds: number;
  readonly decks: number;
  readonly source: string;
  readonly predictionResistance: boolean;
  readonly reseeds: number;
  /** DRBG generate requests; with prediction resistance each one follows a reseed (docs/rng.md#prediction-resistance). */
  readonly requests: number;
  readonly voidedRounds: number;
  readonly seconds: number;
  readonly cardsPerSecond: number;
  readonly roundsPerSecond: number;
  readonly tests: readonly TestResult[];
  readonly alpha: number;
  readonly passRule: string;
  readonly threshold: number;
  readonly minPValue: number;
  readonly pass: boolean;
}

interface ReportOptions {
  draws: number;
  decks: number;
  port: string | null;
  predictionResistance: boolean;
  workers: number;
  lanes: number;
}

/** "hmac-drbg-sha256 fast, 4 lockstep instances (wasm simd), prediction resistance, reseed every round" and its variants. */
function pathWords(hmacPath: string, lanes: number, predictionResistance: boolean): string {
  const instances = lanes === 4 ? ', 4 lockstep instances (wasm simd)' : '';
  return `hmac-drbg-sha256 ${hmacPath}${instances}, ${predictionResistance ? 'prediction resistance' : 'no prediction resistance'}, reseed every round`;
}

function finishReport(
  options: ReportOptions,
  dealt: {
    tally: DealTally;
    source: string;
    hmacPath: string;
    reseeds: number;
    requests: number;
    voided: number;
    seconds: number;
  },
): RngReport {
  const { tally, seconds } = dealt;
  const tests = tally.tests();
  return {
    path: pathWords(dealt.hmacPath, options.lanes, options.predictionResistance),
    workers: options.workers,
    lanes: options.lanes,
    draws: options.draws,
    cards: tally.cards,
    rounds: tally.rounds,
    decks: options.decks,
    source: dealt.source,
    predictionResistance: options.predictionResistance,
    reseeds: dealt.reseeds,
    requests: dealt.requests,
    voidedRounds: dealt.voided,
    seconds: Math.round(seconds * 100) / 100,
    cardsPerSecond: Math.round(tally.cards / seconds),
    roundsPerSecond: Math.round(tally.rounds / seconds),
    tests,
    ...verdict(tests),
  };
}

function progressLine(cards: number, draws: number, seconds: number): string {
  const rate = cards / seconds;
  return `rng-report: ${((100 * cards) / draws).toFixed(1)}% (${cards} / ${draws} cards, ${Math.round(rate)} cards/s)\n`;
}

/** Every worker on its own DRBG over OS entropy; the tallies merged in worker order. */
async function runOnWorkers(options: ReportOptions): Promise<RngReport> {
  const started = performance.now();
  let lastProgress = started;
  const dealt = await dealOnWorkers(options, (cards) => {
    const now = performance.now();
    if (now - lastProgress < 2000) return;
    lastProgress = now;
    process.stderr.write(progressLine(cards, options.draws, (now - started) / 1000));
  });
  // OS entropy never voids a round: a worker whose RNG fails ends the report with an error.
  return finishReport(options, { ...dealt, voided: 0 });
}

async function runReport(options: ReportOptions): Promise<RngReport> {
  if (options.workers > 1) return runOnWorkers(options);
  const { draws, decks } = options;
  const service = createRngService({ portPath: options.port, predictionResistance: options.predictionResistance });
  await service.start();
  const reader = service.reader;
  try {
    if (reader) {
      process.stderr.write(`rng-report: waiting for ${reader.description} to pass its start-up test\n`);
      await reader.whenAvailable(256, 15_000);
    }
    const random = reportRandomSource(options.lanes, service.entropy, options.predictionResistance, service.random);
    const tally = new DealTally(decks);
    let voided = 0;
    const started = performance.now();
    let lastProgress = started;
    while (tally.cards < draws) {
      if (reader && reader.available < 192) await reader.whenAvailable(192, 15_000);
      let round;
      try {
        round = dealRound(new FreshShoe(decks, random));
      } catch (error) {
        if (!(error instanceof RngUnavailableError)) throw error;
        voided++; // a round cut short by an RNG fault is void, as in the cabinet; its cards are not counted
        if (voided > 1000) throw error;
        continue;
      }
      tally.add(round);
      if ((tally.rounds & 0x3ff) === 0) {
        const now = performance.now();
        if (now - lastProgress > 2000) {
          lastProgress = now;
          process.stderr.write(progressLine(tally.cards, draws, (now - started) / 1000));
        }
      }
    }
    return finishReport(options, {
      tally,
      source: service.entropy.description,
      hmacPath: random.hmacPath,
      reseeds: random.reseeds,
      requests: random.requests,
      voided,
      seconds: (performance.now() - started) / 1000,
    });
  } finally {
    await service.stop();
  }
}

/** --workers: 1 to the cores there are, default all of them; one with a hardware RNG. */
function workersFlag(text: string | undefined, hardware: boolean): number {
  const cores = Math.max(1, availableParallelism());
  const workers = intFlag('workers', text, 1, cores, hardware ? 1 : cores);
  if (hardware && workers !== 1) {
    throw new UsageError(`--workers must be 1 with --port (one hardware RNG feeds one DRBG), got ${workers}`);
  }
  return workers;
}

/** --lanes: 4 lockstep DRBG instances per worker (the default over OS entropy) or 1; always 1 with a hardware RNG. */
function lanesFlag(text: string | undefined, hardware: boolean): number {
  const lanes = intFlag('lanes', text, 1, 4, hardware ? 1 : 4);
  if (lanes !== 1 && lanes !== 4) throw new UsageError(`--lanes must be 1 or 4, got ${lanes}`);
  if (hardware && lanes !== 1) {
    throw new UsageError(`--lanes must be 1 with --port (one hardware RNG feeds one DRBG), got ${lanes}`);
  }
  return lanes;
}

function printText(report: RngReport): void {
  const lines = [
    `RNG report: ${report.cards} cards in ${report.rounds} rounds (${report.decks} decks), source: ${report.source}`,
    `path: ${report.path}, on ${report.workers} worker${report.workers === 1 ? '' : 's'}, ${report.lanes} DRBG instance${report.lanes === 1 ? '' : 's'} each`,
    `reseeds: ${report.reseeds}, generate requests: ${report.requests}, ${report.seconds} s, ${report.roundsPerSecond} rounds/s, ${report.cardsPerSecond} cards/s`,
    ...report.tests.map(
      (t) =>
        `  p = ${t.pValue.toFixed(6).padEnd(9)} ${t.name} (statistic ${t.statistic.toFixed(4)}${t.df === undefined ? '' : `, df ${t.df}`}, n ${t.n})`,
    ),
    `pass (every p ≥ ${report.threshold.toExponential(3)} = 0.01 / ${report.tests.length}, Bonferroni): ${report.pass}`,
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

/** --assess: the SP 800-90B §6.3 estimators on a capture file (docs/rng.md#assessing-the-sources-min-entropy). */
function assessCapture(path: string, options: { bits: number; alphaLog2: number; json: boolean }): number {
  existingFileFlag('assess', path);
  const size = statSync(path).size;
  if (size < MINIMUM_SAMPLES) {
    throw new UsageError(
      `--assess: ${path} holds ${size} samples; at least ${MINIMUM_SAMPLES} are needed (SP 800-90B asks for 1000000)`,
    );
  }
  if (size > MAX_ASSESS_SAMPLES) {
    throw new UsageError(
      `--assess: ${path} holds ${size} samples; at most ${MAX_ASSESS_SAMPLES} are assessed at once (cut it, e.g. head -c 1000000)`,
    );
  }
  const bytes = new Uint8Array(readFileSync(path));
  let assessment;
  try {
    assessment = assess(bytes, options.bits, {
      onRun: (run) =>
        process.stderr.write(
          `rng-report: ${run.section} ${run.name} on the ${run.on}: ${run.estimate ? run.estimate.minEntropy.toFixed(6) : 'not run'} (${run.seconds.toFixed(1)} s)\n`,
        ),
    });
  } catch (error) {
    if (error instanceof RangeError) throw new UsageError(`--assess: ${error.message}`);
    throw error;
  }
  const report: AssessmentReport = assessmentReport(assessment, options.alphaLog2);
  for (const warning of report.warnings) process.stderr.write(`rng-report: warning: ${warning}\n`);
  if (options.json) printJson({ file: path, ...report });
  else process.stdout.write(assessmentReportLines(report, path).join('\n') + '\n');
  return report.minEntropyBitsPerByte !== null ? 0 : 1;
}

/** --capture: N raw bytes from a serial RNG into a new file, renamed into place only when complete. */
async function captureBytes(path: string, port: string, count: number): Promise<void> {
  newPathFlag('capture', path);
  if (existsSync(path)) throw new UsageError(`--capture: ${path} already exists; choose a new file name`);
  await serialPortFlag('port', port);
  const buffer = new Uint8Array(count);
  let filled = 0;
  let link;
  try {
    link = await openSerialportLink({ path: port, baudRate: 115200 });
  } catch (error) {
    throw new UsageError(`--capture: cannot open ${port}: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    await new Promise<void>((resolve, reject) => {
      let stall = setTimeout(onStall, CAPTURE_STALL_MS);
      function onStall() {
        reject(
          new UsageError(
            `--capture: ${port} sent nothing for ${CAPTURE_STALL_MS / 1000} s after ${filled} of ${count} bytes`,
          ),
        );
      }
      link.onClose(() => {
        clearTimeout(stall);
        reject(new UsageError(`--capture: ${port} closed after ${filled} of ${count} bytes`));
      });
      link.onData((chunk) => {
        if (filled >= count) return;
        const take = Math.min(chunk.length, count - filled);
        buffer.set(chunk.subarray(0, take), filled);
        filled += take;
        clearTimeout(stall);
        if (filled >= count) resolve();
        else stall = setTimeout(onStall, CAPTURE_STALL_MS);
      });
    });
  } finally {
    await link.close().catch(() => undefined);
  }
  const partial = `${path}.partial`;
  writeFileSync(partial, buffer);
  renameSync(partial, path);
  process.stderr.write(`rng-report: captured ${count} bytes from ${port} into ${path}\n`);
}

await runCli({
  name: 'rng-report',
  usage: USAGE,
  options: {
    draws: { type: 'string' },
    decks: { type: 'string' },
    port: { type: 'string' },
    'no-prediction-resistance': { type: 'boolean', default: false },
    workers: { type: 'string' },
    lanes: { type: 'string' },
    json: { type: 'boolean', default: false },
    assess: { type: 'string' },
    bits: { type: 'string' },
    'alpha-log2': { type: 'string' },
    capture: { type: 'string' },
    bytes: { type: 'string' },
  },
  main: async ({ values, positionals }) => {
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    const given = (names: readonly string[]) =>
      names.filter(
        (name) =>
          (values as Record<string, unknown>)[name] !== undefined &&
          (values as Record<string, unknown>)[name] !== false,
      );
    const refuse = (mode: string, names: readonly string[]) => {
      const extra = given(names);
      if (extra.length > 0) throw new UsageError(`--${extra[0]} cannot be used with --${mode}`);
    };
    if (values.assess !== undefined) {
      refuse('assess', ['draws', 'decks', 'port', 'no-prediction-resistance', 'capture', 'bytes', 'workers', 'lanes']);
      return assessCapture(values.assess, {
        bits: intFlag('bits', values.bits, 1, 8, 8),
        alphaLog2: intFlag('alpha-log2', values['alpha-log2'], 20, 40, 30),
        json: values.json,
      });
    }
    if (values.capture !== undefined) {
      refuse('capture', [
        'draws',
        'decks',
        'no-prediction-resistance',
        'bits',
        'alpha-log2',
        'json',
        'workers',
        'lanes',
      ]);
      if (values.port === undefined || values.port.trim() === '')
        throw new UsageError('--capture needs --port PATH (the serial RNG)');
      await captureBytes(values.capture, values.port, intFlag('bytes', values.bytes, 1, MAX_CAPTURE_BYTES));
      return 0;
    }
    refuse('draws', ['bits', 'alpha-log2', 'bytes']);
    const draws = intFlag('draws', values.draws, 1000, 1_000_000_000);
    const decks = intFlag('decks', values.decks, MIN_DECKS, MAX_DECKS, 8);
    const workers = workersFlag(values.workers, values.port !== undefined);
    const lanes = lanesFlag(values.lanes, values.port !== undefined);
    if (values.port !== undefined) await serialPortFlag('port', values.port);
    const report = await runReport({
      draws,
      decks,
      port: values.port ?? null,
      predictionResistance: !values['no-prediction-resistance'],
      workers,
      lanes,
    });
    if (values.json) printJson(report);
    else printText(report);
    return report.pass ? 0 : 1;
  },
});
