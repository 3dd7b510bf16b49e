/**
 * What the journal says about an event, a tilt or a voided round as data, never as words: a `code`
 * plus typed parameters (amounts in minor units, round and handpay numbers, roles, devices, tilt
 * kinds). The staff menu words each code in the technician's language
 * (docs/cabinet-rules.md#operator-menu-and-key-switch), the exports in English from the same table. No
 * words are stored beside a code: every fact a reader needs is a parameter.
 *
 * Over 400 lines: every journaled union and the lists the compiler checks against them sit together, so a new
 * code, its parameters and its list entry are one edit in one file that the wording test reads.
 */
import type { StaffRole } from '../staff/staff-status.ts';
import type { CopyFileProblem } from './critical-copy.ts';
import type { CopyProblem } from './critical-state.ts';
import type { DeviceDetail } from './device-detail.ts';
import type { ArchiveProblem } from './journal-archive.ts';
import type { RecordProblem } from './record-check.ts';
import type { TiltClearance, TiltKind } from './tilt-kind.ts';
import type { StadiumFaultCause, StadiumVoidCause } from './stadium-terminal.ts';

/** A device's health as a tilt reason carries it (the same words as DeviceHealth). */
export type ReportedHealth = 'connected' | 'healthy' | 'fault' | 'disconnected' | 'not-configured';

/**
 * Why a tilt was raised, created as this code where the fault starts (docs/cabinet-rules.md#door-and-tilt).
 * Words from outside the program (an OS error, a device's unknown reply) travel only as typed parameters.
 */
export type TiltReason =
  | {
      readonly code: 'device-reported';
      readonly device: string;
      readonly health: ReportedHealth;
      /** What the device reported, as its own code. */
      readonly deviceDetail: DeviceDetail;
    }
  | { readonly code: 'rng-deal-failure' }
  /** The RNG did not report healthy in time after start-up: its last status. */
  | {
      readonly code: 'rng-not-ready';
      readonly waitedMs: number;
      readonly health: ReportedHealth;
      readonly deviceDetail: DeviceDetail;
    }
  | { readonly code: 'door-is-open' }
  | { readonly code: 'handpay-waiting'; readonly amountMinor: number }
  | { readonly code: 'memory-no-good-copy' }
  /**
   * The copy file of critical memory is ahead of the journal (docs/cabinet-rules.md#critical-memory): the journal
   * lost committed data. What the copy holds and what the journal holds (sequence 0: a new journal).
   */
  | {
      readonly code: 'journal-behind-copy';
      readonly copyFile: string;
      readonly copySeq: number;
      readonly copyCreditsMinor: number;
      readonly journalSeq: number;
      readonly journalCreditsMinor: number;
    }
  /** A journal row does not verify (docs/cabinet-rules.md#verified-records): which table and row, and which check saw it. */
  | {
      readonly code: 'record-chain-broken';
      readonly table: 'ledger' | 'rounds' | 'events' | 'record_chain';
      readonly rowId: number;
      readonly check: RecordCheckWhen;
    }
  /** The journal refused a write (docs/cabinet-rules.md#storage-faults): the SQLite code and what was being written. */
  | { readonly code: 'storage-error'; readonly stage: StorageStage; readonly sqlite: string }
  /**
   * The journal was moved aside at start-up (docs/cabinet-rules.md#damaged-journal): what proved the damage,
   * and the name it is kept under.
   */
  | {
      readonly code: 'journal-damaged';
      readonly proof: DamageProof;
      readonly damagedFile: string;
      /** The SHA-256 of the file kept aside; null when it could not be read to hash. */
      readonly sha256: string | null;
    }
  /** The second copy of critical memory could not be written (docs/cabinet-rules.md#critical-memory): its errno. */
  | { readonly code: 'copy-write-failed'; readonly errno: string }
  /**
   * The main process crashed on an error nothing handled (docs/cabinet-rules.md#damaged-journal, "Crash policy"):
   * how, and the error's name.
   */
  | { readonly code: 'program-crash'; readonly crash: CrashKind; readonly error: string }
  /**
   * A stadium terminal found its table's stream doubtful (docs/stadium.md#terminals): why (`fault`), the table, the
   * round the doubtful message named (null: none) and the last round the stream had concluded here (null: none).
   */
  | {
      readonly code: 'stadium-stream-fault';
      readonly fault: StadiumFaultCause;
      readonly tableId: string;
      readonly round: number | null;
      readonly lastRound: number | null;
    };

/**
 * What proved a journal damaged (docs/cabinet-rules.md#damaged-journal): no regular non-empty file, not
 * SQLite's header, an unreadable schema, `PRAGMA integrity_check`, or content that broke start-up twice.
 */
export type DamageProof = 'file' | 'header' | 'schema' | 'integrity-check' | 'start-up';
export const DAMAGE_PROOFS = [
  'file',
  'header',
  'schema',
  'integrity-check',
  'start-up',
] as const satisfies readonly DamageProof[];

/** Which check found a row that does not verify. */
export type RecordCheckWhen = 'start-up' | 'before-round' | 'after-round' | 'game-recall';
export const RECORD_CHECK_WHENS = [
  'start-up',
  'before-round',
  'after-round',
  'game-recall',
] as const satisfies readonly RecordCheckWhen[];

/** Why a round was voided and refunded (docs/rules.md#faults-void-and-refund). */
export type VoidReason =
  | { readonly code: 'power-lost'; readonly status: 'locked' | 'dealt' }
  | { readonly code: 'rng-fault'; readonly source: string; readonly reason: TiltReason }
  | { readonly code: 'device-fault'; readonly device: string; readonly reason: TiltReason }
  | { readonly code: 'memory-error'; readonly source: string; readonly reason: TiltReason }
  | { readonly code: 'ram-clear' }
  /** The journal refused a write while the round was open; `stage` says which commit of the round failed. */
  | { readonly code: 'storage-error'; readonly stage: StorageStage; readonly sqlite: string }
  /** The stadium table voided the round, or no conclusion came in time (docs/stadium.md#terminals). */
  | {
      readonly code: 'stadium-void';
      readonly tableId: string;
      readonly tableRound: number;
      readonly voidCause: StadiumVoidCause;
    }
  /** The table's stream was doubtful while the bets were locked: refunded, never settled on it. */
  | {
      readonly code: 'stadium-fault';
      readonly tableId: string;
      readonly tableRound: number;
      readonly fault: StadiumFaultCause;
    };

/**
 * What the cabinet was writing when the journal refused it: a round's lock (bets debited), its deal (the
 * cards recorded), its settlement, a void, a bill credit, a cash-out, or anything else; `start-up`: the
 * check of the journal at start-up kept meeting a transient read error (docs/cabinet-rules.md#damaged-journal).
 */
export type StorageStage = 'lock' | 'deal' | 'settle' | 'void' | 'bill' | 'cash-out' | 'other' | 'start-up';
export const STORAGE_STAGES = [
  'lock',
  'deal',
  'settle',
  'void',
  'bill',
  'cash-out',
  'other',
  'start-up',
] as const satisfies readonly StorageStage[];

/**
 * What was off about a note that was credited all the same: its channel is not in the venue config, or the config
 * gives the channel another value, it was stacked while the cabinet was tilted, it took the credits above the
 * limit, or critical memory was bad so the meters did not count it.
 */
export type BillWarning =
  | 'channel-not-configured'
  | 'channel-value-differs'
  | 'stacked-while-tilted'
  | 'above-credit-limit'
  | 'meters-not-updated';
export const BILL_WARNINGS = [
  'channel-not-configured',
  'channel-value-differs',
  'stacked-while-tilted',
  'above-credit-limit',
  'meters-not-updated',
] as const satisfies readonly BillWarning[];

/** Why one copy of critical memory in the journal was rebuilt from the other: its own problem, or it disagreed. */
export type CriticalCopyProblem = CopyProblem | 'disagrees-with-ledger';
export const CRITICAL_COPY_PROBLEMS = [
  'missing',
  'checksum-mismatch',
  'not-json',
  'disagrees-with-ledger',
] as const satisfies readonly CriticalCopyProblem[];

/** Which check of critical memory found a bad copy (docs/cabinet-rules.md#critical-memory). */
export type MemoryCheck = 'start-up' | 'before-round' | 'after-round' | 'memory-fault' | 'storage-recovery';
export const MEMORY_CHECKS = [
  'start-up',
  'before-round',
  'after-round',
  'memory-fault',
  'storage-recovery',
] as const satisfies readonly MemoryCheck[];

/** Where a handpay's amount came from: a player's collect, the credits a RAM clear took off, a damaged journal's sum. */
export type HandpayOrigin = 'cash-out' | 'ram-clear' | 'damaged-journal';
export const HANDPAY_ORIGINS = ['cash-out', 'ram-clear', 'damaged-journal'] as const satisfies readonly HandpayOrigin[];

/** What ended a tilt. */
export type ClearCause = 'device-healthy' | 'door-closed' | 'ram-clear' | 'handpay-paid' | 'staff';

/** Why a staff session ended. */
export type SignOutWhy = 'menu' | 'idle' | 'key-off' | 'other-sign-in';

/** What ended the process unplanned: an error nothing handled (docs/cabinet-rules.md#damaged-journal, "Crash policy"). */
export type CrashKind = 'uncaught-exception' | 'unhandled-rejection';
export const CRASH_KINDS = ['uncaught-exception', 'unhandled-rejection'] as const satisfies readonly CrashKind[];

/** One event-log row as data. */
export type EventMessage =
  | { readonly code: 'door-opened' }
  | { readonly code: 'door-closed' }
  | { readonly code: 'fault-raised'; readonly tilt: TiltKind; readonly source: string; readonly reason: TiltReason }
  | {
      readonly code: 'tilt-raised';
      readonly tilt: TiltKind;
      readonly source: string;
      readonly reason: TiltReason;
      readonly clearance: TiltClearance;
    }
  | {
      readonly code: 'tilt-cleared';
      readonly tilt: TiltKind;
      readonly source: string | null;
      readonly cause: ClearCause;
      /** The staff role that cleared it, for `staff` and `handpay-paid`. */
      readonly role: StaffRole | null;
      /** For `device-healthy`: what the device said as it reported healthy; null for every other cause. */
      readonly deviceDetail: DeviceDetail | null;
    }
  | {
      readonly code: 'round-voided';
      readonly roundId: number;
      readonly refundMinor: number;
      readonly reason: VoidReason;
    }
  | {
      readonly code: 'handpay-created';
      readonly handpayId: number;
      readonly amountMinor: number;
      readonly origin: HandpayOrigin;
    }
  | {
      readonly code: 'handpay-paid';
      readonly role: StaffRole;
      readonly handpayIds: readonly number[];
      readonly totalMinor: number;
    }
  | {
      readonly code: 'ram-cleared';
      /** The sum of the real wallet's ledger rows, removed from the meter; above 0 it became a handpay. */
      readonly creditsRemovedMinor: number;
      readonly roundsVoided: number;
      /** The meters before the clear are in the journal (false when memory was unreadable). */
      readonly metersKept: boolean;
      /** The newest ledger row whose digest verifies (0: none) and whether its balance equals the sum. */
      readonly verifiedLedgerId: number;
      readonly chainAgrees: boolean;
      /**
       * A damaged journal kept aside at start-up and what it still owed (also a handpay), with what vouches for
       * that sum (electron/core/model/damaged-journal-owed.ts): the readable ledger rows it adds, the unreadable
       * spots stepped over, the export beside it, and the two witnesses (null: unreadable). All null without one.
       * The meters before the clear are in the `ram_clears` row of the same transaction.
       */
      readonly damagedFile: string | null;
      readonly damagedOwedMinor: number | null;
      readonly damagedLedgerRows: number | null;
      readonly damagedUnreadableSpots: number | null;
      readonly damagedExportFile: string | null;
      readonly damagedLastBalanceMinor: number | null;
      readonly damagedCopyCreditsMinor: number | null;
    }
  | { readonly code: 'power-up'; readonly count: number; readonly schema: number }
  | { readonly code: 'power-up-memory-error' }
  | { readonly code: 'shutdown' }
  /**
   * The process ended on an error nothing handled: its kind and the error's name (never its message). Written
   * as it happened, or from the marker file at the next start when the journal could not take it then.
   */
  | {
      readonly code: 'process-crash';
      readonly crash: CrashKind;
      readonly error: string;
      readonly recordedAtStart: boolean;
      /** When it crashed: the row's own time is later when it was recorded at the next start. */
      readonly crashedAt: string;
    }
  | { readonly code: 'memory-initialised' }
  /** One copy of critical memory in the journal was bad (`problem`), found by the check `during`: rebuilt from the other. */
  | {
      readonly code: 'memory-copy-rebuilt';
      readonly copy: 'a' | 'b';
      readonly from: 'a' | 'b';
      readonly copyProblem: CriticalCopyProblem;
      readonly during: MemoryCheck;
    }
  /** The copy file of critical memory was missing or failed its checks: rewritten from the journal (the words say why). */
  | {
      readonly code: 'memory-copy-file-rebuilt';
      readonly copyFile: string;
      readonly problem: CopyFileProblem;
      readonly osCode: string | null;
    }
  /** The copy file of critical memory was behind the journal by `commitsBehind` commits: brought up to date. */
  | { readonly code: 'memory-copy-file-behind'; readonly commitsBehind: number }
  /** A note credited although something about it was off (docs/cabinet-rules.md#bill-validator): what, as codes. */
  | {
      readonly code: 'bill-credited-anomaly';
      readonly valueMinor: number;
      readonly channel: number;
      /** The note's key in the ledger row credited with it (a repeated credit of one note is refused by it). */
      readonly eventKey: string;
      readonly warnings: readonly BillWarning[];
    }
  /**
   * A venue config was stored (docs/venue-config.md#audit-trail): the first (`installed`) or a change naming the
   * leaf fields that differ; their old and new values are the `config_audit` rows of the same transaction.
   */
  | {
      readonly code: 'config-changed';
      readonly hash: string;
      readonly installed: boolean;
      readonly fields: readonly string[];
    }
  /** The venue file at start-up would change these money-bearing settings while money was on the cabinet. */
  | { readonly code: 'config-kept-at-start'; readonly fields: readonly string[] }
  /** A technician reset the roads (docs/roads.md#implementation-status): they start after this round. */
  | { readonly code: 'roads-reset'; readonly afterRoundId: number }
  | { readonly code: 'staff-signed-in'; readonly role: StaffRole }
  /** Written by versions whose first sign-in set the PIN; kept so their rows still read. */
  | { readonly code: 'staff-pin-set'; readonly role: StaffRole }
  | { readonly code: 'staff-pin-provisioned'; readonly role: StaffRole }
  /** Only the browser test host's controls set a PIN this way. */
  | { readonly code: 'staff-pin-set-by-test'; readonly role: StaffRole }
  | {
      readonly code: 'staff-signed-out';
      readonly role: StaffRole;
      readonly why: SignOutWhy;
      /** For `idle`: the idle time that signed the session out, in seconds. */
      readonly idleS: number | null;
      /** For `other-sign-in`: the role whose sign-in ended this session. */
      readonly by: StaffRole | null;
    }
  | { readonly code: 'staff-sign-in-refused'; readonly role: StaffRole; readonly until: string }
  | { readonly code: 'staff-wrong-pin'; readonly role: StaffRole; readonly failures: number }
  | { readonly code: 'staff-locked-out'; readonly role: StaffRole; readonly failures: number; readonly until: string }
  | { readonly code: 'key-switch'; readonly on: boolean }
  /** A technician's clear of a storage-fault tilt first wrote this row: the journal takes writes again. */
  | { readonly code: 'storage-test-write' }
  /** A technician's clear rewrote the second copy of critical memory after it could not be written. */
  | { readonly code: 'copy-rewritten' }
  /**
   * Retention (docs/cabinet-rules.md#retention-and-archive): a batch of rounds and events beyond the venue's
   * `journal.retainRounds` moved, verified, to the archive file (`resumed`: a batch a crash had cut short).
   */
  | {
      readonly code: 'journal-archived';
      readonly rounds: number;
      readonly events: number;
      readonly throughRoundId: number;
      readonly throughEventId: number;
      readonly resumed: boolean;
    }
  /** The archive file was unreadable or did not continue the live chains: kept under `keptAs`, a new one starts. */
  | { readonly code: 'journal-archive-set-aside'; readonly keptAs: string; readonly problem: ArchiveProblem }
  /** A live row beyond the retention does not verify, so it and every later row stay in the live journal. */
  | {
      readonly code: 'journal-archive-blocked';
      readonly table: string;
      readonly rowId: number;
      readonly problem: RecordProblem;
    }
  /** The archive file refused a write (a full or failing disk): nothing moved, the live journal is unchanged. */
  | { readonly code: 'journal-archive-failed'; readonly problem: ArchiveProblem }
  /**
   * A player session began with the first credit after a zero balance (docs/responsible-gaming.md#the-session): the
   * meters it counts from and the rules it started under (null: off).
   */
  | {
      readonly code: 'session-started';
      readonly billsInBeforeMinor: number;
      readonly wageredBeforeMinor: number;
      readonly realityCheckMinutes: number | null;
      readonly lossLimitMinor: number | null;
      readonly timeLimitMinutes: number | null;
    }
  /** The session ended: at a cash-out (`cashedOut`) or a balance of zero, with its figures. */
  | {
      readonly code: 'session-ended';
      readonly cashedOut: boolean;
      readonly minutes: number;
      readonly totalBetMinor: number;
      readonly netMinor: number;
    }
  /** The reality check was shown with these figures (docs/responsible-gaming.md#the-reality-check). */
  | {
      readonly code: 'reality-check-shown';
      readonly minutes: number;
      readonly totalBetMinor: number;
      readonly netMinor: number;
    }
  /** The player answered the reality check: continue, or cash out (`cashOut`). */
  | { readonly code: 'reality-check-answered'; readonly cashOut: boolean; readonly minutes: number }
  /** The session's net loss reached the venue's loss limit: play stopped (docs/responsible-gaming.md#session-limits). */
  | {
      readonly code: 'session-loss-limit-reached';
      readonly lossMinor: number;
      readonly limitMinor: number;
      readonly minutes: number;
    }
  /** The session's time reached the venue's time limit: play stopped. */
  | {
      readonly code: 'session-time-limit-reached';
      readonly minutes: number;
      readonly limitMinutes: number;
      readonly netMinor: number;
    }
  /**
   * A stadium result came for a round this terminal had already refunded (a timeout or a fault): logged, ignored.
   * `roundId`: the terminal's refunded round, null when it had no bets in it.
   */
  | {
      readonly code: 'stadium-result-late';
      readonly tableId: string;
      readonly tableRound: number;
      readonly roundId: number | null;
    };

export type TiltReasonCode = TiltReason['code'];
export type VoidReasonCode = VoidReason['code'];
export type EventMessageCode = EventMessage['code'];

export const TILT_REASON_CODES = [
  'device-reported',
  'rng-deal-failure',
  'rng-not-ready',
  'door-is-open',
  'handpay-waiting',
  'memory-no-good-copy',
  'journal-behind-copy',
  'record-chain-broken',
  'storage-error',
  'copy-write-failed',
  'journal-damaged',
  'program-crash',
  'stadium-stream-fault',
] as const satisfies readonly TiltReasonCode[];

export const VOID_REASON_CODES = [
  'power-lost',
  'rng-fault',
  'device-fault',
  'memory-error',
  'ram-clear',
  'storage-error',
  'stadium-void',
  'stadium-fault',
] as const satisfies readonly VoidReasonCode[];

export const CLEAR_CAUSES = [
  'device-healthy',
  'door-closed',
  'ram-clear',
  'handpay-paid',
  'staff',
] as const satisfies readonly ClearCause[];

export const SIGN_OUT_WHYS = ['menu', 'idle', 'key-off', 'other-sign-in'] as const satisfies readonly SignOutWhy[];

export const EVENT_MESSAGE_CODES = [
  'door-opened',
  'door-closed',
  'fault-raised',
  'tilt-raised',
  'tilt-cleared',
  'round-voided',
  'handpay-created',
  'handpay-paid',
  'ram-cleared',
  'power-up',
  'power-up-memory-error',
  'shutdown',
  'process-crash',
  'memory-initialised',
  'memory-copy-rebuilt',
  'memory-copy-file-rebuilt',
  'memory-copy-file-behind',
  'bill-credited-anomaly',
  'config-changed',
  'config-kept-at-start',
  'roads-reset',
  'staff-signed-in',
  'staff-pin-set',
  'staff-pin-provisioned',
  'staff-pin-set-by-test',
  'staff-signed-out',
  'staff-sign-in-refused',
  'staff-wrong-pin',
  'staff-locked-out',
  'key-switch',
  'storage-test-write',
  'copy-rewritten',
  'journal-archived',
  'journal-archive-set-aside',
  'journal-archive-blocked',
  'journal-archive-failed',
  'stadium-result-late',
  'session-started',
  'session-ended',
  'reality-check-shown',
  'reality-check-answered',
  'session-loss-limit-reached',
  'session-time-limit-reached',
] as const satisfies readonly EventMessageCode[];

/** Compile-time checks: each list names every code of its type. */
type Covers<List extends readonly string[], Code extends string> = [Code] extends [List[number]] ? true : false;
const lists: [
  Covers<typeof TILT_REASON_CODES, TiltReasonCode>,
  Covers<typeof VOID_REASON_CODES, VoidReasonCode>,
  Covers<typeof CLEAR_CAUSES, ClearCause>,
  Covers<typeof SIGN_OUT_WHYS, SignOutWhy>,
  Covers<typeof EVENT_MESSAGE_CODES, EventMessageCode>,
  Covers<typeof CRASH_KINDS, CrashKind>,
  Covers<typeof RECORD_CHECK_WHENS, RecordCheckWhen>,
  Covers<typeof BILL_WARNINGS, BillWarning>,
  Covers<typeof CRITICAL_COPY_PROBLEMS, CriticalCopyProblem>,
  Covers<typeof MEMORY_CHECKS, MemoryCheck>,
  Covers<typeof HANDPAY_ORIGINS, HandpayOrigin>,
] = [true, true, true, true, true, true, true, true, true, true, true];
void lists;

/** A coded message split for storage: the code in its column, everything else as JSON. */
export function splitMessage(message: { readonly code: string }): { code: string; paramsJson: string } {
  const { code, ...params } = message;
  return { code, paramsJson: JSON.stringify(params) };
}

/** The stored columns back into a message; null when the row has no code (written before codes were kept). */
export function joinMessage<M extends { readonly code: string }>(
  code: string | null,
  paramsJson: string | null,
): M | null {
  if (code === null) return null;
  const params: unknown = paramsJson ? JSON.parse(paramsJson) : {};
  return { ...(typeof params === 'object' && params !== null ? params : {}), code } as M;
}
