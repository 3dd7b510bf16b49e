import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dealRound } from '../../../electron/core/engine/round.ts';
import { FixedCardSource } from '../../../electron/core/engine/shoe.ts';
import { DEMO_DEALS } from './useAttract.ts';
import { cryptoBelow, demoCardsText, demoHandFor, shuffledDemoHand, type RandomBelow } from './useAttractHands.ts';

/** A replayable source of choices for the shuffle, from fast-check's integers. */
const fromList =
  (values: number[]): RandomBelow =>
  (n) =>
    (values.shift() ?? 0) % n;

describe('attract demo hands are varied, real tableau deals', () => {
  it('a shuffled hand is exactly what the engine deals from its own cards, with no card twice', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 6, maxLength: 6 }), (choices) => {
        const hand = shuffledDemoHand(fromList([...choices]));
        const labels = hand.dealOrder.map((c) => `${c.rank}${c.suit}`);
        expect(new Set(labels).size).toBe(labels.length);
        expect(dealRound(new FixedCardSource(hand.dealOrder))).toEqual(hand);
      }),
    );
  });

  it('the loop mixes shuffled hands with the hand-picked natural and ties', () => {
    const picked = [1, 3, 5, 7].map((n) => demoHandFor(n, cryptoBelow));
    expect(picked.map((h) => demoCardsText(h))).toEqual(
      DEMO_DEALS.map((cards) => demoCardsText(dealRound(new FixedCardSource(cards)))),
    );
    expect(picked.some((h) => h.natural)).toBe(true);
    expect(picked.some((h) => h.winner === 'tie')).toBe(true);
  });

  it('the opening hand is not fixed: many sessions open on many different hands', () => {
    const openings = new Set(Array.from({ length: 40 }, () => demoCardsText(demoHandFor(0, cryptoBelow))));
    expect(openings.size).toBeGreaterThan(30);
  });

  it('the crypto source stays inside its range and refuses a range it cannot draw from', () => {
    for (let i = 0; i < 200; i++) expect(cryptoBelow(7)).toBeLessThan(7);
    expect(() => cryptoBelow(0)).toThrow(/whole number 1\.\.2\^32/);
  });
});
