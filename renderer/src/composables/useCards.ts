/**
 * Card helpers for the screen. The renderer never deals: it replays the cards main recorded, in the
 * recorded deal order (domain-notes §2 "Deal order": P1, B1, P2, B2, then P3, then B3).
 */
import type { Card } from '../../../electron/core/cards/card.ts';
import type { RoundRecord } from '../../../electron/core/model/round-record.ts';

export type Side = 'player' | 'banker';

export interface DealStep {
  readonly side: Side;
  /** Position in its hand: 0, 1 or 2 (the third card). */
  readonly slot: number;
  readonly card: Card;
}

/** Display value (domain-notes §2): A is 1, 2–9 face value, 10/J/Q/K count 0. */
export function cardPoints(card: Card): number {
  if (card.rank === 'A') return 1;
  const n = Number(card.rank);
  return Number.isInteger(n) && n >= 2 && n <= 9 ? n : 0;
}

/** Total of the cards shown so far (sum mod 10), for the running total while cards are revealed. */
export function shownTotal(cards: readonly Card[]): number {
  return cards.reduce((a, c) => a + cardPoints(c), 0) % 10;
}

/**
 * The replay order for a recorded round. Uses the hands from the recorded outcome (which cards went where),
 * ordered as they left the shoe. Returns [] when nothing was dealt (e.g. voided before the deal).
 */
export function dealSequence(round: Pick<RoundRecord, 'outcome'>): DealStep[] {
  const o = round.outcome;
  if (!o) return [];
  const p = o.player.cards;
  const b = o.banker.cards;
  const steps: DealStep[] = [];
  for (let i = 0; i < 2; i++) {
    const pc = p[i];
    const bc = b[i];
    if (pc) steps.push({ side: 'player', slot: i, card: pc });
    if (bc) steps.push({ side: 'banker', slot: i, card: bc });
  }
  const p3 = p[2];
  const b3 = b[2];
  if (p3) steps.push({ side: 'player', slot: 2, card: p3 });
  if (b3) steps.push({ side: 'banker', slot: 2, card: b3 });
  return steps;
}

export const SUIT_SYMBOL: Readonly<Record<Card['suit'], string>> = { S: '♠', H: '♥', D: '♦', C: '♣' };
export const isRedSuit = (suit: Card['suit']): boolean => suit === 'H' || suit === 'D';
