/**
 * The journal's archive as the cabinet sees it (docs/cabinet-rules.md#retention-and-archive): rounds
 * and event-log rows beyond the venue's retention move, verified, to a file of their own beside the
 * journal, a bounded batch between rounds. The ledger never moves. What one run did, and a page of
 * archived rows for the technician's export, as data.
 */

/** The two chains that move; the ledger stays in the live journal. */
export type ArchivedChain = 'rounds' | 'events';

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
  | { readonly outcome: 'blocked'; readonly table: ArchivedChain; readonly rowId: number; readonly problem: string }
  /**
   * The archive file was unreadable or does not continue the live journal's chains: it was renamed
   * aside (kept, never deleted) and a new archive starts at the live cut.
   */
  | { readonly outcome: 'set-aside'; readonly problem: string; readonly keptAs: string }
  /** The archive file refused a write or could not be opened (a full or failing disk): nothing moved. */
  | { readonly outcome: 'failed'; readonly problem: string };

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
