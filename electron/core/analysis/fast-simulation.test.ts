import { describe, expect, it } from 'vitest';
import { cardFromIndex } from '../cards/card.ts';
import { dealRound } from '../engine/round.ts';
import { EIGHT_DECK_TIE_8_TO_1, SIX_DECK_TIE_9_TO_1 } from '../engine/rule-profile.ts';
import { FixedCardSource } from '../engine/shoe.ts';
import { bankerDraws, isNatural, playerDraws } from '../engine/tableau.ts';
import type { RandomSource } from '../random/random-source.ts';
import { BatchedCryptoRandomSource } from '../random/batched-crypto-random-source.ts';
import { SeededRandomSource } from '../random/seeded-random-source.ts';
import { analyzeProfile } from './exact-analysis.ts';
import { roundFacts } from '../engine/round-facts.ts';
import { parseRuleProfile } from '../engine/rule-profile.ts';
import { outcomeCell } from './outcome-cells.ts';
import {
  BANKER_DRAW_TABLE,
  emptyTally,
  NATURAL_TABLE,
  PLAYER_DRAW_TABLE,
  PLAYER_STOOD,
  RANK_VALUES,
  simulateRounds,
} from './fast-simulation.ts';
import { CHUNK_ROUNDS, planChunks, runSimulation } from './parallel-simulation.ts';
import { buildSimulationReport, wilsonInterval } from './simulation-report.ts';
import { chiSquare } from '../../testing/chi-square.ts';

describe('the simulator uses the tableau of electron/core/engine/tableau.ts (docs/rules.md#the-tableau)', () => {
  it('its lookup tables equal the tableau functions in every cell', () => {
    for (let total = 0; total <= 9; total++) {
      expect(NATURAL_TABLE[total] === 1).toBe(isNatural(total));
      expect(PLAYER_DRAW_TABLE[total] === 1).toBe(playerDraws(total));
      for (let column = 0; column <= 10; column++) {
        const third = column === PLAYER_STOOD ? null : column;
        expect(BANKER_DRAW_TABLE[total * 11 + column] === 1, `Banker ${total}, third ${third}`).toBe(
          bankerDraws(total, third),
        );
      }
    }
    expect(Array.from(RANK_VALUES)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0]);
  });

  it.each([1, 8])('every simulated round (%i deck) replays identically through dealRound', (decks) => {
    const rounds = 30_000;
    const replay = emptyTally();
    const rankCounts = new Array<number>(13).fill(0);
    let problems = 0;
    const tally = simulateRounds(rounds, decks, new SeededRandomSource(decks, 77), (ranks, faces) => {
      const cards = faces.map(cardFromIndex);
      const source = new FixedCardSource(cards);
      const outcome = dealRound(source);
      // The simulator dealt exactly the cards the dealer asks for, no more and no fewer.
      if (source.used !== cards.length) problems++;
      // No rank appears more often than the shoe holds it.
      const seen = new Array<number>(13).fill(0);
      for (const r of ranks) if (++seen[r]! > 4 * decks) problems++;
      replay.rounds++;
      replay[outcome.winner]++;
      if (outcome.natural) replay.natural++;
      if (outcome.playerPair) replay.playerPair++;
      if (outcome.bankerPair) replay.bankerPair++;
      replay.cards += cards.length;
      const facts = roundFacts(outcome);
      const { player, banker } = facts;
      replay.cells[outcomeCell(player.total, banker.total, player.cardCount, banker.cardCount)]!++;
      const state = (hand: typeof player) => (hand.suitedPair ? 2 : hand.pair ? 1 : 0);
      replay.pairStates[state(player) * 3 + state(banker)]!++;
      rankCounts[ranks[0]!]!++;
    });
    expect(problems).toBe(0);
    expect(tally).toEqual(replay);
    // And the first card's rank is uniform over the 13 ranks (chi-square df 12, 99.9%).
    expect(chiSquare(rankCounts)).toBeLessThan(32.91);
  });

  it('works through a plain RandomSource without word batches (e.g. the certified DRBG)', () => {
    const seeded = new SeededRandomSource(3);
    const plain: RandomSource = { nextInt: (bound) => seeded.nextInt(bound) };
    const tally = simulateRounds(10_000, 6, plain);
    expect(tally.banker + tally.player + tally.tie).toBe(10_000);
  });

  it('calls beforeShuffle once per round, like FreshShoe', () => {
    const seeded = new SeededRandomSource(3);
    let shuffles = 0;
    const plain: RandomSource = { nextInt: (bound) => seeded.nextInt(bound), beforeShuffle: () => void shuffles++ };
    simulateRounds(1234, 8, plain);
    expect(shuffles).toBe(1234);
  });

  it('rejects bad arguments', () => {
    expect(() => simulateRounds(-1, 8, new SeededRandomSource(1))).toThrow(/rounds/);
    expect(() => simulateRounds(10, 9, new SeededRandomSource(1))).toThrow(/1 to 8/);
  });
});

describe('simulation agrees with the exact analysis', () => {
  it('1 200 000 seeded rounds, 8 decks: every frequency and return inside its 99% interval', async () => {
    const tally = await runSimulation({ rounds: 1_200_000, seed: 20261201, decks: 8, workers: 1 });
    const report = buildSimulationReport(tally, EIGHT_DECK_TIE_8_TO_1, 100);
    for (const line of Object.values(report.frequencies)) expect(line.withinCi).toBe(true);
    for (const line of Object.values(report.returns)) expect(line.withinCi).toBe(true);
    expect(report.natural.withinCi).toBe(true);
    expect(report.playerPair.withinCi).toBe(true);
    expect(tally.rounds).toBe(1_200_000);
  });

  it('1 000 000 rounds from the OS CSPRNG, 6 decks: within 5 standard errors of the exact figures', () => {
    const n = 1_000_000;
    const tally = simulateRounds(n, 6, new BatchedCryptoRandomSource());
    const exact = analyzeProfile(SIX_DECK_TIE_9_TO_1).probabilities;
    for (const winner of ['banker', 'player', 'tie'] as const) {
      const p = exact[winner];
      expect(Math.abs(tally[winner] / n - p)).toBeLessThan(5 * Math.sqrt((p * (1 - p)) / n));
    }
  });

  it('1 200 000 seeded rounds, 6 decks, EZ with Lucky 6 at 23:1: the EZ Banker and every side bet inside its 99% interval', async () => {
    const ez = parseRuleProfile({ ...SIX_DECK_TIE_9_TO_1, id: 'ez', variant: 'ez', lucky6ThreeCardPays: 23 });
    const tally = await runSimulation({ rounds: 1_200_000, seed: 20261207, decks: 6, workers: 1 });
    const report = buildSimulationReport(tally, ez, 100);
    expect(Object.keys(report.sideBets)).toHaveLength(9);
    for (const [bet, line] of Object.entries(report.sideBets)) {
      expect(line.withinCi, `${bet}: ${line.rtp} [${line.ci99.join(', ')}] vs exact ${line.exact}`).toBe(true);
      expect(line.exact).toBeCloseTo(analyzeProfile(ez).sideBets[bet as keyof typeof report.sideBets]!.rtp, 12);
    }
    expect(report.returns.banker.withinCi).toBe(true);
    expect(report.returns.banker.exact).toBeCloseTo(analyzeProfile(ez).rtp.banker, 12);
  });

  it('the side-bet check can fail: Banker 6 wins moved to Banker 7 wins put Lucky 6 outside its interval', () => {
    const tally = simulateRounds(1_000_000, 8, new SeededRandomSource(5));
    for (let player = 0; player < 6; player++) {
      for (const [playerCards, bankerCards] of [
        [2, 2],
        [2, 3],
        [3, 2],
        [3, 3],
      ] as const) {
        const six = outcomeCell(player, 6, playerCards, bankerCards);
        const moved = Math.floor(tally.cells[six]! / 5);
        tally.cells[six]! -= moved;
        tally.cells[outcomeCell(player, 7, playerCards, bankerCards)]! += moved;
      }
    }
    const report = buildSimulationReport(tally, EIGHT_DECK_TIE_8_TO_1, 100);
    expect(report.sideBets['lucky-6']!.withinCi).toBe(false);
  });

  it('the 99% check can fail: a simulation of the wrong rules lands outside the interval', () => {
    // Ten per cent fewer Banker wins than dealt is what a broken tableau would look like.
    const tally = simulateRounds(1_000_000, 8, new SeededRandomSource(5));
    const skewed = { ...tally, banker: tally.banker - 10_000, player: tally.player + 10_000 };
    const report = buildSimulationReport(skewed, EIGHT_DECK_TIE_8_TO_1, 100);
    expect(report.frequencies.banker.withinCi).toBe(false);
  });
});

describe('parallel simulation is reproducible whatever the worker count', () => {
  it('a seed always deals the same rounds (pinned tally: a change here breaks every recorded seed)', () => {
    expect(new SeededRandomSource(20261201, 0).nextUint32()).toBe(1212717254);
    expect(simulateRounds(100_000, 8, new SeededRandomSource(20261201, 0))).toMatchObject({
      rounds: 100_000,
      banker: 45654,
      player: 44901,
      tie: 9445,
      natural: 34212,
      playerPair: 7500,
      bankerPair: 7393,
      cards: 494135,
    });
  });

  it('chunks are fixed-size and cover every round once', () => {
    const chunks = planChunks(CHUNK_ROUNDS * 2 + 5, 1, 8, 'seeded');
    expect(chunks.map((c) => c.rounds)).toEqual([CHUNK_ROUNDS, CHUNK_ROUNDS, 5]);
    expect(chunks.map((c) => c.index)).toEqual([0, 1, 2]);
  });

  it('1 worker and 2 worker threads give identical counts for the same seed', async () => {
    const rounds = CHUNK_ROUNDS * 2 + 12_345;
    const inline = await runSimulation({ rounds, seed: 9, decks: 8, workers: 1 });
    let progressCalls = 0;
    const threaded = await runSimulation({
      rounds,
      seed: 9,
      decks: 8,
      workers: 2,
      onProgress: () => void progressCalls++,
    });
    expect(threaded).toEqual(inline);
    expect(progressCalls).toBe(3);
    const other = await runSimulation({ rounds, seed: 10, decks: 8, workers: 1 });
    expect(other).not.toEqual(inline);
  });
});

describe('simulation report', () => {
  it('settles a small stake with the cabinet cent rounding: 0.10 on Banker returns 0.19', () => {
    const tally = { ...emptyTally(), rounds: 100, banker: 50, player: 40, tie: 10 };
    // Banker 7 over a three-card Player 2, Player natural 9 over 0, a 6–6 tie.
    tally.cells[outcomeCell(2, 7, 3, 2)] = 50;
    tally.cells[outcomeCell(9, 0, 2, 2)] = 40;
    tally.cells[outcomeCell(6, 6, 2, 2)] = 10;
    const report = buildSimulationReport(tally, EIGHT_DECK_TIE_8_TO_1, 10);
    expect(report.returns.banker.returned).toBe(50n * 19n + 10n * 10n);
    expect(report.returns.banker.staked).toBe(1000n);
    expect(report.returns.player.returned).toBe(40n * 20n + 10n * 10n);
    expect(report.returns.tie.returned).toBe(10n * 90n);
    expect(report.returns.banker.exact).toBeLessThan(analyzeProfile(EIGHT_DECK_TIE_8_TO_1).rtp.banker);
  });

  it('Wilson intervals contain the observed proportion and shrink with n', () => {
    const small = wilsonInterval(50, 100);
    const large = wilsonInterval(5000, 10_000);
    expect(small.low < 0.5 && small.high > 0.5).toBe(true);
    expect(large.high - large.low).toBeLessThan(small.high - small.low);
    expect(wilsonInterval(0, 10).low).toBe(0);
  });
});
