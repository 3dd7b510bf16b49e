/**
 * What a check of the journal's record chain found (docs/cabinet-rules.md#verified-records): every
 * ledger row, round record and event-log row carries a keyed digest over its fields and the
 * previous row's digest, so a changed byte anywhere shows as the first row that no longer verifies.
 */
import { JournalError } from './journal-error.ts';

/** The tables whose rows are chained, one chain per table. */
export type ChainedTable = 'ledger' | 'rounds' | 'events';

/**
 * Why a row or a checkpoint does not verify, as a code with its parameters; worded only where it is shown
 * (electron/core/wording/, `staff.recordProblem`), in English by the audit tools.
 */
export type RecordProblem =
  /** The stored digest is not the keyed digest of the row's fields and the previous row's digest. */
  | { readonly code: 'digest-mismatch' }
  | { readonly code: 'digest-missing' }
  /** A stored field cannot be read back as written (game recall). */
  | { readonly code: 'column-unreadable'; readonly column: string }
  | { readonly code: 'key-missing' }
  /** The key file was missing at start: a new one was made, so rows written before cannot be verified. */
  | { readonly code: 'key-replaced' }
  | { readonly code: 'checkpoint-missing'; readonly chain: ChainedTable }
  | { readonly code: 'checkpoint-damaged'; readonly chain: ChainedTable }
  /** A row at or before the verified checkpoint is gone, or its digest is not the one the checkpoint holds. */
  | { readonly code: 'verified-row-missing' }
  | { readonly code: 'checkpoint-digest-differs' }
  | { readonly code: 'archive-cut-damaged'; readonly chain: ChainedTable }
  /** The archive file (docs/cabinet-rules.md#retention-and-archive) cannot be read: the SQLite or OS code. */
  | { readonly code: 'archive-unreadable'; readonly error: string }
  /** No archive holds the rows the live cut says were moved, up to `throughId`. */
  | { readonly code: 'archive-missing'; readonly throughId: number }
  /** The archive starts after `afterId`: the rows before it are in an archive set aside. */
  | { readonly code: 'archive-starts-late'; readonly afterId: number }
  /** The archive's row at the live cut does not carry the cut's digest. */
  | { readonly code: 'archive-cut-digest-differs' };

export type RecordProblemCode = RecordProblem['code'];
export const RECORD_PROBLEM_CODES = [
  'digest-mismatch',
  'digest-missing',
  'column-unreadable',
  'key-missing',
  'key-replaced',
  'checkpoint-missing',
  'checkpoint-damaged',
  'verified-row-missing',
  'checkpoint-digest-differs',
  'archive-cut-damaged',
  'archive-unreadable',
  'archive-missing',
  'archive-starts-late',
  'archive-cut-digest-differs',
] as const satisfies readonly RecordProblemCode[];
const covers: [RecordProblemCode] extends [(typeof RECORD_PROBLEM_CODES)[number]] ? true : false = true;
void covers;

/** The first row that does not verify: its table (or the checkpoint of a chain), its id, why. */
export interface RecordBreak {
  readonly table: ChainedTable | 'record_chain';
  /** The row id (round number for `rounds`); for `record_chain` the row id its checkpoint names. */
  readonly rowId: number;
  readonly problem: RecordProblem;
  /** The row is in the archive file, not the live journal. */
  readonly archived?: true;
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

/** Where a break is, for a log line: the table (archived or live) and the row. */
export function breakWhere(b: RecordBreak): string {
  return `${b.archived ? 'archived ' : ''}${b.table} row ${b.rowId}`;
}

/** A break for a log line: where, and its code (the audit tools word it from staff.recordProblem). */
export function describeBreak(b: RecordBreak): string {
  return `journal record chain broken at ${breakWhere(b)}: ${b.problem.code}`;
}

/** A row read for someone (game recall) that does not verify, or cannot be read at all: never shown. */
export class RecordBreakError extends JournalError {
  readonly recordBreak: RecordBreak;
  constructor(recordBreak: RecordBreak) {
    super(describeBreak(recordBreak));
    this.recordBreak = recordBreak;
  }
}
