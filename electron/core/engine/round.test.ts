import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RANKS, rankValue, type Card, type Rank } from '../cards/card.ts';
import { SeededRandomSource } from '../random/seeded-random-source.ts';
import { dealRound } from './round.ts';
import { FixedCardSource, FreshShoe } from './shoe.ts';
import { bankerDraws, playerDraws } from './tableau.ts';

/** A card of the given value (0 → K, 1 → A, else the number). */
function cardOfValue(value: number): Card {
  const rank: Rank = value === 0 ? 'K' : value === 1 ? 'A' : (String(value) as Rank);
  return { rank, suit: 'S' };
}

/** Two card values that make `total` (avoiding identical ranks is not needed). */
function twoCards(total: number): [number, number] {
  return total === 0 ? [0, 0] : [total, 0];
}

function deal(values: readonly number[]) {
  const source = new FixedCardSource(values.map(cardOfValue));
  return { outcome: dealRound(source), used: source.used };
}

describe('deal order P1, B1, P2, B2, then third cards (docs/rules.md#deal-order)', () => {
  it('A,9,K,5,7,2: Player A K 7 = 8, Banker 9 5 2 = 6, Player wins', () => {
    const cards: Card[] = ['A', '9', 'K', '5', '7', '2'].map((rank) => ({ rank: rank as Rank, suit: 'H' }));
    const source = new FixedCardSource(cards);
    const outcome = dealRound(source);
    expect(outcome.player.cards.map((c) => c.rank)).toEqual(['A', 'K', '7']);
    expect(outcome.banker.cards.map((c) => c.rank)).toEqual(['9', '5', '2']);
    expect(outcome.player.total).toBe(8);
    expect(outcome.banker.total).toBe(6);
    expect(outcome.winner).toBe('player');
    expect(outcome.natural).toBe(false);
    expect(source.used).toBe(6);
    expect(outcome.dealOrder.map((c) => c.rank)).toEqual(['A', '9', 'K', '5', '7', '2']);
  });

  it('a round with too few cards throws instead of inventing one', () => {
    expect(() => dealRound(new FixedCardSource([cardOfValue(1), cardOfValue(2), cardOfValue(3)]))).toThrow(
      /needs more than the 3 cards/,
    );
  });
});

describe('naturals: a two-card 8 or 9 on either hand and both stand (docs/rules.md#naturals)', () => {
  const cases: [number, number][] = [];
  for (let player = 0; player <= 9; player++) {
    for (let banker = 0; banker <= 9; banker++) if (player >= 8 || banker >= 8) cases.push([player, banker]);
  }
  it.each(cases)('Player %i against Banker %i: no third card, higher total wins', (player, banker) => {
    const [p1, p2] = twoCards(player);
    const [b1, b2] = twoCards(banker);
    // Spare cards that would change the result if anyone drew.
    const { outcome, used } = deal([p1, b1, p2, b2, 5, 5]);
    expect(used).toBe(4);
    expect(outcome.natural).toBe(true);
    expect(outcome.player.total).toBe(player);
    expect(outcome.banker.total).toBe(banker);
    expect(outcome.winner).toBe(player > banker ? 'player' : banker > player ? 'banker' : 'tie');
  });
});

describe('third cards through dealRound follow the tableau in every non-natural case (docs/rules.md#the-tableau)', () => {
  const cases: [number, number, number][] = [];
  for (let player = 0; player <= 7; player++) {
    for (let banker = 0; banker <= 7; banker++)
      for (let third = 0; third <= 9; third++) cases.push([player, banker, third]);
  }
  it.each(cases)('Player %i, Banker %i, next card worth %i', (player, banker, third) => {
    const [p1, p2] = twoCards(player);
    const [b1, b2] = twoCards(banker);
    const { outcome, used } = deal([p1, b1, p2, b2, third, 3]);
    const playerDrew = player <= 5;
    expect(outcome.player.cards).toHaveLength(playerDrew ? 3 : 2);
    // If the Player stood, the next card (worth `third`) is the Banker's.
    const bankerDrew = playerDrew ? bankerDraws(banker, third) : banker <= 5;
    expect(outcome.banker.cards).toHaveLength(bankerDrew ? 3 : 2);
    expect(used).toBe(4 + (playerDrew ? 1 : 0) + (bankerDrew ? 1 : 0));
    const playerTotal = (player + (playerDrew ? third : 0)) % 10;
    const bankerTotal = (banker + (bankerDrew ? (playerDrew ? 3 : third) : 0)) % 10;
    expect(outcome.player.total).toBe(playerTotal);
    expect(outcome.banker.total).toBe(bankerTotal);
    expect(playerDraws(player)).toBe(playerDrew);
  });
});

describe('properties of any round from a fresh shoe', () => {
  it('totals are always 0–9 and equal the card values mod 10; 4 to 6 cards are dealt', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 }), fc.integer({ min: 1, max: 8 }), (seed, decks) => {
        const outcome = dealRound(new FreshShoe(decks, new SeededRandomSource(seed)));
        for (const hand of [outcome.player, outcome.banker]) {
          expect(hand.total).toBeGreaterThanOrEqual(0);
          expect(hand.total).toBeLessThanOrEqual(9);
          expect(hand.total).toBe(hand.cards.reduce((sum, c) => sum + rankValue(c.rank), 0) % 10);
        }
        expect(outcome.dealOrder.length).toBeGreaterThanOrEqual(4);
        expect(outcome.dealOrder.length).toBeLessThanOrEqual(6);
      }),
      { numRuns: 2000 },
    );
  });

  it('cards are conserved: the shoe loses exactly the dealt cards, no face more than `decks` times', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 }), fc.integer({ min: 1, max: 8 }), (seed, decks) => {
        const shoe = new FreshShoe(decks, new SeededRandomSource(seed));
        const before = shoe.cardsLeft;
        const outcome = dealRound(shoe);
        expect(before).toBe(decks * 52);
        expect(shoe.cardsLeft + outcome.dealOrder.length).toBe(before);
        expect(outcome.player.cards.length + outcome.banker.cards.length).toBe(outcome.dealOrder.length);
        const faces = new Map<string, number>();
        for (const c of outcome.dealOrder) faces.set(`${c.rank}${c.suit}`, (faces.get(`${c.rank}${c.suit}`) ?? 0) + 1);
        for (const copies of faces.values()) expect(copies).toBeLessThanOrEqual(decks);
      }),
      { numRuns: 1000 },
    );
  });

  it('any 6 given ranks deal the same round whatever their suits (suit never matters)', () => {
    const rank = fc.constantFrom(...RANKS);
    fc.assert(
      fc.property(fc.array(rank, { minLength: 6, maxLength: 6 }), (ranks) => {
        const spades = dealRound(new FixedCardSource(ranks.map((r) => ({ rank: r, suit: 'S' as const }))));
        const hearts = dealRound(new FixedCardSource(ranks.map((r) => ({ rank: r, suit: 'H' as const }))));
        expect(hearts.winner).toBe(spades.winner);
        expect(hearts.player.total).toBe(spades.player.total);
        expect(hearts.banker.total).toBe(spades.banker.total);
      }),
    );
  });
});
