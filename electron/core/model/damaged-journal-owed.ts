/**
 * What a damaged journal kept aside at start-up still owed the player (docs/cabinet-rules.md#damaged-journal):
 * the sum of its readable real-money ledger rows, read from an export written through a read-only
 * connection when the technician does the RAM clear. The RAM clear on the fresh journal turns it into a
 * handpay, once per damaged file.
 */
import type { MinorUnits } from '../money/minor-units.ts';

export interface DamagedJournalOwed {
  /** The damaged file's name beside the journal (`<journal>.damaged-<timestamp>`): names it once and for all. */
  readonly damagedFile: string;
  readonly sha256: string | null;
  /** The sum of the readable ledger rows of the real wallet: what the player is owed. */
  readonly owedMinor: MinorUnits;
  /** How many real-money ledger rows were read, and how many unreadable spots of the ledger were stepped over. */
  readonly ledgerRows: number;
  readonly unreadableSpots: number;
  /**
   * Witnesses, never the amount: the running balance on the newest readable row and the credits in the
   * critical copy kept beside the damaged file (null when unreadable). Equal to the sum when nothing was lost.
   */
  readonly lastBalanceAfterMinor: MinorUnits | null;
  readonly copyCreditsMinor: MinorUnits | null;
  /** The export (rows and amount) beside the damaged file, verifiable with `npm run audit-journal -- --owed`. */
  readonly exportFile: string;
}
