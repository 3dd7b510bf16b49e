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
 */
import { performance } from 'node:perf_hooks';
import { dealRound } from '../core/engine/round.ts';
import { FreshShoe, MAX_DECKS, MIN_DECKS } from '../core/engine/shoe.ts';
import { RngUnavailableError } from '../core/random/drbg-random-source.ts';
import { DealTally, verdict } from '../certification/deal-statistics.ts';
import { createRngService } from '../devices/rng/rng-service.ts';
import type { TestResult } from '../certification/statistics.ts';
import { intFlag, printJson, runCli, UsageError } from './cli-support.ts';

const USAGE = `Usage: npm run --silent rng-report -- --draws N [--decks D] [--port PATH] [--no-prediction-resistance] [--json]

Deals N cards through the certified RNG path (HMAC_DRBG SHA-256 random source, reseeded before every
round, prediction resistance on; FreshShoe + dealRound) and runs chi-square (rank per deal position,
outcomes vs the exact analysis), runs and serial-correlation tests. Progress goes to stderr.

  --draws N     cards to deal, 1000..1000000000 (rounds are dealt until at least N cards)
  --decks D     decks in the shoe, ${MIN_DECKS}..${MAX_DECKS} (default 8)
  --port PATH   use the hardware RNG (or the emulator's pty end) on PATH instead of OS entropy
  --no-prediction-resistance   reseed only before each round, not before every DRBG request
  --json        print the report as JSON (the last line)
  --help        this text

pass = every p-value ≥ 0.01 / (number of tests) (Bonferroni, 99% confidence for the family).
Exit codes: 0 pass, 1 fail, 2 bad input or the RNG unavailable.`;

export interface RngReport {
  readonly draws: number;
  readonly cards: number;
  readonly rounds: number;
  readonly decks: number;
  readonly source: string;
  readonly predictionResistance: boolean;
  readonly reseeds: number;
  readonly voidedRounds: number;
  readonly seconds: number;
  readonly cardsPerSecond: number;
  readonly tests: readonly TestResult[];
  readonly alpha: number;
  readonly passRule: string;
  readonly threshold: number;
  readonly minPValue: number;
  readonly pass: boolean;
}

async function runReport(options: {
  draws: number;
  decks: number;
  port: string | null;
  predictionResistance: boolean;
}): Promise<RngReport> {
  const { draws, decks } = options;
  const service = createRngService({ portPath: options.port, predictionResistance: options.predictionResistance });
  await service.start();
  const reader = service.reader;
  try {
    if (reader) {
      process.stderr.write(`rng-report: waiting for ${reader.description} to pass its start-up test\n`);
      await reader.whenAvailable(256, 15_000);
    }
    const random = service.random;
    const tally = new DealTally(decks, Math.ceil(draws / 4.9) + 16);
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
          const rate = tally.cards / ((now - started) / 1000);
          process.stderr.write(
            `rng-report: ${((100 * tally.cards) / draws).toFixed(1)}% (${tally.cards} / ${draws} cards, ${Math.round(rate)} cards/s)\n`,
          );
        }
      }
    }
    const seconds = (performance.now() - started) / 1000;

    const tests = tally.tests();
    return {
      draws,
      cards: tally.cards,
      rounds: tally.rounds,
      decks,
      source: service.entropy.description,
      predictionResistance: options.predictionResistance,
      reseeds: random.reseeds,
      voidedRounds: voided,
      seconds: Math.round(seconds * 100) / 100,
      cardsPerSecond: Math.round(tally.cards / seconds),
      tests,
      ...verdict(tests),
    };
  } finally {
    await service.stop();
  }
}

function printText(report: RngReport): void {
  const lines = [
    `RNG report: ${report.cards} cards in ${report.rounds} rounds (${report.decks} decks), source: ${report.source}`,
    `prediction resistance: ${report.predictionResistance ? 'on' : 'off'}, reseeds: ${report.reseeds}, ${report.seconds} s, ${report.cardsPerSecond} cards/s`,
    ...report.tests.map(
      (t) =>
        `  p = ${t.pValue.toFixed(6).padEnd(9)} ${t.name} (statistic ${t.statistic.toFixed(4)}${t.df === undefined ? '' : `, df ${t.df}`}, n ${t.n})`,
    ),
    `pass (every p ≥ ${report.threshold.toExponential(3)} = 0.01 / ${report.tests.length}, Bonferroni): ${report.pass}`,
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

await runCli({
  name: 'rng-report',
  usage: USAGE,
  options: {
    draws: { type: 'string' },
    decks: { type: 'string' },
    port: { type: 'string' },
    'no-prediction-resistance': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
  main: async ({ values, positionals }) => {
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    const draws = intFlag('draws', values.draws, 1000, 1_000_000_000);
    const decks = intFlag('decks', values.decks, MIN_DECKS, MAX_DECKS, 8);
    if (values.port !== undefined && values.port.trim() === '')
      throw new UsageError('--port must be a serial port path');
    const report = await runReport({
      draws,
      decks,
      port: values.port ?? null,
      predictionResistance: !values['no-prediction-resistance'],
    });
    if (values.json) printJson(report);
    else printText(report);
    return report.pass ? 0 : 1;
  },
});
