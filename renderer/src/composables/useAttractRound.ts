/**
 * One example round of the attract loop as a timeline (docs/venue-config.md#the-attract-loop): the engine's
 * dealt round becomes steps the screen walks through, and what the screen shows after any number of steps is
 * a pure function of the round and that number. So the rule "never a total or a result before its cards" is
 * a property of this file, tested without a browser:
 *
 * - the four opening cards are dealt face down in the order they left the shoe (P1, B1, P2, B2);
 * - the Player's two are turned, then the Banker's two; a side's total shows once two of its cards are face
 *   up, and it is always the total of the cards face up;
 * - a third card is dealt and turned only after both opening hands are on show, as the tableau draws it;
 * - the winner shows only after the last card is face up.
 */
import { rankValue, type Card } from '../../../electron/core/cards/card.ts';
import type { RoundOutcome, Winner } from '../../../electron/core/engine/round.ts';
import { handTotal } from '../../../electron/core/engine/tableau.ts';

export type AttractSide = 'player' | 'banker';

export type AttractStep =
  | { readonly kind: 'deal'; readonly card: number }
  | { readonly kind: 'reveal'; readonly card: number }
  | { readonly kind: 'result' };

/** Where a card of the deal order lies: its side and its slot there (0, 1, or 2 for a third card). */
export interface AttractSeat {
  readonly side: AttractSide;
  readonly slot: number;
  readonly card: Card;
}

/** The seats of a round's cards, index for index with `dealOrder`. */
export function attractSeats(hand: RoundOutcome): AttractSeat[] {
  const order = hand.dealOrder;
  const seats: AttractSeat[] = [];
  order.forEach((card, i) => {
    if (i < 4) seats.push({ side: i % 2 === 0 ? 'player' : 'banker', slot: i < 2 ? 0 : 1, card });
    // The fifth card is the Player's third when the Player drew, else the Banker's; a sixth is always the Banker's.
    else if (i === 4 && hand.player.cards.length === 3) seats.push({ side: 'player', slot: 2, card });
    else seats.push({ side: 'banker', slot: 2, card });
  });
  return seats;
}

/** The steps of one round, in the order the screen shows them. */
export function attractSteps(hand: RoundOutcome): AttractStep[] {
  const steps: AttractStep[] = [0, 1, 2, 3].map((card) => ({ kind: 'deal', card }));
  // The Player's hand is turned first, then the Banker's (P1, P2, then B1, B2).
  for (const card of [0, 2, 1, 3]) steps.push({ kind: 'reveal', card });
  for (let card = 4; card < hand.dealOrder.length; card++) steps.push({ kind: 'deal', card }, { kind: 'reveal', card });
  steps.push({ kind: 'result' });
  return steps;
}

export interface AttractCardView extends AttractSeat {
  /** Index in the deal order. */
  readonly index: number;
  readonly faceUp: boolean;
}

export interface AttractRoundView {
  /** The cards on the felt so far, in deal order. */
  readonly cards: readonly AttractCardView[];
  /** Each side's total of its face-up cards, or null while fewer than two of them are face up. */
  readonly totals: Readonly<Record<AttractSide, number | null>>;
  /** The winner, or null until every card is face up and the result step is reached. */
  readonly winner: Winner | null;
}

/** What the screen shows after the first `shown` steps of the round (0: an empty felt). */
export function attractView(hand: RoundOutcome, shown: number): AttractRoundView {
  const seats = attractSeats(hand);
  const dealt = new Set<number>();
  const faceUp = new Set<number>();
  let result = false;
  for (const step of attractSteps(hand).slice(0, Math.max(0, shown))) {
    if (step.kind === 'deal') dealt.add(step.card);
    else if (step.kind === 'reveal') faceUp.add(step.card);
    else result = true;
  }
  const cards = seats
    .map((seat, index) => ({ ...seat, index, faceUp: faceUp.has(index) }))
    .filter((c) => dealt.has(c.index));
  const totalOf = (side: AttractSide): number | null => {
    const up = cards.filter((c) => c.side === side && c.faceUp);
    return up.length >= 2 ? handTotal(up.map((c) => rankValue(c.card.rank))) : null;
  };
  return {
    cards,
    totals: { player: totalOf('player'), banker: totalOf('banker') },
    winner: result ? hand.winner : null,
  };
}
