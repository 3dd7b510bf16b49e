import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RANKS, SUITS, type Card } from '../core/cards/card.ts';
import { dealRound } from '../core/engine/round.ts';
import { FixedCardSource, FreshShoe, MAX_DECKS, MIN_DECKS } from '../core/engine/shoe.ts';
import type { RandomSource } from '../core/random/random-source.ts';
import { SeededRandomSource } from '../core/random/seeded-random-source.ts';
import { checkForcedRound, createForcedCardSource, ForcedCardsError, parseForcedCards } from './forced-card-source.ts';

const card = fc.record({ rank: fc.constantFrom(...RANKS), suit: fc.constantFrom(...SUITS) });

/** A whole round: six arbitrary cards cut to the ones the tableau draws, and a shoe that holds them. */
const forcedRound = fc
  .tuple(fc.array(card, { minLength: 6, maxLength: 6 }), fc.integer({ min: MIN_DECKS, max: MAX_DECKS }))
  .map(([cards, decks]) => {
    const source = new FixedCardSource(cards);
    dealRound(source);
    return { cards: cards.slice(0, source.used), decks };
  })
  .filter(({ cards, decks }) => {
    const counts = new Map<string, number>();
    for (const c of cards) counts.set(`${c.rank}${c.suit}`, (counts.get(`${c.rank}${c.suit}`) ?? 0) + 1);
    return [...counts.values()].every((n) => n <= decks);
  });

/** Counts how often the wrapped source is asked, to show an armed round does not use it. */
function counting(random: RandomSource): RandomSource & { draws: number; shuffles: number } {
  const counted = {
    draws: 0,
    shuffles: 0,
    nextInt(bound: number) {
      counted.draws++;
      return random.nextInt(bound);
    },
    beforeShuffle() {
      counted.shuffles++;
    },
  };
  return counted;
}

describe('forced-card source: the next round deals exactly the given cards through the real shoe', () => {
  it('property: any valid forced round is dealt exactly, in deal order, and only once', () => {
    fc.assert(
      fc.property(forcedRound, fc.nat(), ({ cards, decks }, seed) => {
        const inner = counting(new SeededRandomSource(seed));
        const forced = createForcedCardSource(inner);
        forced.force(cards, decks);
        const outcome = dealRound(new FreshShoe(decks, forced));
        expect(outcome.dealOrder).toEqual(cards);
        expect(inner.draws).toBe(0);
        expect(inner.shuffles).toBe(1);
        expect(forced.armed).toBeNull();
        // The round after is random again: the wrapped source deals it.
        dealRound(new FreshShoe(decks, forced));
        expect(inner.draws).toBeGreaterThanOrEqual(4);
      }),
      { numRuns: 500 },
    );
  });

  it('a face forced twice is dealt from the copies the first one left; one deck holds only one', () => {
    const forced = createForcedCardSource(new SeededRandomSource(1));
    // Player K♠ K♠ = 0, Banker 9♠ 9♥ = 8: a natural, four cards.
    const cards = parseForcedCards(['KS', '9S', 'KS', '9H']);
    expect(() => forced.force(cards, 1)).toThrow(/KS appears 2 times, but a 1-deck shoe holds only 1/);
    forced.force(cards, 2);
    expect(dealRound(new FreshShoe(2, forced)).dealOrder).toEqual(cards);
  });

  it('unarmed, every call goes to the wrapped source unchanged', () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: MIN_DECKS, max: MAX_DECKS }), (seed, decks) => {
        const plain = dealRound(new FreshShoe(decks, new SeededRandomSource(seed)));
        const wrapped = dealRound(new FreshShoe(decks, createForcedCardSource(new SeededRandomSource(seed))));
        expect(wrapped).toEqual(plain);
      }),
      { numRuns: 100 },
    );
  });

  it('parses the round CLI notation: ranks, optionally with a suit letter', () => {
    expect(parseForcedCards(['a', '10d', 'K', 'KH', 'k'])).toEqual<Card[]>([
      { rank: 'A', suit: 'S' },
      { rank: '10', suit: 'D' },
      { rank: 'K', suit: 'S' },
      { rank: 'K', suit: 'H' },
      { rank: 'K', suit: 'H' },
    ]);
  });

  it.each([
    [['A', 'X', '2', '3'], /card 2 "X" is not a card/],
    [['A♠', '2', '3', '4'], /card 1 "A♠" is not a card/],
    [['1', '2', '3', '4'], /card 1 "1" is not a card/],
    [['AZ', '2', '3', '4'], /card 1 "AZ" is not a card/],
  ])('refuses a label that is not a card, naming it: %j', (labels, message) => {
    expect(() => parseForcedCards(labels)).toThrow(ForcedCardsError);
    expect(() => parseForcedCards(labels)).toThrow(message);
  });

  it('property: a sequence that is not one whole round is refused with a clear error, and nothing is armed', () => {
    fc.assert(
      fc.property(fc.array(card, { minLength: 0, maxLength: 8 }), fc.integer({ min: 1, max: 8 }), (cards, decks) => {
        const source = new FixedCardSource(cards);
        let whole = false;
        try {
          dealRound(source);
          whole = source.used === cards.length;
        } catch {
          whole = false;
        }
        fc.pre(!whole);
        const forced = createForcedCardSource(new SeededRandomSource(3));
        expect(() => forced.force(cards, decks)).toThrow(ForcedCardsError);
        expect(() => forced.force(cards, decks)).toThrow(
          /needs more than the \d+ cards given|uses only the first \d+ of/,
        );
        expect(forced.armed).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it('refuses too few and too many cards in words', () => {
    // Player 5 and Banker 5: both draw, so four cards are not enough.
    expect(() => checkForcedRound(parseForcedCards(['2', '2', '3', '3']), 8)).toThrow(
      /the round needs more than the 4 cards given/,
    );
    // A natural 9 stands: the fifth card would be left over.
    expect(() => checkForcedRound(parseForcedCards(['9', 'K', 'K', '5', '2']), 8)).toThrow(
      /uses only the first 4 of the 5 cards given/,
    );
  });

  it('a shoe that does not match the armed deck count is an error, not a silent random round', () => {
    const forced = createForcedCardSource(new SeededRandomSource(5));
    forced.force(parseForcedCards(['9', 'K', 'K', '5']), 8);
    expect(() => dealRound(new FreshShoe(6, forced))).toThrow(/the shoe has 312 cards left but a 8-deck shoe/);
  });
});
