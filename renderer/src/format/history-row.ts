/**
 * One round of the player's game history as the screen shows it (docs/rules.md#game-history): the
 * cards of each hand in their slots with the order they were dealt, the totals and the winner, each
 * spot's stake and return, and the net by the same rule as the result banner (roundResultOf, so a
 * partial return reads as the loss it is). A voided round carries its refund and the key of its reason.
 * Pure: the components only draw it.
 */
import type { Card } from '../../../electron/core/cards/card.ts';
import { roundResultOf, type RoundResultSummary } from '../../../electron/core/engine/round-result-kind.ts';
import type { Winner } from '../../../electron/core/engine/round.ts';
import type { RoundRecord, RoundStatus } from '../../../electron/core/model/round-record.ts';
import { dealSequence, type Side } from './cards.ts';
import { LISTED_SPOTS, sumBets, type BetSpot } from './money.ts';
import { voidWhyKey } from './void-why.ts';

export interface HistoryCardSlot {
  readonly card: Card;
  /** Its place in the hand: 0, 1, or 2 for a third card (drawn sideways, as on the felt). */
  readonly slot: number;
  /** 1-based: the order it left the shoe (P1 B1 P2 B2, then P3, then B3). */
  readonly dealt: number;
}

export interface HistoryHand {
  readonly side: Side;
  readonly cards: readonly HistoryCardSlot[];
  readonly total: number;
}

export interface HistorySpotLine {
  readonly spot: BetSpot;
  readonly stakedMinor: number;
  /** What the spot paid back, stake included (0 for a lost bet). */
  readonly paidMinor: number;
}

export interface HistoryRowModel {
  readonly roundId: number;
  readonly status: RoundStatus;
  /** When the round ended (its lock time if it never did). */
  readonly at: string;
  /** Null when no card was dealt (voided before the deal). */
  readonly hands: { readonly player: HistoryHand; readonly banker: HistoryHand } | null;
  readonly winner: Winner | null;
  /** The spots that carried a bet, in the paytable's order. */
  readonly spots: readonly HistorySpotLine[];
  /** Staked, paid and net of a settled round with bets; null otherwise. */
  readonly result: RoundResultSummary | null;
  /** A voided round's refund and the message key of why (null for a void written before codes were kept). */
  readonly voided: { readonly refundedMinor: number; readonly whyKey: string | null } | null;
}

export function historyRow(round: RoundRecord): HistoryRowModel {
  const steps = dealSequence(round);
  const hand = (side: Side, total: number): HistoryHand => ({
    side,
    total,
    cards: steps
      .map((step, i) => ({ ...step, dealt: i + 1 }))
      .filter((step) => step.side === side)
      .map(({ card, slot, dealt }) => ({ card, slot, dealt })),
  });
  const o = round.outcome;
  return {
    roundId: round.roundId,
    status: round.status,
    at: round.endedAt ?? round.startedAt,
    hands: o ? { player: hand('player', o.player.total), banker: hand('banker', o.banker.total) } : null,
    winner: o?.winner ?? null,
    spots: LISTED_SPOTS.filter((spot) => (round.bets[spot] ?? 0) > 0).map((spot) => ({
      spot,
      stakedMinor: round.bets[spot] ?? 0,
      paidMinor: round.returns[spot] ?? 0,
    })),
    result: round.status === 'settled' && sumBets(round.bets) > 0 ? roundResultOf(round) : null,
    voided:
      round.status === 'voided' ? { refundedMinor: round.refundedMinor, whyKey: voidWhyKey(round.voidCode) } : null,
  };
}

/** The sign a net amount is shown with: a loss always carries a minus, a win a plus, a push none. */
export function netSign(netMinor: number): '+' | '−' | '' {
  return netMinor > 0 ? '+' : netMinor < 0 ? '−' : '';
}

/** A net amount with its sign, `money` formatting the size (e.g. "−0.50 €"). */
export function signedNet(netMinor: number, money: (minor: number) => string): string {
  return `${netSign(netMinor)}${money(Math.abs(netMinor))}`;
}
