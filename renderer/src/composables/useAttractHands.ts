/**
 * The attract loop's example hands (docs/rules.md#the-tableau): most are drawn from a freshly shuffled
 * single deck, a few are hand-picked (a natural, a tie) so the loop always shows those. Every hand is dealt
 * by the core's own dealRound, so third cards, totals and winners are the real tableau's.
 *
 * The shuffle's randomness is the browser's crypto.getRandomValues: it is purely visual, has nothing to do
 * with the cabinet's RNG and never reaches a dealing channel or any money.
 */
import { cardFromIndex, CARDS_PER_DECK, cardLabel } from '../../../electron/core/cards/card.ts';
import { dealRound, type RoundOutcome } from '../../../electron/core/engine/round.ts';
import { FixedCardSource } from '../../../electron/core/engine/shoe.ts';
import { DEMO_DEALS } from './useAttract.ts';

/** A whole number in 0..n-1. */
export type RandomBelow = (n: number) => number;

/** Uniform in 0..n-1 from the browser's crypto source (rejection sampling: no modulo bias). */
export const cryptoBelow: RandomBelow = (n) => {
  if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new RangeError(`n must be a whole number 1..2^32, got ${n}`);
  const limit = Math.floor(2 ** 32 / n) * n;
  const word = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(word);
    if ((word[0] ?? 0) < limit) return (word[0] ?? 0) % n;
  }
};

/** A demo hand from the top of one shuffled deck (Fisher–Yates over the six cards a round can need). */
export function shuffledDemoHand(below: RandomBelow): RoundOutcome {
  const deck = Array.from({ length: CARDS_PER_DECK }, (_, i) => cardFromIndex(i));
  for (let i = 0; i < 6; i++) {
    const j = i + below(deck.length - i);
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  return dealRound(new FixedCardSource(deck.slice(0, 6)));
}

/** Where in one attract cycle the hand-picked hands sit; the first hand of a cycle is always shuffled. */
const PICKED_EVERY = 2;

/**
 * The hand for scene `n` of the loop (0, 1, 2, …): odd scenes show the hand-picked deals in turn, even
 * scenes a shuffled hand, so two attract sessions never open on the same fixed sequence.
 */
export function demoHandFor(n: number, below: RandomBelow): RoundOutcome {
  if (n % PICKED_EVERY === 1) {
    const cards = DEMO_DEALS[Math.floor(n / PICKED_EVERY) % DEMO_DEALS.length]!;
    return dealRound(new FixedCardSource(cards));
  }
  return shuffledDemoHand(below);
}

/** The hand's cards in deal order as text ("9H 7C KS QD"), for the screen's data attribute. */
export function demoCardsText(hand: RoundOutcome): string {
  return hand.dealOrder.map(cardLabel).join(' ');
}
