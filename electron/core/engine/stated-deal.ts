/**
 * A deal someone else made, checked against the drawing rules (docs/rules.md#the-tableau): a stadium terminal
 * deals the table's cards through its own engine and accepts them only when they are exactly the cards the
 * tableau draws, each a real card, no face more often than the profile's decks hold, and the outcome is the one
 * the table stated (docs/stadium.md#terminals).
 */
import { RANKS, SUITS, type Card } from '../cards/card.ts';
import { dealRound, type RoundOutcome, type Winner } from './round.ts';
import { FixedCardSource } from './shoe.ts';

export interface ClaimedOutcome {
  readonly winner: Winner;
  readonly playerTotal: number;
  readonly bankerTotal: number;
  readonly natural: boolean;
  readonly playerPair: boolean;
  readonly bankerPair: boolean;
}

/** Why a stated deal is refused: a card that is none, more copies than the shoe holds, too few or too many cards, another outcome. */
export type StatedDealProblem =
  'not-a-card' | 'too-many-copies' | 'cards-short' | 'cards-left-over' | 'outcome-differs';

export type StatedDeal =
  { readonly ok: true; readonly outcome: RoundOutcome } | { readonly ok: false; readonly problem: StatedDealProblem };

function isCard(card: unknown): card is Card {
  if (typeof card !== 'object' || card === null) return false;
  const { rank, suit } = card as { rank?: unknown; suit?: unknown };
  return (RANKS as readonly unknown[]).includes(rank) && (SUITS as readonly unknown[]).includes(suit);
}

/** The outcome the engine deals from `cards` in deal order, as a table states it (the cards already checked). */
export function outcomeOfDeal(cards: readonly Card[]): ClaimedOutcome {
  const o = dealRound(new FixedCardSource(cards));
  return {
    winner: o.winner,
    playerTotal: o.player.total,
    bankerTotal: o.banker.total,
    natural: o.natural,
    playerPair: o.playerPair,
    bankerPair: o.bankerPair,
  };
}

/** Deals `cards` (deal order) through the engine and compares the result with `claimed`. */
export function checkStatedDeal(cards: readonly Card[], claimed: ClaimedOutcome, decks: number): StatedDeal {
  if (!cards.every(isCard)) return { ok: false, problem: 'not-a-card' };
  const copies = new Map<string, number>();
  for (const c of cards) {
    const face = `${c.rank}${c.suit}`;
    const n = (copies.get(face) ?? 0) + 1;
    if (n > decks) return { ok: false, problem: 'too-many-copies' };
    copies.set(face, n);
  }
  const source = new FixedCardSource(cards);
  let outcome: RoundOutcome;
  try {
    outcome = dealRound(source);
  } catch {
    return { ok: false, problem: 'cards-short' };
  }
  if (source.used !== cards.length) return { ok: false, problem: 'cards-left-over' };
  const same =
    outcome.winner === claimed.winner &&
    outcome.player.total === claimed.playerTotal &&
    outcome.banker.total === claimed.bankerTotal &&
    outcome.natural === claimed.natural &&
    outcome.playerPair === claimed.playerPair &&
    outcome.bankerPair === claimed.bankerPair;
  return same ? { ok: true, outcome } : { ok: false, problem: 'outcome-differs' };
}
