/**
 * What a check of the journal's record chain found (docs/cabinet-rules.md#verified-records): every
 * ledger row, round record and event-log row carries a keyed digest over its fields and the
 * previous row's digest, so a changed byte anywhere shows as the first row that no longer verifies.
 */
import { JournalError } from './journal-error.ts';

/** The tables whose rows are chained, one chain per table. */
export type ChainedTable = 'ledger' | 'rounds' | 'events';

/** The first row that does not verify: its table (or the checkpoint of a chain), its id, why. */
export interface RecordBreak {
  readonly table: ChainedTable | 'record_chain';
  /** The row id (round number for `rounds`); for `record_chain` the row id its checkpoint names. */
  readonly rowId: number;
  readonly problem: string;
}

export type RecordCheck =
  | { readonly ok: true; readonly rowsChecked: number }
  | { readonly ok: false; readonly rowsChecked: number; readonly firstBreak: RecordBreak };

/** The newest ledger row of a wallet whose digest verifies, and the balance that row records. */
export interface VerifiedLedgerState {
  /** 0 when no row of the wallet verifies (or the wallet has none). */
  readonly ledgerId: number;
  readonly balanceMinor: number;
}

/** Words for a break, naming table and row (the tilt reason and the event say this). */
export function describeBreak(b: RecordBreak): string {
  return `journal record chain broken at ${b.table} row ${b.rowId}: ${b.problem}`;
}

/** A row read for someone (game recall) that does not verify, or cannot be read at all: never shown. */
export class RecordBreakError extends JournalError {
  readonly recordBreak: RecordBreak;
  constructor(recordBreak: RecordBreak) {
    super(describeBreak(recordBreak));
    this.recordBreak = recordBreak;
  }
}
