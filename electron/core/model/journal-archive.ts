/**
 * The journal's archive as the cabinet sees it (docs/cabinet-rules.md#retention-and-archive): rounds
 * and event-log rows beyond the venue's retention move, verified, to a file of their own beside the
 * journal, a bounded batch between rounds. The ledger never moves. What one run did, and a page of
 * archived rows for the technician's export, as data.
 */

import { JournalError } from './journal-error.ts';
import type { RecordProblem } from './record-check.ts';

/** The two chains that move; the ledger stays in the live journal. */
export type ArchivedChain = 'rounds' | 'events';

/**
 * Why a run set the archive file aside or failed, as a code with its parameters (worded where shown:
 * `staff.archiveProblem`). An error from SQLite or the OS travels as its code only.
 */
export type ArchiveProblem =
  /** The archive's rows after `afterId` are not the live journal's. */
  | { readonly code: 'archive-rows-differ'; readonly chain: ArchivedChain; readonly afterId: number }
  /** The archive holds no rows of the chain, but the live cut says rows up to `cutId` moved. */
  | { readonly code: 'archive-empty'; readonly chain: ArchivedChain; readonly cutId: number }
  /** The archive's rows `firstId`–`lastId` do not reach the live cut `cutId`. */
  | {
      readonly code: 'archive-short';
      readonly chain: ArchivedChain;
      readonly firstId: number;
      readonly lastId: number;
      readonly cutId: number;
    }
  | { readonly code: 'archive-cut-digest-differs'; readonly chain: ArchivedChain; readonly rowId: number }
  | { readonly code: 'archive-rows-unverified'; readonly chain: ArchivedChain; readonly problem: RecordProblem }
  /** The file is not a database, or is damaged: SQLite's code. */
  | { readonly code: 'archive-unreadable'; readonly error: string }
  /** The archive file named by the live cut is gone. */
  | { readonly code: 'archive-file-missing'; readonly error: string }
  /** The archive or the live journal refused a write (a full or failing disk): the SQLite or OS code. */
  | { readonly code: 'archive-write-failed'; readonly error: string }
  /** The live delete did not remove exactly the rows archived: nothing was committed. */
  | {
      readonly code: 'archive-delete-mismatch';
      readonly chain: ArchivedChain;
      readonly deleted: number;
      readonly archived: number;
    };

export type ArchiveProblemCode = ArchiveProblem['code'];
export const ARCHIVE_PROBLEM_CODES = [
  'archive-rows-differ',
  'archive-empty',
  'archive-short',
  'archive-cut-digest-differs',
  'archive-rows-unverified',
  'archive-unreadable',
  'archive-file-missing',
  'archive-write-failed',
  'archive-delete-mismatch',
] as const satisfies readonly ArchiveProblemCode[];
const covers: [ArchiveProblemCode] extends [(typeof ARCHIVE_PROBLEM_CODES)[number]] ? true : false = true;
void covers;

/** A run stopped on an archive problem: the problem as its code, so the event records it as such. */
export class ArchiveError extends JournalError {
  readonly problem: ArchiveProblem;
  constructor(problem: ArchiveProblem) {
    super(`journal archive: ${problem.code}`);
    this.problem = problem;
  }
}

export interface ArchiveRunRequest {
  /** The venue's `journal.retainRounds`: the newest this many rounds stay in the live journal. */
  readonly retainRounds: number;
  /** At most this many rounds move in this run (the run stays short between rounds). */
  readonly maxRounds: number;
  /** At most this many event-log rows move in this run. */
  readonly maxEvents: number;
  /** ISO-8601 time written with the cut and the event. */
  readonly at: string;
}

export type ArchiveRunResult =
  /** Nothing is beyond the retention (or nothing more can move). */
  | { readonly outcome: 'nothing-to-do' }
  /** A batch moved: the archive committed first, then the live journal (cut and delete in one commit). */
  | {
      readonly outcome: 'moved';
      readonly rounds: number;
      readonly events: number;
      readonly throughRoundId: number;
      readonly throughEventId: number;
      /** The batch was one a crash had cut short between its two commits, finished now. */
      readonly resumed: boolean;
    }
  /** A live row beyond the retention does not verify: it and everything after it stay live. */
  | {
      readonly outcome: 'blocked';
      readonly table: ArchivedChain;
      readonly rowId: number;
      readonly problem: RecordProblem;
    }
  /**
   * The archive file was unreadable or does not continue the live journal's chains: it was renamed
   * aside (kept, never deleted) and a new archive starts at the live cut.
   */
  | { readonly outcome: 'set-aside'; readonly problem: ArchiveProblem; readonly keptAs: string }
  /** The archive file refused a write or could not be opened (a full or failing disk): nothing moved. */
  | { readonly outcome: 'failed'; readonly problem: ArchiveProblem };

/** One archived row exactly as the archive holds it (every chained column, and its digest). */
export type ArchivedRow = Readonly<Record<string, string | number | null>>;

/** Where an archive chain starts and ends, and where the live journal's cut is. */
export interface ArchiveChainState {
  readonly chain: ArchivedChain;
  /** The archive holds rows after this id (0: from the chain's first row). */
  readonly startsAfterId: number;
  readonly lastId: number;
  readonly rows: number;
}

/** The archive's side of the journal port (electron/storage/journal.ts implements it). */
export interface JournalArchivePort {
  /** Moves one bounded batch; never throws for a damaged archive (it is set aside and reported). */
  archiveOldRecords(request: ArchiveRunRequest): ArchiveRunResult;
  /** The archive's chains (an empty list when there is no archive file). */
  archiveState(): ArchiveChainState[];
  /** Up to `limit` archived rows of `chain` with ids above `afterId`, oldest first. */
  archivedRows(chain: ArchivedChain, afterId: number, limit: number): ArchivedRow[];
}
