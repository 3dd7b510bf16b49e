/**
 * The storage interface the cabinet programs against. The SQLite journal
 * (electron/storage/) implements it; the cabinet never sees SQL or a file.
 *
 * Split in two so a tool can ask for no more than it needs: `JournalReader`
 * (what the cabinet, game recall and the audit read) and `JournalWriter` (every
 * write). Every writer must run inside `transaction(fn)`: either all of `fn`'s
 * writes are durable when it returns, or (on a throw or a crash) none of them
 * are; a writer called outside a transaction throws JournalError and writes
 * nothing (docs/cabinet-rules.md#power-loss).
 */
import type { JournalArchivePort } from './journal-archive.ts';
import type { RoundOutcome, Winner } from '../engine/round.ts';
import type { RuleProfile } from '../engine/rule-profile.ts';
import type { Bets, Returns } from '../engine/settlement.ts';
import type { MinorUnits } from '../money/minor-units.ts';
import type { ConfigAuditEntry, NewConfigAuditEntry } from './config-audit.ts';
import type { CopyName, CopyRead, CriticalState } from './critical-state.ts';
import type { EventLogEntry } from './event-log.ts';
import type { EventMessage, VoidReason } from './journal-message.ts';
import type { Handpay, PaidHandpay } from './handpay.ts';
import type { LedgerEntry } from './ledger.ts';
import type { Meters } from './meters.ts';
import type { OpenRound, RoundRecord } from './round-record.ts';
import type { Tilt, TiltKind } from './tilt.ts';
import type { RecordCheck, VerifiedLedgerState } from './record-check.ts';
import type { StadiumRoundJournal } from './stadium-journal.ts';

export { JournalError } from './journal-error.ts';

/** A new round as it is locked: the bets are debited in the same transaction. */
export interface NewRound {
  readonly roundId: number;
  readonly demo: boolean;
  readonly bets: Bets;
  readonly stakeMinor: MinorUnits;
  readonly creditsBeforeMinor: MinorUnits;
  readonly at: string;
  /** The rule profile the round is dealt and settled under, kept with the round for the replay check. */
  readonly profile?: RuleProfile;
}

/**
 * Game recall: rounds by round number and by lock time, newest first
 * (docs/cabinet-rules.md#game-recall). Every bound is inclusive; times are ISO-8601
 * and compared as instants. Page back with `toRoundId` = the last round shown − 1.
 */
export interface RecallQuery {
  readonly fromRoundId?: number;
  readonly toRoundId?: number;
  readonly fromTime?: string;
  readonly toTime?: string;
  readonly limit?: number;
  readonly demo?: boolean;
}

/**
 * The event log by id, by kind and by time, newest first. Every bound is inclusive; page
 * back with `toId` = the last id shown − 1.
 */
export interface EventQuery {
  readonly fromId?: number;
  readonly toId?: number;
  readonly fromTime?: string;
  readonly toTime?: string;
  readonly kind?: string;
  readonly limit?: number;
}

/** A settled round as the roads draw it (docs/roads.md#implementation-status): its round id and result flags. */
export interface SettledOutcome {
  readonly roundId: number;
  readonly winner: Winner;
  readonly playerTotal: number;
  readonly bankerTotal: number;
  readonly playerPair: boolean;
  readonly bankerPair: boolean;
  readonly natural: boolean;
}

/** Where the meters restart after a RAM clear (the audit starts counting after these ids). */
export interface RamClearBoundary {
  readonly afterLedgerId: number;
  readonly afterRoundId: number;
  readonly afterEventId: number;
}

/** One RAM clear as recorded (docs/cabinet-rules.md#verified-records). */
export interface RamClearRecord {
  readonly at: string;
  /** What the player is owed, now a handpay: the sum of the real wallet's ledger rows (ram-clear.ts). */
  readonly creditsRemovedMinor: MinorUnits;
  readonly metersBefore: Meters | null;
  /** That verified ledger row (0: none verified); absent from callers that predate the record chain. */
  readonly verifiedLedgerId?: number;
  /** The sum of the real wallet's ledger deltas at the clear (the amount itself; kept for old rows). */
  readonly ledgerSumMinor?: MinorUnits;
}

/** Everything read from the journal; no method writes. */
export interface JournalReader {
  schemaVersion(): number;

  // critical memory
  readCriticalCopies(): { a: CopyRead; b: CopyRead; exists: boolean };

  // ledger
  billKeyCredited(eventKey: string): boolean;
  /** Sum of all ledger deltas of one wallet: what the credits must be. */
  ledgerBalance(demo: boolean): MinorUnits;
  /**
   * The running balance the newest ledger row of one wallet records (0 when it has none): start-up checks the credits
   * against it in a time that does not grow with the ledger; the sum is checked beside the running cabinet
   * (docs/cabinet-rules.md#critical-memory).
   */
  ledgerRunningBalance(demo: boolean): MinorUnits;
  lastLedgerId(): number;

  // rounds (game recall)
  openRounds(): OpenRound[];
  maxRoundId(): number;
  round(roundId: number): RoundRecord | null;
  lastFinishedRound(demo: boolean, status?: 'settled'): RoundRecord | null;
  recall(range: RecallQuery): RoundRecord[];
  /**
   * The settled rounds of one wallet with a round id above `afterRoundId`, newest first, at most
   * `limit`: the roads' window (docs/roads.md), read without scanning the journal.
   */
  settledOutcomes(demo: boolean, afterRoundId: number, limit: number): SettledOutcome[];

  // event log
  events(range: EventQuery): EventLogEntry[];
  lastEventId(): number;

  // tilts and handpays
  tilts(): Tilt[];
  pendingHandpays(): Handpay[];
  /** Paid handpays, newest first, with the role that paid each. */
  paidHandpays(limit?: number): PaidHandpay[];

  // venue configuration and RAM clear
  storedConfig(): { body: string; sha256: string } | null;
  /** The eSSP fixed key in force, kept outside the journal file (docs/venue-config.md#secrets). */
  storedConfigSecret(): string | null;
  /** The venue-config audit trail, newest first (docs/venue-config.md#audit-trail). */
  configAudit(range: { limit?: number; beforeId?: number }): ConfigAuditEntry[];
  lastRamClear(): RamClearBoundary | null;

  // record chain (docs/cabinet-rules.md#verified-records)
  /** The newest ledger row of a wallet whose digest verifies, and the balance it records. */
  verifiedLedgerState(demo: boolean): VerifiedLedgerState;
}

/** Every write to the journal. Each one throws JournalError outside `transaction(fn)`. */
export interface JournalWriter {
  // critical memory
  writeCritical(state: CriticalState): void;
  writeCriticalCopy(copy: CopyName, state: CriticalState): void;

  // ledger
  appendLedger(entry: LedgerEntry): number;

  // rounds
  insertRound(r: NewRound): void;
  markDealt(roundId: number, outcome: RoundOutcome, at: string): void;
  markSettled(
    roundId: number,
    returns: Returns,
    returnMinor: MinorUnits,
    creditsAfterMinor: MinorUnits,
    at: string,
  ): void;
  /** `code` is why, as data: screens and exports word it. */
  markVoided(
    roundId: number,
    refundMinor: MinorUnits,
    creditsAfterMinor: MinorUnits,
    at: string,
    code: VoidReason,
  ): void;

  // event log
  /**
   * `message` is the row as data, stored in its own columns: the code and its parameters are the whole row, worded
   * only where it is shown (docs/cabinet-rules.md#operator-menu-and-key-switch).
   */
  appendEvent(kind: string, at: string, message: EventMessage): number;

  // tilts and handpays
  /** False when the same kind and source is already active. */
  putTilt(tilt: Tilt): boolean;
  /** Removes the active tilts of `kind` (from `source` only when given); returns how many. */
  removeTilt(kind: TiltKind, source?: string): number;
  insertHandpay(amountMinor: MinorUnits, at: string): Handpay;
  /** Marks every pending handpay cleared, paid by `paidBy` (a staff role); returns how many. */
  clearHandpays(at: string, paidBy: 'attendant' | 'technician'): number;

  // venue configuration and RAM clear
  storeConfig(body: string, sha: string): void;
  /** Stages the next fixed key; it is in force once the transaction commits, dropped on a rollback. */
  storeConfigSecret(fixedKeyHex: string | null): void;
  appendConfigAudit(entry: NewConfigAuditEntry): number;
  /** Also accepts every row written so far: incremental record checks start after them. */
  recordRamClear(r: RamClearRecord): void;
}

/** The whole journal as the cabinet uses it; its archive of old rounds and events included (journal-archive.ts). */
export interface JournalPort extends JournalReader, JournalWriter, JournalArchivePort {
  /** A stadium terminal's rounds and its id (docs/stadium.md#the-terminals-journal); its writers need a transaction too. */
  readonly stadiumRounds: StadiumRoundJournal;
  /**
   * Runs `fn` inside one transaction: everything it wrote is durable when this
   * returns, or (on a throw or a crash) nothing of it is. Transactions do not nest.
   */
  transaction<T>(fn: () => T): T;
  /**
   * Checks the record chains incrementally: every row after each chain's verified checkpoint and
   * the newest rows of each chain, so its cost does not grow with the journal. Call at start-up and
   * before every round; it may move the checkpoints forward (its own small transaction, or the
   * caller's when one is open). A break names the first row that does not verify. Its window starts
   * no later than the last one did, so it also covers what an after-round window would have read.
   */
  verifyRecent(): RecordCheck;
  /**
   * After a round: verifies the rows written or re-stamped since the last check, read back once
   * (docs/cabinet-rules.md#verified-records). A break names the first row that does not verify.
   */
  verifyWritten(): RecordCheck;
  close(): void;
}
