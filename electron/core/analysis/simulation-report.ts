/**
 * Turns a simulation tally into the figures an auditor reads: observed outcome
 * frequencies and per-spot returns, each with a 99% confidence interval, next to
 * the exact analysis. Returns are for a fixed stake per spot and per side bet,
 * settled exactly as the cabinet settles them (spotReturn and sideBetReturn on
 * each outcome cell or pair state, whole cents, Banker rounded down), so a small
 * stake shows the effect of the cent rounding.
 */
import type { RuleProfile } from '../engine/rule-profile.ts';
import { SPOTS, spotReturn, type Spot } from '../engine/settlement.ts';
import { PAIR_BETS, sideBetReturn, sideBetsOffered, type SideBet } from '../engine/side-bets.ts';
import type { Winner } from '../engine/round.ts';
import type { MinorUnits } from '../money/minor-units.ts';
import { analyzeProfile, ratio, type ExactAnalysis } from './exact-analysis.ts';
import type { SimulationTally } from './fast-simulation.ts';
import { firstFourCardCounts, pairStateFacts } from './first-four-cards.ts';
import { cellFacts } from './outcome-cells.ts';

/** Two-sided 99% standard normal quantile. */
export const Z_99 = 2.5758293035489004;

const WINNERS: readonly Winner[] = ['banker', 'player', 'tie'];

export interface Interval {
  readonly low: number;
  readonly high: number;
}

/** Wilson score interval for a proportion `hits / n` at the given z. */
export function wilsonInterval(hits: number, n: number, z = Z_99): Interval {
  if (n <= 0) return { low: 0, high: 1 };
  const p = hits / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // At 0 or n hits the exact bound is 0 or 1; keep rounding from moving it.
  return {
    low: hits <= 0 ? 0 : Math.max(0, centre - half),
    high: hits >= n ? 1 : Math.min(1, centre + half),
  };
}

export interface FrequencyLine {
  readonly count: number;
  readonly observed: number;
  readonly ci99: readonly [number, number];
  readonly exact: number;
  readonly withinCi: boolean;
}

export interface ReturnLine {
  /** Minor units staked and returned over the run (exact, so bigint for very long runs). */
  readonly staked: bigint;
  readonly returned: bigint;
  readonly rtp: number;
  readonly ci99: readonly [number, number];
  /** The exact expected return for this stake with the cabinet's cent rounding. */
  readonly exact: number;
  readonly withinCi: boolean;
}

export interface SimulationReport {
  readonly rounds: number;
  readonly stake: MinorUnits;
  readonly frequencies: Record<Winner, FrequencyLine>;
  readonly returns: Record<Spot, ReturnLine>;
  readonly natural: FrequencyLine;
  readonly playerPair: FrequencyLine;
  readonly bankerPair: FrequencyLine;
  /** Every side bet the profile's variant offers. */
  readonly sideBets: Partial<Record<SideBet, ReturnLine>>;
}

function frequency(count: number, rounds: number, exact: number): FrequencyLine {
  const interval = wilsonInterval(count, rounds);
  return {
    count,
    observed: rounds === 0 ? 0 : count / rounds,
    ci99: [interval.low, interval.high],
    exact,
    withinCi: exact >= interval.low && exact <= interval.high,
  };
}

/** The report for `tally`, with `stake` minor units on every spot in every round. */
export function buildSimulationReport(
  tally: SimulationTally,
  profile: RuleProfile,
  stake: MinorUnits,
  exact: ExactAnalysis = analyzeProfile(profile),
): SimulationReport {
  const n = tally.rounds;
  const counts: Record<Winner, number> = { banker: tally.banker, player: tally.player, tie: tally.tie };
  const frequencies = {} as Record<Winner, FrequencyLine>;
  for (const winner of WINNERS) frequencies[winner] = frequency(counts[winner], n, exact.probabilities[winner]);

  const exactCells = exact.counts.cells.map((count) => ratio(count, exact.counts.denominator));
  const returns = {} as Record<Spot, ReturnLine>;
  for (const spot of SPOTS) {
    returns[spot] = returnLine(tally.cells, exactCells, stake, (cell) =>
      spotReturn(spot, stake, cellFacts(cell), profile),
    );
  }
  const firstFour = firstFourCardCounts(profile.decks);
  const exactPairStates = firstFour.states.map((count) => ratio(count, firstFour.denominator));
  const sideBets: Partial<Record<SideBet, ReturnLine>> = {};
  for (const bet of sideBetsOffered(profile.variant)) {
    sideBets[bet] = PAIR_BETS.includes(bet)
      ? returnLine(tally.pairStates, exactPairStates, stake, (state) =>
          sideBetReturn(bet, stake, pairStateFacts(state), profile),
        )
      : returnLine(tally.cells, exactCells, stake, (cell) => sideBetReturn(bet, stake, cellFacts(cell), profile));
  }
  return {
    rounds: n,
    stake,
    frequencies,
    returns,
    natural: frequency(tally.natural, n, exact.probabilities.natural),
    playerPair: frequency(tally.playerPair, n, exact.probabilities.playerPair),
    bankerPair: frequency(tally.bankerPair, n, exact.probabilities.bankerPair),
    sideBets,
  };
}

/**
 * A bet's return over the run when the per-round return depends only on which outcome (cell or pair
 * state) the round fell in: its mean and variance follow from the outcome counts, its total is an
 * exact integer of minor units, and its exact expectation weighs the same returns by the exact
 * probabilities.
 */
function returnLine(
  counts: readonly number[],
  exactProbabilities: readonly number[],
  stake: MinorUnits,
  returnOf: (outcome: number) => MinorUnits,
): ReturnLine {
  let n = 0;
  for (const count of counts) n += count;
  let returned = 0n;
  let mean = 0;
  let meanSquare = 0;
  let exactMean = 0;
  counts.forEach((count, outcome) => {
    const probability = exactProbabilities[outcome] ?? 0;
    if (count === 0 && probability === 0) return;
    const back = returnOf(outcome);
    const multiple = back / stake;
    returned += BigInt(back) * BigInt(count);
    if (n > 0) {
      mean += (multiple * count) / n;
      meanSquare += (multiple * multiple * count) / n;
    }
    exactMean += multiple * probability;
  });
  const half = n > 1 ? Z_99 * Math.sqrt(Math.max(0, meanSquare - mean * mean) / n) : Infinity;
  const ci99: [number, number] = [mean - half, mean + half];
  return {
    staked: BigInt(stake) * BigInt(n),
    returned,
    rtp: mean,
    ci99,
    exact: exactMean,
    withinCi: exactMean >= ci99[0] && exactMean <= ci99[1],
  };
}

/** Minor units as major-unit text for any size: 123456n → "1234.56". */
export function formatMinorBig(minor: bigint): string {
  const sign = minor < 0n ? '-' : '';
  const abs = minor < 0n ? -minor : minor;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
