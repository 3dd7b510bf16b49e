import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RANKS, SUITS, type Card } from '../../../electron/core/cards/card.ts';
import { dealRound } from '../../../electron/core/engine/round.ts';
import { FixedCardSource } from '../../../electron/core/engine/shoe.ts';
import { outcomeOfDeal } from '../../../electron/core/engine/stated-deal.ts';
import type { StadiumResultView, StadiumView } from '../../../electron/core/model/stadium-terminal.ts';
import { satOutRoundOf } from './sat-out-round.ts';

const c = (rank: Card['rank'], suit: Card['suit']): Card => ({ rank, suit });
/** Player 4 draws a 5 (9); Banker 3 draws against a third 5 (a K: still 3). Deal order P1 B1 P2 B2 P3 B3. */
const BOTH_DRAW = [c('2', 'H'), c('A', 'S'), c('2', 'D'), c('2', 'C'), c('5', 'S'), c('K', 'H')];
/** A Banker natural: four cards. */
const NATURAL = [c('K', 'H'), c('9', 'S'), c('Q', 'D'), c('10', 'C')];

const resultOf = (round: number, cards: Card[], roundId: number | null, sitOut: StadiumResultView['sitOut']) => ({
  round,
  cards,
  outcome: outcomeOfDeal(cards),
  roundId,
  sitOut,
});

/** Round 12 is open; round 11 concluded here with a result. */
const view = (lastResult: StadiumResultView | null, lastConcludedRound = 11): StadiumView => ({
  broker: 'nats://127.0.0.1:4222',
  table: 'T1',
  link: 'connected',
  round: 12,
  window: 'open',
  closesInMs: 15_000,
  skipping: false,
  terminals: 3,
  lockedRound: null,
  lastConcludedRound,
  lagMs: 40,
  sitOut: null,
  rebetQueued: false,
  lastResult,
  terminalId: 't0123456789abcdef',
});

describe('a stadium terminal shows the table round it had no bets in, and only that', () => {
  it('a cabinet that plays alone, or a terminal before its first result, shows none', () => {
    expect(satOutRoundOf(null)).toBeNull();
    expect(satOutRoundOf(view(null))).toBeNull();
  });

  it('a round this terminal played is left to its own round display: never shown twice', () => {
    expect(satOutRoundOf(view(resultOf(11, NATURAL, 7, null)))).toBeNull();
  });

  it('the newest result, with no bets here, is shown with its cards in the hands and why nothing was locked', () => {
    const shown = satOutRoundOf(view(resultOf(11, BOTH_DRAW, null, 'skipped')));
    expect(shown).toMatchObject({ round: 11, why: 'skipped' });
    expect(shown!.outcome.player.cards).toEqual([BOTH_DRAW[0], BOTH_DRAW[2], BOTH_DRAW[4]]);
    expect(shown!.outcome.banker.cards).toEqual([BOTH_DRAW[1], BOTH_DRAW[3], BOTH_DRAW[5]]);
    expect(shown!.outcome).toMatchObject({ winner: 'player', player: { total: 9 }, banker: { total: 3 } });
  });

  it('a terminal that missed the close (it joined or restarted mid-round) has no reason to give', () => {
    expect(satOutRoundOf(view(resultOf(11, NATURAL, null, null)))).toMatchObject({ round: 11, why: null });
  });

  it('once a later round concluded here without a result (a void, a refund), the older round is not shown', () => {
    expect(satOutRoundOf(view(resultOf(11, NATURAL, null, 'no-bets'), 12))).toBeNull();
  });

  it('the hands it shows are the table’s cards in deal order, with the winner and totals the table stated', () => {
    const card = fc.record({ rank: fc.constantFrom(...RANKS), suit: fc.constantFrom(...SUITS) });
    fc.assert(
      fc.property(fc.array(card, { minLength: 6, maxLength: 6 }), (six) => {
        // The cards the tableau takes from these six, as the table would have published them.
        const used = [...dealRound(new FixedCardSource(six)).dealOrder];
        const stated = outcomeOfDeal(used);
        const shown = satOutRoundOf(view(resultOf(11, used, null, 'no-bets')))!;
        const { player, banker } = shown.outcome;
        expect(player.cards.slice(0, 2)).toEqual([used[0], used[2]]);
        expect(banker.cards.slice(0, 2)).toEqual([used[1], used[3]]);
        expect([...player.cards.slice(2), ...banker.cards.slice(2)]).toEqual(used.slice(4));
        expect(shown.outcome.winner).toBe(stated.winner);
        expect([shown.outcome.player.total, shown.outcome.banker.total]).toEqual([
          stated.playerTotal,
          stated.bankerTotal,
        ]);
      }),
    );
  });
});
