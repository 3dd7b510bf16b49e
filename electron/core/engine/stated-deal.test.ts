import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Card } from '../cards/card.ts';
import { dealRound } from './round.ts';
import { FreshShoe } from './shoe.ts';
import { checkStatedDeal, outcomeOfDeal } from './stated-deal.ts';
import { deterministicRandom } from '../../testing/fixtures.ts';

const c = (rank: Card['rank'], suit: Card['suit'] = 'S'): Card => ({ rank, suit });
const claimOf = outcomeOfDeal;

describe('a stated deal is accepted only when the drawing rules deal exactly those cards to that outcome', () => {
  it('accepts the docs example: 9S 2H KD 3C is a Player natural 9 against 5', () => {
    const cards = [c('9'), c('2', 'H'), c('K', 'D'), c('3', 'C')];
    const checked = checkStatedDeal(cards, claimOf(cards), 8);
    expect(checked.ok && checked.outcome.winner).toBe('player');
  });

  it('refuses another winner, another total or another pair flag than the cards make', () => {
    const cards = [c('9'), c('2', 'H'), c('K', 'D'), c('3', 'C')];
    const claim = claimOf(cards);
    for (const wrong of [
      { ...claim, winner: 'banker' as const },
      { ...claim, playerTotal: 8 },
      { ...claim, natural: false },
      { ...claim, bankerPair: true },
    ]) {
      expect(checkStatedDeal(cards, wrong, 8)).toEqual({ ok: false, problem: 'outcome-differs' });
    }
  });

  it('refuses a third card the tableau does not draw, and a missing one it does', () => {
    const natural = [c('9'), c('2', 'H'), c('K', 'D'), c('3', 'C')];
    expect(checkStatedDeal([...natural, c('5')], claimOf(natural), 8)).toEqual({
      ok: false,
      problem: 'cards-left-over',
    });
    // Player 0 + 0 draws: four cards are short.
    const drawing = [c('K'), c('2'), c('Q'), c('3')];
    expect(checkStatedDeal(drawing, { ...claimOf([...drawing, c('4'), c('5')]) }, 8)).toEqual({
      ok: false,
      problem: 'cards-short',
    });
  });

  it('refuses a card that is none, and more copies of a face than the decks hold', () => {
    const cards = [c('9'), c('2', 'H'), c('K', 'D'), c('3', 'C')];
    const bogus = [{ rank: '1', suit: 'S' } as unknown as Card, ...cards.slice(1)];
    expect(checkStatedDeal(bogus, claimOf(cards), 8)).toEqual({ ok: false, problem: 'not-a-card' });
    const twice = [c('9'), c('9'), c('K', 'D'), c('3', 'C')];
    expect(checkStatedDeal(twice, claimOf(twice), 1)).toEqual({ ok: false, problem: 'too-many-copies' });
    expect(checkStatedDeal(twice, claimOf(twice), 2).ok).toBe(true);
  });

  it('property: every round the engine deals from a shoe is accepted with its own outcome', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), (seed) => {
        const dealt = dealRound(new FreshShoe(8, deterministicRandom(seed)));
        const checked = checkStatedDeal(dealt.dealOrder, claimOf(dealt.dealOrder), 8);
        return checked.ok && checked.outcome.winner === dealt.winner;
      }),
      { numRuns: 300 },
    );
  });
});
