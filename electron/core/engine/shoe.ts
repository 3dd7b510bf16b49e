import { CARDS_PER_DECK, cardFromIndex, type Card } from '../cards/card.ts';
import type { RandomSource } from '../random/random-source.ts';

export const MIN_DECKS = 1;
export const MAX_DECKS = 8;
export const DEFAULT_DECKS = 8;

/** Where a round's cards come from, one at a time, in deal order. */
export interface CardSource {
  draw(): Card;
}

/**
 * A freshly shuffled shoe of `decks` × 52 cards, made for exactly one round
 * (the seeds shuffle before every round).
 *
 * Why every sequence of dealt cards is equally likely: the k-th card is drawn
 * by `random.nextInt(remaining)`, exactly uniform over the physical cards still
 * in the shoe, and then removed. The probability of any particular ordered
 * sequence c1..ck of distinct physical cards is therefore
 * 1/N · 1/(N−1) · … · 1/(N−k+1), the same for every sequence, and identical to
 * dealing the top k cards of a uniformly shuffled shoe (a lazy Fisher–Yates).
 * Dealing card by card also means a 256-bit DRBG state never has to cover the
 * ~3025 bits of a full 8-deck permutation (docs/rng.md#why-every-dealt-sequence-is-equally-likely); every permutation
 * of the shoe stays possible at the start of each round (docs/rng.md#why-every-dealt-sequence-is-equally-likely).
 */
export class FreshShoe implements CardSource {
  /** remaining[i] = copies left of face i (0..51). */
  private readonly remaining: number[];
  private left: number;
  private readonly random: RandomSource;

  constructor(decks: number, random: RandomSource) {
    this.random = random;
    if (!Number.isInteger(decks) || decks < MIN_DECKS || decks > MAX_DECKS) {
      throw new RangeError(`decks must be an integer from ${MIN_DECKS} to ${MAX_DECKS}, got ${String(decks)}`);
    }
    this.remaining = new Array<number>(CARDS_PER_DECK).fill(decks); // not Array.from: a closure call per face costs a tenth of a certified round
    this.left = decks * CARDS_PER_DECK;
    random.beforeShuffle?.();
  }

  get cardsLeft(): number {
    return this.left;
  }

  draw(): Card {
    if (this.left === 0) throw new RangeError('the shoe is empty');
    let pick = this.random.nextInt(this.left);
    for (let face = 0; face < CARDS_PER_DECK; face++) {
      const copies = this.remaining[face] ?? 0;
      if (pick < copies) {
        this.remaining[face] = copies - 1;
        this.left--;
        return cardFromIndex(face);
      }
      pick -= copies;
    }
    throw new Error('unreachable: shoe counts out of step');
  }
}

/** Cards given in deal order (the round CLI, tests, game recall replays). */
export class FixedCardSource implements CardSource {
  private next = 0;
  private readonly cards: readonly Card[];

  constructor(cards: readonly Card[]) {
    this.cards = cards;
  }

  get used(): number {
    return this.next;
  }

  draw(): Card {
    const card = this.cards[this.next];
    if (card === undefined) {
      throw new RangeError(`the round needs more than the ${this.cards.length} cards given`);
    }
    this.next++;
    return card;
  }
}
