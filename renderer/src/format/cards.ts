/**
 * Card helpers for the screen. The renderer never deals: it replays the cards main recorded, in the
 * recorded deal order (docs/rules.md#deal-order: P1, B1, P2, B2, then P3, then B3). Card values and hand
 * totals are the core's own functions (docs/rules.md#card-values).
 */
import { rankValue, type Card } from '../../../electron/core/cards/card.ts';
import { handTotal } from '../../../electron/core/engine/tableau.ts';
import type { RoundRecord } from '../../../electron/core/model/round-record.ts';

export type Side = 'player' | 'banker';

export interface DealStep {
  readonly side: Side;
  /** Position in its hand: 0, 1 or 2 (the third card). */
  readonly slot: number;
  readonly card: Card;
}

/** Total of the cards shown so far, for the running total while cards are revealed. */
export function shownTotal(cards: readonly Card[]): number {
  return handTotal(cards.map((c) => rankValue(c.rank)));
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
