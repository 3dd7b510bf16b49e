/**
 * Tallies dealt rounds and runs the lab's tests on them (docs/cabinet-rules.md#rng-requirements): chi-square of rank
 * frequency per deal position (P1, B1, P2, B2: 1/13 each; P3, B3: exact, deal-expectations.ts),
 * chi-square of Banker/Player/Tie against the exact analysis, runs tests and lag-1 serial
 * correlation on round-by-round values. Rounds are independent (a fresh shoe each), cards within
 * a round are not (no replacement), hence round-level sequences for runs and correlation. The
 * sequences are kept as sufficient statistics, so tallies from several workers merge exactly.
 *
 * PASS RULE: with k tests, pass means every p ≥ 0.01 / k (Bonferroni), so a correct RNG fails the
 * whole family with probability at most 1%: the family is tested at 99% confidence.
 */
import { exactCounts, ratio } from '../core/analysis/exact-analysis.ts';
import type { Card } from '../core/cards/card.ts';
import type { RoundOutcome } from '../core/engine/round.ts';
import { DEAL_POSITIONS, positionExpectations } from './deal-expectations.ts';
import { LagOneTally, RunsTally, type LagOneSums, type RunsCounts } from './sequence-statistics.ts';
import { chiSquareTest, type TestResult } from './statistics.ts';

const RANK_INDEX: Readonly<Record<string, number>> = {
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
const SUIT_INDEX: Readonly<Record<string, number>> = { S: 0, H: 1, D: 2, C: 3 };

function faceIndex(card: Card): number {
  return SUIT_INDEX[card.suit]! * 13 + RANK_INDEX[card.rank]!;
}

export interface Verdict {
  readonly alpha: number;
  readonly passRule: string;
  readonly threshold: number;
  readonly minPValue: number;
  readonly pass: boolean;
}

/** A DealTally as plain data, to pass between worker threads. */
export interface DealTallySnapshot {
  readonly decks: number;
  readonly rounds: number;
  readonly cards: number;
  readonly rankCounts: readonly (readonly number[])[];
  readonly outcomeCounts: readonly number[];
  readonly bankerVsPlayer: RunsCounts;
  readonly p1HighLow: RunsCounts;
  readonly p1Face: LagOneSums;
  readonly margin: LagOneSums;
}

export class DealTally {
  readonly decks: number;
  rounds = 0;
  cards = 0;
  private readonly rankCounts = DEAL_POSITIONS.map(() => new Array<number>(13).fill(0));
  private readonly outcomeCounts = [0, 0, 0]; // banker, player, tie
  // Round-by-round sequences as sufficient statistics (sequence-statistics.ts), not arrays.
  private readonly bankerVsPlayer = new RunsTally(); // 1 banker, 0 player, ties left out
  private readonly p1HighLow = new RunsTally();
  private readonly p1Face = new LagOneTally();
  private readonly margin = new LagOneTally();

  /** `_expectedRounds` is accepted for old callers; the tally keeps sums, so its size is fixed. */
  constructor(decks: number, _expectedRounds?: number) {
    this.decks = decks;
  }

  static fromSnapshot(snapshot: DealTallySnapshot): DealTally {
    const tally = new DealTally(snapshot.decks);
    tally.merge(snapshot);
    return tally;
  }

  add(round: RoundOutcome): void {
    const { player, banker } = round;
    const count = (position: number, card: Card | undefined) => {
      if (card) this.rankCounts[position]![RANK_INDEX[card.rank]!]!++;
    };
    count(0, player.cards[0]);
    count(1, banker.cards[0]);
    count(2, player.cards[1]);
    count(3, banker.cards[1]);
    count(4, player.cards[2]);
    count(5, banker.cards[2]);
    const w = round.winner === 'banker' ? 0 : round.winner === 'player' ? 1 : 2;
    this.outcomeCounts[w]!++;
    if (w !== 2) this.bankerVsPlayer.add(w === 0 ? 1 : 0);
    const face = faceIndex(player.cards[0]!);
    this.p1HighLow.add(face >= 26 ? 1 : 0);
    this.p1Face.add(face);
    this.margin.add(banker.total - player.total);
    this.rounds++;
    this.cards += round.dealOrder.length;
  }

  /**
   * Adds the rounds of `other` as if they were dealt after this tally's: counts add, and the
   * round-by-round sequences are joined end to end (docs/rng.md#tallies-from-several-workers).
   */
  merge(other: DealTally | DealTallySnapshot): void {
    const s = other instanceof DealTally ? other.snapshot() : other;
    if (s.decks !== this.decks) {
      throw new RangeError(`cannot merge a ${s.decks}-deck tally into a ${this.decks}-deck one`);
    }
    this.rounds += s.rounds;
    this.cards += s.cards;
    s.rankCounts.forEach((counts, position) =>
      counts.forEach((count, rank) => (this.rankCounts[position]![rank]! += count)),
    );
    s.outcomeCounts.forEach((count, i) => (this.outcomeCounts[i]! += count));
    this.bankerVsPlayer.append(RunsTally.from(s.bankerVsPlayer));
    this.p1HighLow.append(RunsTally.from(s.p1HighLow));
    this.p1Face.append(LagOneTally.from(s.p1Face));
    this.margin.append(LagOneTally.from(s.margin));
  }

  snapshot(): DealTallySnapshot {
    return {
      decks: this.decks,
      rounds: this.rounds,
      cards: this.cards,
      rankCounts: this.rankCounts.map((counts) => [...counts]),
      outcomeCounts: [...this.outcomeCounts],
      bankerVsPlayer: this.bankerVsPlayer.snapshot(),
      p1HighLow: this.p1HighLow.snapshot(),
      p1Face: this.p1Face.snapshot(),
      margin: this.margin.snapshot(),
    };
  }

  tests(): TestResult[] {
    const expectations = positionExpectations(this.decks);
    const tests: TestResult[] = DEAL_POSITIONS.map((position, i) =>
      chiSquareTest(
        `chi-square rank frequency ${position}`,
        this.rankCounts[i]!,
        expectations.rankProbabilities[position],
      ),
    );
    const exact = exactCounts(this.decks);
    tests.push(
      chiSquareTest('chi-square outcomes banker/player/tie vs exact analysis', this.outcomeCounts, [
        ratio(exact.banker, exact.denominator),
        ratio(exact.player, exact.denominator),
        ratio(exact.tie, exact.denominator),
      ]),
    );
    tests.push(this.bankerVsPlayer.test('runs banker vs player (ties left out), round by round'));
    tests.push(this.p1HighLow.test('runs P1 high/low half of the 52 faces, round by round'));
    tests.push(this.p1Face.test('serial correlation of P1 face index, lag 1'));
    tests.push(this.margin.test('serial correlation of banker − player total, lag 1'));
    return tests;
  }
}

/** Bonferroni verdict at family confidence 1 − alpha (default 99%). A test that cannot be computed fails. */
export function verdict(tests: readonly TestResult[], alpha = 0.01): Verdict {
  const threshold = alpha / tests.length;
  const minPValue = Math.min(...tests.map((t) => (Number.isFinite(t.pValue) ? t.pValue : 0)));
  return {
    alpha,
    passRule: `every p-value >= alpha / ${tests.length} tests (Bonferroni)`,
    threshold,
    minPValue,
    pass: minPValue >= threshold,
  };
}
