/**
 * simulate: Monte-Carlo play of many rounds, each from a fresh shoe, on every
 * core. Prints observed frequencies and per-spot returns with 99% confidence
 * intervals next to the exact analysis. The result depends only on --rounds,
 * --seed and --decks (never on the number of workers); see parallel-simulation.ts.
 */
import { randomInt } from 'node:crypto';
import type { SideBet } from '../core/engine/side-bets.ts';
import { DEFAULT_DECKS, MAX_DECKS, MIN_DECKS } from '../core/engine/shoe.ts';
import { formatMinor, parseMajorAmount } from '../core/money/minor-units.ts';
import {
  CHUNK_ROUNDS,
  defaultWorkers,
  runSimulation,
  type SimulationRng,
} from '../core/analysis/parallel-simulation.ts';
import {
  buildSimulationReport,
  formatMinorBig,
  type FrequencyLine,
  type ReturnLine,
} from '../core/analysis/simulation-report.ts';
import {
  intFlag,
  printJson,
  ruleProfileFromFlags,
  RULE_FLAGS,
  RULE_FLAGS_USAGE,
  runCli,
  sideBetJsonKey,
  UsageError,
} from './cli-support.ts';

const MAX_ROUNDS = 1e12;
const MAX_STAKE_MINOR = 1_000_000; // 10 000.00 keeps every per-round figure far inside exact doubles
/** Without a terminal, runs at least this long print a progress line now and then on stderr. */
const LONG_RUN_ROUNDS = 100_000_000;

const usage = `Usage: npm run simulate -- --rounds N [--seed S] [--decks N] [--tie-pays 8|9] [--stake AMOUNT]
                            [--variant commission|no-commission|ez] [--lucky6-three-card 20|23]
                            [--rng seeded|crypto] [--workers N] [--no-progress] [--json]

Plays N rounds, each from a freshly shuffled shoe, and reports how often Banker, Player and Tie
won and what each spot and each side bet the variant offers returned, with 99% confidence
intervals and the exact values.

  --rounds N        rounds to play, 1 to ${MAX_ROUNDS}
  --seed S          seed of the reproducible generator (xoshiro128**), 0 to ${Number.MAX_SAFE_INTEGER};
                    default: a random seed, printed so the run can be repeated
  --decks N         decks in the shoe, ${MIN_DECKS} to ${MAX_DECKS} (default ${DEFAULT_DECKS})
${RULE_FLAGS_USAGE}
  --stake AMOUNT    stake on every spot and side bet each round, major units (default 1.00); returns are settled
                    in whole cents exactly as the cabinet does (Banker rounded down)
  --rng KIND        seeded (default, reproducible) or crypto (the OS CSPRNG; --seed is ignored)
  --workers N       worker threads (default: every core, ${defaultWorkers()} here); the result is the same for any N
  --no-progress     no progress bar on stderr
  --json            print one JSON object as the last line
  --help            this text

The same --rounds, --seed and --decks always give the same counts: rounds are played in chunks of
${CHUNK_ROUNDS}, chunk i with its own generator seeded from (seed, i), and the counts are summed in order.

The agreement check of docs/rules.md#exact-returns-against-simulation: 10^7 rounds of EZ, where every
side bet is offered, land every spot and side bet inside its 99% interval of the exact figure:
  npm run simulate -- --rounds 10000000 --seed 20261207 --variant ez --decks 8`;

function progressReporter(rounds: number, enabled: boolean): ((done: number) => void) | undefined {
  if (!enabled) return undefined;
  const tty = process.stderr.isTTY === true;
  if (!tty && rounds < LONG_RUN_ROUNDS) return undefined;
  const started = performance.now();
  let lastPrinted = -1;
  return (done: number) => {
    const fraction = done / rounds;
    const elapsed = (performance.now() - started) / 1000;
    const rate = elapsed > 0 ? done / elapsed : 0;
    const remaining = rate > 0 ? (rounds - done) / rate : 0;
    if (tty) {
      const width = 30;
      const filled = Math.round(fraction * width);
      process.stderr.write(
        `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(fraction * 100).toFixed(1).padStart(5)}%  ` +
          `${(rate / 1e6).toFixed(1)} M rounds/s  ${remaining.toFixed(0)} s left ` +
          (done === rounds ? '\n' : ''),
      );
      return;
    }
    const tenth = Math.floor(fraction * 10);
    if (tenth > lastPrinted) {
      lastPrinted = tenth;
      process.stderr.write(
        `simulate: ${(fraction * 100).toFixed(0)}% (${done} rounds, ${(rate / 1e6).toFixed(1)} M rounds/s)\n`,
      );
    }
  };
}

function line(name: string, f: FrequencyLine): string {
  return `${name.padEnd(13)}${f.observed.toFixed(6).padStart(10)}   [${f.ci99[0].toFixed(6)}, ${f.ci99[1].toFixed(6)}]   ${f.exact.toFixed(6)}${f.withinCi ? '' : '   OUTSIDE'}`;
}

await runCli({
  name: 'simulate',
  usage,
  options: {
    rounds: { type: 'string' },
    seed: { type: 'string' },
    decks: { type: 'string' },
    ...RULE_FLAGS,
    stake: { type: 'string' },
    rng: { type: 'string' },
    workers: { type: 'string' },
    'no-progress': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
  main: async ({ values, positionals }) => {
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    const rounds = intFlag('rounds', values.rounds, 1, MAX_ROUNDS);
    const decks = intFlag('decks', values.decks, MIN_DECKS, MAX_DECKS, DEFAULT_DECKS);
    const profile = ruleProfileFromFlags('simulate-cli', decks, values);
    const tiePays = profile.tiePays;
    const rngText = values.rng ?? 'seeded';
    if (rngText !== 'seeded' && rngText !== 'crypto') {
      throw new UsageError(`--rng must be seeded or crypto, got "${rngText}"`);
    }
    const rng: SimulationRng = rngText;
    const seed = intFlag('seed', values.seed, 0, Number.MAX_SAFE_INTEGER, randomInt(2 ** 48 - 1));
    const workers = intFlag('workers', values.workers, 1, 256, defaultWorkers());
    let stake: number;
    try {
      stake = parseMajorAmount(values.stake ?? '1.00');
    } catch (error) {
      throw new UsageError(`--stake: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (stake > MAX_STAKE_MINOR) throw new UsageError(`--stake must be at most ${formatMinor(MAX_STAKE_MINOR)}`);

    const onProgress = progressReporter(rounds, !values['no-progress']);
    const started = performance.now();
    const tally = await runSimulation({ rounds, seed, decks, rng, workers, onProgress });
    const seconds = (performance.now() - started) / 1000;
    // Timing goes to stderr: stdout depends only on the inputs.
    if (onProgress !== undefined) {
      process.stderr.write(`simulate: ${rounds} rounds in ${seconds.toFixed(2)} s on ${workers} worker(s)\n`);
    }
    const report = buildSimulationReport(tally, profile, stake);
    const f = report.frequencies;
    const r = report.returns;
    const sideBets = Object.entries(report.sideBets) as [SideBet, ReturnLine][];

    if (values.json) {
      const frequency = (x: FrequencyLine) => ({
        count: x.count,
        observed: x.observed,
        ci99: x.ci99,
        exact: x.exact,
        within_ci: x.withinCi,
      });
      const spotReturn = (x: ReturnLine) => ({
        staked: formatMinorBig(x.staked),
        returned: formatMinorBig(x.returned),
        rtp: x.rtp,
        ci99: x.ci99,
        exact: x.exact,
        within_ci: x.withinCi,
      });
      printJson({
        rounds,
        seed: rng === 'seeded' ? seed : null,
        rng: rng === 'seeded' ? 'xoshiro128**' : 'crypto',
        decks,
        tie_pays: tiePays,
        variant: profile.variant,
        lucky6_three_card_pays: profile.lucky6ThreeCardPays,
        stake: formatMinor(stake),
        p_banker: f.banker.observed,
        p_player: f.player.observed,
        p_tie: f.tie.observed,
        rtp_banker: r.banker.rtp,
        rtp_player: r.player.rtp,
        rtp_tie: r.tie.rtp,
        ...Object.fromEntries(sideBets.map(([bet, line]) => [sideBetJsonKey('rtp', bet), line.rtp])),
        frequencies: {
          banker: frequency(f.banker),
          player: frequency(f.player),
          tie: frequency(f.tie),
          natural: frequency(report.natural),
          player_pair: frequency(report.playerPair),
          banker_pair: frequency(report.bankerPair),
        },
        returns: { banker: spotReturn(r.banker), player: spotReturn(r.player), tie: spotReturn(r.tie) },
        side_bets: Object.fromEntries(sideBets.map(([bet, line]) => [sideBetJsonKey('', bet), spotReturn(line)])),
        cards_dealt: tally.cards,
      });
      return;
    }
    const pct = (x: number) => `${(x * 100).toFixed(4)}%`;
    const lines = [
      `${rounds} rounds, ${decks} deck${decks === 1 ? '' : 's'}, ${profile.variant}, Tie ${tiePays}:1, Lucky 6 three-card ${profile.lucky6ThreeCardPays}:1, ${rng === 'seeded' ? `seed ${seed}` : 'crypto RNG'}, stake ${formatMinor(stake)} per spot`,
      '',
      `${'outcome'.padEnd(13)}${'observed'.padStart(10)}   ${'99% interval'.padEnd(22)}   exact`,
      line('Banker', f.banker),
      line('Player', f.player),
      line('Tie', f.tie),
      line('natural', report.natural),
      line('Player pair', report.playerPair),
      line('Banker pair', report.bankerPair),
      '',
      `${'bet'.padEnd(20)}${'return'.padStart(10)}   ${'99% interval'.padEnd(24)}   exact`,
      ...[...(['banker', 'player', 'tie'] as const).map((spot) => [spot, r[spot]] as const), ...sideBets].map(
        ([name, x]) =>
          `${name.padEnd(20)}${pct(x.rtp).padStart(10)}   [${pct(x.ci99[0])}, ${pct(x.ci99[1])}]   ${pct(x.exact)}${x.withinCi ? '' : '   OUTSIDE'}`,
      ),
    ];
    process.stdout.write(lines.join('\n') + '\n');
  },
});
