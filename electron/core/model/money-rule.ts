/**
 * The shapes of the money guard (docs/cabinet-rules.md#staff-actions-with-money-on-the-cabinet), below the
 * cabinet so that its API, the channel table and the guard itself name them without importing each other.
 */
import type { MinorUnits } from '../money/minor-units.ts';

/** What a player is owed right now, read from the journal (core/cabinet/money-on-cabinet.ts). */
export interface MoneyOnCabinet {
  /** The real-money credits: the sum of the ledger's real-money rows. */
  readonly creditsMinor: MinorUnits;
  /** Real-money rounds locked and not yet settled or voided. */
  readonly openRounds: number;
  /** Handpays recorded and not yet paid by an attendant. */
  readonly unpaidHandpays: number;
}

/**
 * What a staff action may do while the cabinet holds money:
 * - `allowed`: it cannot change what is owed (reads, paying a handpay, clearing a tilt whose cause is gone);
 * - `refused`: refused while money is on the cabinet;
 * - `refused-unless-memory-error`: refused while money is on the cabinet, except under a memory-error tilt,
 *   where the action turns what is owed into a handpay (the RAM clear);
 * - `per-setting`: a venue-config change, judged by the settings it changes.
 */
export type WhileMoney = 'allowed' | 'refused' | 'refused-unless-memory-error' | 'per-setting';
