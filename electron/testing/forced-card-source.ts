/**
 * Given cards for e2e tests and screenshots: a RandomSource wrapper that, once armed with a
 * card list in deal order, makes the next round deal exactly those cards — through the real
 * shoe (FreshShoe) and the real engine, so the round is journaled, settled and shown like any
 * other. Only the browser test host wires it in (`test:force-cards`); a packaged kiosk never
 * contains it (dist:check looks for it).
 *
 * How: FreshShoe draws each card as `random.nextInt(cardsLeft)` and walks the 52 faces in
 * index order, each face holding its remaining copies (electron/core/engine/shoe.ts). The
 * wrapper keeps the same counts, so it can answer nextInt with the position of the first
 * remaining copy of the wanted face. The shoe, not the wrapper, still removes the card.
 * Unarmed, every call goes straight to the wrapped source.
 *
 * Notation (as `npm run round -- --cards`): ranks A, 2–10, J, Q, K, case-insensitive; a rank
 * may carry a suit letter S, H, D or C as the engine labels cards ("KH", "10d"). A rank
 * without a suit gets the suits in turn, as the round CLI does.
 */
import { CARDS_PER_DECK, RANKS, SUITS, cardLabel, isRank, type Card, type Suit } from '../core/cards/card.ts';
import { dealRound } from '../core/engine/round.ts';
import { FixedCardSource, MAX_DECKS, MIN_DECKS } from '../core/engine/shoe.ts';
import type { RandomSource } from '../core/random/random-source.ts';

export class ForcedCardsError extends Error {
  override readonly name = 'ForcedCardsError';
}

function isSuit(text: string): text is Suit {
  return (SUITS as readonly string[]).includes(text);
}

/** Parses card labels in deal order ("A", "KH", "10d"); throws ForcedCardsError naming the bad one. */
export function parseForcedCards(labels: readonly string[]): Card[] {
  const copies = new Map<string, number>();
  return labels.map((raw, index) => {
    const label = raw.trim().toUpperCase();
    const last = label.slice(-1);
    const withSuit = label.length > 1 && isSuit(last) && isRank(label.slice(0, -1));
    const rank = withSuit ? label.slice(0, -1) : label;
    if (!isRank(rank)) {
      throw new ForcedCardsError(
        `card ${index + 1} "${raw}" is not a card: use a rank A, 2–10, J, Q or K, optionally with a suit S, H, D or C (e.g. "KH")`,
      );
    }
    if (withSuit) return { rank, suit: last as Suit };
    const seen = copies.get(rank) ?? 0;
    copies.set(rank, seen + 1);
    return { rank, suit: SUITS[seen % SUITS.length] ?? 'S' };
  });
}

/** Face index 0..51 as FreshShoe counts them (cardFromIndex's inverse). */
function faceOf(card: Card): number {
  return SUITS.indexOf(card.suit) * 13 + RANKS.indexOf(card.rank);
}

/**
 * Checks that `cards` are one whole round from a `decks`-deck shoe: the tableau draws
 * every one of them and no more, and no face appears more often than the shoe holds it.
 */
export function checkForcedRound(cards: readonly Card[], decks: number): void {
  if (!Number.isInteger(decks) || decks < MIN_DECKS || decks > MAX_DECKS) {
    throw new ForcedCardsError(`decks must be ${MIN_DECKS} to ${MAX_DECKS}, got ${String(decks)}`);
  }
  const source = new FixedCardSource(cards);
  try {
    dealRound(source);
  } catch {
    throw new ForcedCardsError(
      `the round needs more than the ${cards.length} cards given: deal order is P1, B1, P2, B2, then each third card the tableau draws`,
    );
  }
  if (source.used !== cards.length) {
    throw new ForcedCardsError(
      `the round uses only the first ${source.used} of the ${cards.length} cards given (the tableau draws no more); give exactly ${source.used}`,
    );
  }
  const counts = new Map<number, number>();
  for (const card of cards) {
    const count = (counts.get(faceOf(card)) ?? 0) + 1;
    counts.set(faceOf(card), count);
    if (count > decks) {
      throw new ForcedCardsError(
        `${cardLabel(card)} appears ${count} times, but a ${decks}-deck shoe holds only ${decks} of it`,
      );
    }
  }
}

export interface ForcedCardSource extends RandomSource {
  /**
   * Arms the next round (the next shoe) to deal exactly `cards`, in deal order.
   * Throws ForcedCardsError, and stays as it was, when they are not one whole round
   * from a `decks`-deck shoe.
   */
  force(cards: readonly Card[], decks: number): void;
  /** The cards armed for the next round, or null. */
  readonly armed: readonly Card[] | null;
  /** Starts a shoe: an armed round begins here. */
  beforeShuffle(): void;
}

interface ForcedShoe {
  readonly cards: readonly Card[];
  readonly decks: number;
  next: number;
  /** Copies left per face, as FreshShoe keeps them. */
  readonly remaining: number[];
  left: number;
}

export function createForcedCardSource(random: RandomSource): ForcedCardSource {
  let armed: { cards: readonly Card[]; decks: number } | null = null;
  let shoe: ForcedShoe | null = null;

  function forcedIndex(current: ForcedShoe, bound: number): number {
    if (bound !== current.left) {
      throw new ForcedCardsError(
        `the shoe has ${bound} cards left but a ${current.decks}-deck shoe dealing the forced cards would have ${current.left}`,
      );
    }
    const card = current.cards[current.next];
    if (card === undefined) throw new ForcedCardsError('the round drew more cards than were forced');
    const face = faceOf(card);
    let index = 0;
    for (let f = 0; f < face; f++) index += current.remaining[f] ?? 0;
    current.remaining[face] = (current.remaining[face] ?? 0) - 1;
    current.left--;
    current.next++;
    return index;
  }

  return {
    get armed() {
      return armed?.cards ?? null;
    },
    force(cards, decks) {
      checkForcedRound(cards, decks);
      armed = { cards: [...cards], decks };
    },
    beforeShuffle() {
      random.beforeShuffle?.();
      shoe = null;
      if (armed === null) return;
      const { cards, decks } = armed;
      armed = null;
      shoe = {
        cards,
        decks,
        next: 0,
        remaining: Array.from({ length: CARDS_PER_DECK }, () => decks),
        left: decks * CARDS_PER_DECK,
      };
    },
    nextInt(bound) {
      const current = shoe;
      if (current === null) return random.nextInt(bound);
      const index = forcedIndex(current, bound);
      if (current.next === current.cards.length) shoe = null;
      return index;
    },
  };
}
