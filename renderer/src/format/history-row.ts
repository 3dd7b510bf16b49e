/**
 * One round of the player's game history as the screen shows it (docs/rules.md#game-history): the
 * cards of each hand in their slots with the order they were dealt, the totals and the winner, each
 * spot's stake and return, and the net by the same rule as the result banner (roundResultOf, so a
 * partial return reads as the loss it is). A voided round carries its refund and the key of its reason. At a
 * stadium table a round carries the table's round number, and a table round this terminal sat out is a row with
 * the table's cards and no money (docs/stadium.md#history). Pure: the components only draw it.
 */
import type { Card } from '../../../electron/core/cards/card.ts';
import { roundResultOf, type RoundResultSummary } from '../../../electron/core/engine/round-result-kind.ts';
import { dealRound, type RoundOutcome, type Winner } from '../../../electron/core/engine/round.ts';
import { FixedCardSource } from '../../../electron/core/engine/shoe.ts';
import type { PlayerHistoryEntry } from '../../../electron/core/model/player-history-page.ts';
import type { RoundRecord, RoundStatus } from '../../../electron/core/model/round-record.ts';
import { dealSequence, type Side } from './cards.ts';
import { LISTED_BETS, sumBets, type AnyBetSpot } from './money.ts';
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
  readonly spot: AnyBetSpot;
  readonly stakedMinor: number;
  /** What the spot paid back, stake included (0 for a lost bet). */
  readonly paidMinor: number;
}

export interface HistoryRowModel {
  /** Unique within a page: the terminal's round, or the table's round for one sat out. */
  readonly key: string;
  /** The cabinet's own round number; null for a table round this terminal sat out. */
  readonly roundId: number | null;
  /** The table's round number at a stadium table; null for a round the cabinet played alone. */
  readonly tableRound: number | null;
  readonly status: RoundStatus | 'sat-out';
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
  /** A table round with none of the player's bets: the message key of why, when the close recorded one worth saying. */
  readonly satOut: { readonly whyKey: string | null } | null;
}

export function historyRow(entry: PlayerHistoryEntry): HistoryRowModel {
  if (entry.kind === 'played') return playedRow(entry.round, entry.tableRound);
  // The core dealt these cards through the same engine before it recorded them: they always make a round.
  const outcome = dealRound(new FixedCardSource(entry.cards));
  return {
    key: `t${entry.tableRound}`,
    roundId: null,
    tableRound: entry.tableRound,
    status: 'sat-out',
    at: entry.at,
    hands: handsOf(outcome),
    winner: outcome.winner,
    spots: [],
    result: null,
    voided: null,
    // "No bets were placed" would only repeat the row's "no bets".
    satOut: { whyKey: entry.why === null || entry.why === 'no-bets' ? null : `stadiumSitOut.${entry.why}` },
  };
}

function playedRow(round: RoundRecord, tableRound: number | null): HistoryRowModel {
  return {
    key: `r${round.roundId}`,
    roundId: round.roundId,
    tableRound,
    status: round.status,
    at: round.endedAt ?? round.startedAt,
    hands: handsOf(round.outcome),
    winner: round.outcome?.winner ?? null,
    spots: LISTED_BETS.filter((spot) => (round.bets[spot] ?? 0) > 0).map((spot) => ({
      spot,
      stakedMinor: round.bets[spot] ?? 0,
      paidMinor: round.returns[spot] ?? 0,
    })),
    result: round.status === 'settled' && sumBets(round.bets) > 0 ? roundResultOf(round) : null,
    voided:
      round.status === 'voided' ? { refundedMinor: round.refundedMinor, whyKey: voidWhyKey(round.voidCode) } : null,
    satOut: null,
  };
}

/** Both hands with each card in its slot and the order it left the shoe; null when no card was dealt. */
function handsOf(outcome: RoundOutcome | null): HistoryRowModel['hands'] {
  if (outcome === null) return null;
  const steps = dealSequence({ outcome });
  const hand = (side: Side, total: number): HistoryHand => ({
    side,
    total,
    cards: steps
      .map((step, i) => ({ ...step, dealt: i + 1 }))
      .filter((step) => step.side === side)
      .map(({ card, slot, dealt }) => ({ card, slot, dealt })),
  });
  return { player: hand('player', outcome.player.total), banker: hand('banker', outcome.banker.total) };
}

/** The sign a net amount is shown with: a loss always carries a minus, a win a plus, a push none. */
export function netSign(netMinor: number): '+' | '−' | '' {
  return netMinor > 0 ? '+' : netMinor < 0 ? '−' : '';
}

/** A net amount with its sign, `money` formatting the size (e.g. "−0.50 €"). */
export function signedNet(netMinor: number, money: (minor: number) => string): string {
  return `${netSign(netMinor)}${money(Math.abs(netMinor))}`;
}
