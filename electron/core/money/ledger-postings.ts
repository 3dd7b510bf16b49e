/**
 * The per-spot ledger postings of a round: one ledger row per spot that carries an amount,
 * in BET_SPOTS order (main spots, then side bets), each with the running balance after it. A stake posts a debit per spot
 * at lock, a win posts a credit per spot at settle, a refund posts a credit per spot at a
 * void (docs/architecture.md#where-the-money-goes). Every posting loop of the cabinet goes
 * through here, so the ledger and the round's bets can always be joined spot by spot.
 */
import { BET_SPOTS, type BetSpot } from '../engine/bet-spot.ts';
import type { LedgerEntry } from '../model/ledger.ts';
import type { MinorUnits } from './minor-units.ts';

/** Ledger kinds posted one row per spot of a round. */
export type SpotPostingKind = 'stake' | 'win' | 'refund';

export interface SpotPostings {
  readonly kind: SpotPostingKind;
  readonly demo: boolean;
  readonly roundId: number;
  readonly at: string;
  /** Bets (stake, refund) or returns (win); absent or zero spots post nothing. */
  readonly amounts: Readonly<Partial<Record<BetSpot, MinorUnits>>>;
  /** The wallet's balance before the first row. */
  readonly balanceBeforeMinor: MinorUnits;
}

/** The total of per-spot amounts (a layout's stake, a round's return). */
export function sumSpots(amounts: Readonly<Partial<Record<BetSpot, MinorUnits>>>): MinorUnits {
  let total = 0;
  for (const spot of BET_SPOTS) total += amounts[spot] ?? 0;
  return total;
}

/**
 * Appends one row per spot with an amount and returns the balance after the last row.
 * Stakes are debits (negative delta); wins and refunds are credits.
 */
export function postPerSpot(append: (entry: LedgerEntry) => unknown, postings: SpotPostings): MinorUnits {
  const { kind, demo, roundId, at, amounts } = postings;
  const sign = kind === 'stake' ? -1 : 1;
  let balance = postings.balanceBeforeMinor;
  for (const spot of BET_SPOTS) {
    const v = amounts[spot];
    if (!v) continue;
    const deltaMinor = sign * v;
    balance += deltaMinor;
    append({ at, kind, demo, deltaMinor, roundId, spot, balanceAfterMinor: balance });
  }
  return balance;
}
