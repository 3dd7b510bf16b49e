/**
 * Deals a round from cards written as text, for hand-worked settlement tests: "5S K 5H 9"
 * lists P1, B1, P2, B2, then the third cards in deal order (docs/rules.md#deal-order); a card
 * without a suit is a spade.
 */
import { isRank, SUITS, type Card, type Suit } from '../core/cards/card.ts';
import { roundFacts, type RoundFacts } from '../core/engine/round-facts.ts';
import { dealRound, type RoundOutcome } from '../core/engine/round.ts';
import { FixedCardSource } from '../core/engine/shoe.ts';

function cardOf(text: string): Card {
  const suit = text.at(-1) ?? '';
  const hasSuit = (SUITS as readonly string[]).includes(suit);
  const rank = hasSuit ? text.slice(0, -1) : text;
  if (!isRank(rank)) throw new Error(`"${text}" is not a card: a rank A, 2–10, J, Q or K and an optional suit S H D C`);
  return { rank, suit: hasSuit ? (suit as Suit) : 'S' };
}

export function dealCards(text: string): RoundOutcome {
  return dealRound(new FixedCardSource(text.trim().split(/\s+/).map(cardOf)));
}

export function dealtFacts(text: string): RoundFacts {
  return roundFacts(dealCards(text));
}
