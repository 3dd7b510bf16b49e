/**
 * rng-report: deals N cards through the certified path (DRBG random source with prediction
 * resistance over OS entropy, or over a hardware RNG / emulator with --port; FreshShoe + dealRound)
 * and runs the statistical tests a gaming lab asks for at 99% confidence (domain-notes §3 "RNG"):
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
import { exactCounts, ratio } from '../core/analysis/exact-analysis.ts';
import { dealRound } from '../core/engine/round.ts';
import { FreshShoe, MAX_DECKS, MIN_DECKS } from '../core/engine/shoe.ts';
import { RngUnavailableError } from '../core/random/drbg-random-source.ts';
import { DEAL_POSITIONS, positionExpectations } from '../hardware/rng/deal-expectations.ts';
import { createRngService } from '../hardware/rng/rng-service.ts';
import { chiSquareTest, runsTest, serialCorrelationTest, type TestResult } from '../hardware/rng/statistics.ts';
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

const OUTCOMES = ['banker', 'player', 'tie'] as const;

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
    const rankCounts = DEAL_POSITIONS.map(() => new Array<number>(13).fill(0));
    const outcomeCounts = [0, 0, 0];
    const estimatedRounds = Math.ceil(draws / 4.9) + 16;
    let winners = new Uint8Array(estimatedRounds); // 1 banker, 0 player, 2 tie
    let p1Faces = new Uint8Array(estimatedRounds);
    let margins = new Int8Array(estimatedRounds);
    let rounds = 0;
    let cards = 0;
    let voided = 0;
    const started = performance.now();
    let lastProgress = started;
    while (cards < draws) {
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
      if (rounds === winners.length) {
        const grow = <T extends Uint8Array | Int8Array>(a: T, make: (n: number) => T): T => {
          const b = make(a.length * 2);
          b.set(a);
          return b;
        };
        winners = grow(winners, (n) => new Uint8Array(n));
        p1Faces = grow(p1Faces, (n) => new Uint8Array(n));
        margins = grow(margins, (n) => new Int8Array(n));
      }
      const { player, banker } = round;
      rankIndexCount(rankCounts[0]!, player.cards[0]!.rank);
      rankIndexCount(rankCounts[1]!, banker.cards[0]!.rank);
      rankIndexCount(rankCounts[2]!, player.cards[1]!.rank);
      rankIndexCount(rankCounts[3]!, banker.cards[1]!.rank);
      if (player.cards.length === 3) rankIndexCount(rankCounts[4]!, player.cards[2]!.rank);
      if (banker.cards.length === 3) rankIndexCount(rankCounts[5]!, banker.cards[2]!.rank);
      const w = round.winner === 'banker' ? 1 : round.winner === 'player' ? 0 : 2;
      outcomeCounts[OUTCOMES.indexOf(round.winner)]!++;
      winners[rounds] = w;
      p1Faces[rounds] = faceIndex(player.cards[0]!);
      margins[rounds] = banker.total - player.total;
      rounds++;
      cards += round.dealOrder.length;
      if ((rounds & 0x3ff) === 0) {
        const now = performance.now();
        if (now - lastProgress > 2000) {
          lastProgress = now;
          const rate = cards / ((now - started) / 1000);
          process.stderr.write(
            `rng-report: ${((100 * cards) / draws).toFixed(1)}% (${cards} / ${draws} cards, ${Math.round(rate)} cards/s)\n`,
          );
        }
      }
    }
    const seconds = (performance.now() - started) / 1000;

    const expectations = positionExpectations(decks);
    const tests: TestResult[] = DEAL_POSITIONS.map((position, i) =>
      chiSquareTest(`chi-square rank frequency ${position}`, rankCounts[i]!, expectations.rankProbabilities[position]),
    );
    const exact = exactCounts(decks);
    tests.push(
      chiSquareTest('chi-square outcomes banker/player/tie vs exact analysis', outcomeCounts, [
        ratio(exact.banker, exact.denominator),
        ratio(exact.player, exact.denominator),
        ratio(exact.tie, exact.denominator),
      ]),
    );
    const decided = winners.subarray(0, rounds).filter((x) => x !== 2);
    tests.push(runsTest('runs banker vs player (ties left out), round by round', decided));
    tests.push(
      runsTest(
        'runs P1 high/low half of the 52 faces, round by round',
        p1Faces.subarray(0, rounds).map((f) => (f >= 26 ? 1 : 0)),
      ),
    );
    tests.push(serialCorrelationTest('serial correlation of P1 face index, lag 1', p1Faces.subarray(0, rounds)));
    tests.push(
      serialCorrelationTest('serial correlation of banker − player total, lag 1', margins.subarray(0, rounds)),
    );

    const alpha = 0.01;
    const threshold = alpha / tests.length;
    const minPValue = Math.min(...tests.map((t) => t.pValue));
    return {
      draws,
      cards,
      rounds,
      decks,
      source: service.entropy.description,
      predictionResistance: options.predictionResistance,
      reseeds: random.reseeds,
      voidedRounds: voided,
      seconds: Math.round(seconds * 100) / 100,
      cardsPerSecond: Math.round(cards / seconds),
      tests,
      alpha,
      passRule: `every p-value >= alpha / ${tests.length} tests (Bonferroni)`,
      threshold,
      minPValue,
      pass: minPValue >= threshold,
    };
  } finally {
    await service.stop();
  }
}

const RANK_INDEX: Record<string, number> = {
  A: 0,
  '2': 1,
  '3': 2,
  '4': 3,
  '5': 4,
  '6': 5,
  '7': 6,
  '8': 7,
  '9': 8,
  '10': 9,
  J: 10,
  Q: 11,
  K: 12,
};
const SUIT_INDEX: Record<string, number> = { S: 0, H: 1, D: 2, C: 3 };

function rankIndexCount(counts: number[], rank: string): void {
  counts[RANK_INDEX[rank]!]!++;
}

function faceIndex(card: { rank: string; suit: string }): number {
  return SUIT_INDEX[card.suit]! * 13 + RANK_INDEX[card.rank]!;
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
