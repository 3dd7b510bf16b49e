import { describe, expect, it } from 'vitest';
import { cardFromIndex, RANKS, SUITS } from '../cards/card.ts';
import type { RandomSource } from '../random/random-source.ts';
import { SeededRandomSource } from '../random/seeded-random-source.ts';
import { FixedCardSource, FreshShoe } from './shoe.ts';
import { chiSquare } from '../../testing/chi-square.ts';

// Upper 0.1% points of the chi-square distribution (a fixed seed makes each test deterministic).
const CHI2_999 = { 51: 87.97, 50: 86.66, 2651: 2893 } as const;

function faceIndex(rank: string, suit: string): number {
  return SUITS.indexOf(suit as (typeof SUITS)[number]) * 13 + RANKS.indexOf(rank as (typeof RANKS)[number]);
}

describe('FreshShoe deals every card with equal probability (docs/rng.md#why-every-dealt-sequence-is-equally-likely)', () => {
  it('first card of a 1-deck shoe: chi-square over the 52 faces, 52 000 shoes', () => {
    const random = new SeededRandomSource(20261201);
    const counts = new Array<number>(52).fill(0);
    for (let i = 0; i < 52_000; i++) {
      const card = new FreshShoe(1, random).draw();
      counts[faceIndex(card.rank, card.suit)]!++;
    }
    expect(chiSquare(counts)).toBeLessThan(CHI2_999[51]);
  });

  it('ordered pairs of the first two cards of a 1-deck shoe are uniform over the 52 × 51 pairs', () => {
    const random = new SeededRandomSource(7);
    const counts = new Array<number>(52 * 52).fill(0);
    for (let i = 0; i < 52 * 51 * 40; i++) {
      const shoe = new FreshShoe(1, random);
      const a = shoe.draw();
      const b = shoe.draw();
      counts[faceIndex(a.rank, a.suit) * 52 + faceIndex(b.rank, b.suit)]!++;
    }
    // The same face twice is impossible in one deck.
    for (let face = 0; face < 52; face++) expect(counts[face * 53]).toBe(0);
    const possible = counts.filter((_, index) => index % 53 !== 0);
    expect(possible).toHaveLength(2652);
    expect(chiSquare(possible)).toBeLessThan(CHI2_999[2651]);
  });

  it('the chi-square test can fail: a modulo-biased source is caught', () => {
    // nextInt by `byte % bound` over 0..255 favours low values — the bias docs/rng.md#rejection-sampling-to-a-range forbids.
    let state = 1;
    const biased: RandomSource = {
      nextInt(bound: number) {
        state = (Math.imul(state, 1103515245) + 12345) >>> 0;
        return (state >>> 24) % bound;
      },
    };
    const counts = new Array<number>(52).fill(0);
    for (let i = 0; i < 52_000; i++) {
      const card = new FreshShoe(1, biased).draw();
      counts[faceIndex(card.rank, card.suit)]!++;
    }
    expect(chiSquare(counts)).toBeGreaterThan(CHI2_999[51]);
  });

  it('a whole shoe dealt out holds every face exactly `decks` times, then refuses to deal', () => {
    for (const decks of [1, 3, 8]) {
      const shoe = new FreshShoe(decks, new SeededRandomSource(decks));
      const counts = new Array<number>(52).fill(0);
      for (let i = 0; i < decks * 52; i++) {
        const card = shoe.draw();
        counts[faceIndex(card.rank, card.suit)]!++;
        expect(shoe.cardsLeft).toBe(decks * 52 - i - 1);
      }
      expect(counts.every((c) => c === decks)).toBe(true);
      expect(() => shoe.draw()).toThrow(/empty/);
    }
  });

  it('asks the source to prepare before each shoe (DRBG reseed hook)', () => {
    let calls = 0;
    const source: RandomSource = { nextInt: () => 0, beforeShuffle: () => void calls++ };
    new FreshShoe(8, source);
    new FreshShoe(8, source);
    expect(calls).toBe(2);
  });

  it.each([0, 9, 2.5, Number.NaN])('rejects %s decks, naming the allowed range', (decks) => {
    expect(() => new FreshShoe(decks, new SeededRandomSource(1))).toThrow(/1 to 8/);
  });
});

describe('FixedCardSource deals the given cards in order', () => {
  it('counts what it dealt and refuses to invent a card', () => {
    const source = new FixedCardSource([cardFromIndex(0), cardFromIndex(14)]);
    expect(source.draw()).toEqual({ rank: 'A', suit: 'S' });
    expect(source.draw()).toEqual({ rank: '2', suit: 'H' });
    expect(source.used).toBe(2);
    expect(() => source.draw()).toThrow(/more than the 2 cards given/);
  });
});
