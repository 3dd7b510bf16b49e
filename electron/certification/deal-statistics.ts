/**
 * Tallies dealt rounds and runs the lab's tests on them (docs/cabinet-rules.md#rng-requirements): chi-square of rank
 * frequency per deal position (P1, B1, P2, B2: 1/13 each; P3, B3: exact, deal-expectations.ts),
 * chi-square of Banker/Player/Tie against the exact analysis, runs tests and lag-1 serial
 * correlation on round-by-round values. Rounds are independent (a fresh shoe each), cards within
 * a round are not (no replacement), hence round-level sequences for runs and correlation.
 *
 * PASS RULE: with k tests, pass means every p ≥ 0.01 / k (Bonferroni), so a correct RNG fails the
 * whole family with probability at most 1%: the family is tested at 99% confidence.
 */
import { exactCounts, ratio } from '../core/analysis/exact-analysis.ts';
import type { Card } from '../core/cards/card.ts';
import type { RoundOutcome } from '../core/engine/round.ts';
import { DEAL_POSITIONS, positionExpectations } from './deal-expectations.ts';
import { chiSquareTest, runsTest, serialCorrelationTest, type TestResult } from './statistics.ts';

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

export class DealTally {
  readonly decks: number;
  rounds = 0;
  cards = 0;
  private readonly rankCounts = DEAL_POSITIONS.map(() => new Array<number>(13).fill(0));
  private readonly outcomeCounts = [0, 0, 0]; // banker, player, tie
  private winners: Uint8Array; // 1 banker, 0 player, 2 tie
  private p1Faces: Uint8Array;
  private margins: Int8Array;

  constructor(decks: number, expectedRounds = 1024) {
    this.decks = decks;
    const n = Math.max(16, expectedRounds);
    this.winners = new Uint8Array(n);
    this.p1Faces = new Uint8Array(n);
    this.margins = new Int8Array(n);
  }

  add(round: RoundOutcome): void {
    if (this.rounds === this.winners.length) this.grow();
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
    this.winners[this.rounds] = w === 0 ? 1 : w === 1 ? 0 : 2;
    this.p1Faces[this.rounds] = faceIndex(player.cards[0]!);
    this.margins[this.rounds] = banker.total - player.total;
    this.rounds++;
    this.cards += round.dealOrder.length;
  }

  tests(): TestResult[] {
    const n = this.rounds;
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
    const decided = this.winners.subarray(0, n).filter((x) => x !== 2);
    tests.push(runsTest('runs banker vs player (ties left out), round by round', decided));
    tests.push(
      runsTest(
        'runs P1 high/low half of the 52 faces, round by round',
        this.p1Faces.subarray(0, n).map((f) => (f >= 26 ? 1 : 0)),
      ),
    );
    tests.push(serialCorrelationTest('serial correlation of P1 face index, lag 1', this.p1Faces.subarray(0, n)));
    tests.push(
      serialCorrelationTest('serial correlation of banker − player total, lag 1', this.margins.subarray(0, n)),
    );
    return tests;
  }

  private grow(): void {
    const winners = new Uint8Array(this.winners.length * 2);
    winners.set(this.winners);
    this.winners = winners;
    const faces = new Uint8Array(this.p1Faces.length * 2);
    faces.set(this.p1Faces);
    this.p1Faces = faces;
    const margins = new Int8Array(this.margins.length * 2);
    margins.set(this.margins);
    this.margins = margins;
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
