/**
 * The durable journal of the cabinet: `JournalPort` over SQLite.
 *
 * It composes the connection (database.ts: WAL + synchronous=FULL, transactions,
 * migrations) with one store per table. Every money movement is a ledger row
 * written in the same transaction as the state change that caused it and as both
 * copies of critical memory (docs/cabinet-rules.md#critical-memory,
 * docs/cabinet-rules.md#power-loss). The cabinet calls `transaction(fn)` and the
 * typed writers below; it never sees a statement. Every writer refuses to run
 * outside a transaction.
 *
 * A little over 400 lines: it is the one implementation of `JournalPort`, and each method is a short
 * delegation to its table's store; splitting it would split the port across files.
 */
import type { RoundOutcome } from '../core/engine/round.ts';
import type { Returns } from '../core/engine/settlement.ts';
import type { CriticalCopyPort } from '../core/model/critical-copy.ts';
import type { CopyName, CopyRead, CriticalState } from '../core/model/critical-state.ts';
import type { EventLogEntry } from '../core/model/event-log.ts';
import type { EventMessage, VoidReason } from '../core/model/journal-message.ts';
import type { Handpay, PaidHandpay } from '../core/model/handpay.ts';
import type {
  EventQuery,
  JournalPort,
  JournalReader,
  NewRound,
  RamClearBoundary,
  RamClearRecord,
  RecallQuery,
  SettledOutcome,
} from '../core/model/journal-port.ts';
import { CommittedCopyWriter } from './critical-copy-file.ts';
import type { LedgerEntry } from '../core/model/ledger.ts';
import type { OpenRound, RoundRecord } from '../core/model/round-record.ts';
import type { Tilt, TiltKind } from '../core/model/tilt.ts';
import type { MinorUnits } from '../core/money/minor-units.ts';
import { createHash } from 'node:crypto';
import { canonicalJson } from '../core/integrity/canonical-json.ts';
import type { ConfigAuditEntry, NewConfigAuditEntry } from '../core/model/config-audit.ts';
import { ConfigAuditStore } from './config-audit-store.ts';
import { ConfigSecretFile } from './config-secret-file.ts';
import { ConfigStore } from './config-store.ts';
import { CriticalMemoryStore } from './critical-memory-store.ts';
import { Database, type DatabaseOptions } from './database.ts';
import { EventLogStore, type EventAuditRow } from './event-log-store.ts';
import { HandpayStore } from './handpay-store.ts';
import { LedgerStore, type LedgerAuditRow } from './ledger-store.ts';
import { RamClearStore } from './ram-clear-store.ts';
import { ROUND_AUDIT_COLUMNS, RoundStore, type RefundAuditRow, type RoundAuditRow } from './round-store.ts';
import { StaffStore } from './staff-store.ts';
import { StadiumRoundStore } from './stadium-round-store.ts';
import type { StadiumRoundRow } from '../core/model/stadium-journal.ts';
import { TiltStore } from './tilt-store.ts';
import { RecordChain } from './record-chain.ts';
import { readOrCreateRecordKey, readRecordKey } from './record-chain-key.ts';
import type { RecordBreak, RecordCheck, VerifiedLedgerState } from '../core/model/record-check.ts';
import type {
  ArchiveChainState,
  ArchivedChain,
  ArchivedRow,
  ArchiveRunRequest,
  ArchiveRunResult,
  JournalArchivePort,
} from '../core/model/journal-archive.ts';
import { JournalArchiver } from './journal-archive.ts';
import { MIGRATIONS } from './migrations.ts';
import { archivedAuditRows, verifyArchive } from './journal-archive-audit.ts';

export interface JournalOptions extends DatabaseOptions {
  /**
   * false: rows get no record-chain digest. Only the benchmark's baseline (bench/record-chain.bench.ts)
   * opens a journal so; such a journal does not verify (docs/cabinet-rules.md#verified-records).
   */
  readonly recordChain?: boolean;
}

/** Everything a verifier needs to recompute meters and the money identity. */
export interface AuditRows {
  ledger: LedgerAuditRow[];
  rounds: RoundAuditRow[];
  refunds: RefundAuditRow[];
  /** Power-up and door events only (they drive meters). */
  events: EventAuditRow[];
}

/** What an independent audit reads: the journal readers plus the raw rows and SQLite's own check. */
export interface JournalAuditReader extends JournalReader {
  /** False for a file whose first migration never committed (killed during the very first start). */
  hasSchema(): boolean;
  auditRows(): AuditRows;
  /** SQLite's page-level check: 'ok' or the first problem. */
  quickCheck(): string;
  /** Every row of every record chain, from the first (docs/cabinet-rules.md#verified-records). */
  verifyAllRecords(limit?: number): { rowsChecked: number; breaks: RecordBreak[] };
  /** Every stadium round row (docs/stadium.md#the-terminals-journal). */
  stadiumAuditRows(): StadiumRoundRow[];
}

export class Journal implements JournalPort, JournalAuditReader, JournalArchivePort {
  private readonly db: Database;
  private readonly critical: CriticalMemoryStore;
  private readonly ledger: LedgerStore;
  private readonly rounds: RoundStore;
  private readonly eventLog: EventLogStore;
  private readonly tiltStore: TiltStore;
  private readonly handpays: HandpayStore;
  private readonly config: ConfigStore;
  private readonly ramClears: RamClearStore;
  private readonly configAuditStore: ConfigAuditStore;
  private readonly secrets: ConfigSecretFile;
  private readonly chain: RecordChain;
  /** false only for the benchmark's unchained baseline (JournalOptions.recordChain). */
  private readonly chained: boolean;
  private readonly path: string;
  /** Moves rounds and events beyond the retention to `<journal>.archive` (journal-archive.ts). */
  private readonly archiver: JournalArchiver;
  /** Set by keepCriticalCopy: the second copy of critical memory, written after each commit that changed it. */
  private copyWriter: CommittedCopyWriter | null = null;
  /** Staff access records (PIN hashes, lockouts); the shell's staff access writes here, never the cabinet. */
  readonly staff: StaffStore;
  readonly stadiumRounds: StadiumRoundStore;

  private constructor(db: Database, path: string, readOnly: boolean, chained: boolean) {
    this.db = db;
    this.path = path;
    const key = readRecordKey(path);
    // A writable journal whose key file is gone gets a new key, so the RAM-error state can still be
    // written and cleared; the chain reports the loss until a RAM clear accepts the journal.
    const lost = key === null && !readOnly && chained;
    this.chain = new RecordChain(db, lost ? readOrCreateRecordKey(path) : key, lost);
    this.chained = chained;
    const stamping = chained ? this.chain : null;
    this.critical = new CriticalMemoryStore(db);
    this.ledger = new LedgerStore(db, stamping);
    this.rounds = new RoundStore(db, stamping);
    this.eventLog = new EventLogStore(db, stamping);
    this.tiltStore = new TiltStore(db);
    this.handpays = new HandpayStore(db);
    this.config = new ConfigStore(db);
    this.ramClears = new RamClearStore(db);
    this.staff = new StaffStore(db, this.eventLog);
    this.stadiumRounds = new StadiumRoundStore(db);
    this.configAuditStore = new ConfigAuditStore(db);
    this.archiver = new JournalArchiver(db, this.chain, this.eventLog, path);
    this.secrets = new ConfigSecretFile(path);
    if (!readOnly) this.secrets.recover({ committedWith: (key) => this.committedWithSecret(key) });
  }

  /** Whether the stored config, with this fixed key put back, is the one whose hash the journal holds. */
  private committedWithSecret(fixedKeyHex: string | null): boolean {
    const stored = this.config.stored();
    if (!stored) return false;
    try {
      const body = JSON.parse(stored.body) as { devices?: { billAcceptor?: Record<string, unknown> } };
      if (!body.devices?.billAcceptor) return false;
      body.devices.billAcceptor.fixedKeyHex = fixedKeyHex;
      return createHash('sha256').update(canonicalJson(body)).digest('hex') === stored.sha256;
    } catch {
      return false;
    }
  }

  /** Opens (creating if needed) the journal file and runs pending migrations (not when read-only). */
  static open(path: string, options: JournalOptions = {}): Journal {
    return new Journal(
      Database.open(path, options, MIGRATIONS),
      path,
      options.readOnly ?? false,
      options.recordChain ?? true,
    );
  }

  close(): void {
    this.archiver.close();
    this.db.close();
  }

  /** The config secret staged inside `fn` is made the one in force after COMMIT, dropped after a ROLLBACK. */
  transaction<T>(fn: () => T): T {
    this.copyWriter?.discard();
    let result: T;
    try {
      result = this.db.transaction(fn);
    } catch (error) {
      this.secrets.discard();
      this.copyWriter?.discard();
      throw error;
    }
    this.secrets.promote();
    this.copyWriter?.committed();
    return result;
  }

  /**
   * From now on every committed critical-memory write is also written to `copy`, the second copy outside this
   * file (critical-copy-file.ts); a copy that cannot be written is handed to `onWriteError`.
   */
  keepCriticalCopy(copy: CriticalCopyPort, onWriteError: (error: unknown) => void): void {
    this.copyWriter = new CommittedCopyWriter(copy, () => this.lastLedgerId(), onWriteError);
  }

  schemaVersion(): number {
    return this.db.schemaVersion();
  }

  hasSchema(): boolean {
    return this.db.hasSchema();
  }

  // ------------------------------------------------------- critical memory

  writeCritical(state: CriticalState): void {
    this.critical.write(state);
    this.copyWriter?.stage(state);
  }

  writeCriticalCopy(copy: CopyName, state: CriticalState): void {
    this.critical.writeCopy(copy, state);
    this.copyWriter?.stage(state);
  }

  readCriticalCopies(): { a: CopyRead; b: CopyRead; exists: boolean } {
    return this.critical.readCopies();
  }

  // ------------------------------------------------------------------ ledger

  appendLedger(entry: LedgerEntry): number {
    return this.ledger.append(entry);
  }

  billKeyCredited(eventKey: string): boolean {
    return this.ledger.billKeyCredited(eventKey);
  }

  ledgerRunningBalance(demo: boolean): MinorUnits {
    return this.ledger.runningBalance(demo);
  }

  ledgerBalance(demo: boolean): MinorUnits {
    return this.ledger.balance(demo);
  }

  lastLedgerId(): number {
    return this.ledger.lastId();
  }

  // ------------------------------------------------------------------ rounds

  insertRound(r: NewRound): void {
    this.rounds.insert(r);
  }

  markDealt(roundId: number, outcome: RoundOutcome, at: string): void {
    this.rounds.markDealt(roundId, outcome, at);
  }

  markSettled(
    roundId: number,
    returns: Returns,
    returnMinor: MinorUnits,
    creditsAfterMinor: MinorUnits,
    at: string,
  ): void {
    this.rounds.markSettled(roundId, returns, returnMinor, creditsAfterMinor, at);
  }

  markVoided(
    roundId: number,
    refundMinor: MinorUnits,
    creditsAfterMinor: MinorUnits,
    at: string,
    code: VoidReason,
  ): void {
    this.rounds.markVoided(roundId, refundMinor, creditsAfterMinor, at, code);
  }

  openRounds(): OpenRound[] {
    return this.rounds.open();
  }

  maxRoundId(): number {
    return this.rounds.maxId();
  }

  round(roundId: number): RoundRecord | null {
    return this.rounds.get(roundId);
  }

  lastFinishedRound(demo: boolean, status?: 'settled'): RoundRecord | null {
    return this.rounds.lastFinished(demo, status);
  }

  recall(range: RecallQuery): RoundRecord[] {
    return this.rounds.recall(range);
  }

  settledOutcomes(demo: boolean, afterRoundId: number, limit: number): SettledOutcome[] {
    return this.rounds.settledOutcomes(demo, afterRoundId, limit);
  }

  // ------------------------------------------------------------------ events

  appendEvent(kind: string, at: string, message: EventMessage): number {
    return this.eventLog.append(kind, at, message);
  }

  events(range: EventQuery): EventLogEntry[] {
    return this.eventLog.list(range);
  }

  lastEventId(): number {
    return this.eventLog.lastId();
  }

  // ------------------------------------------------------- tilts, handpays

  tilts(): Tilt[] {
    return this.tiltStore.list();
  }

  putTilt(tilt: Tilt): boolean {
    return this.tiltStore.put(tilt);
  }

  removeTilt(kind: TiltKind, source?: string): number {
    return this.tiltStore.remove(kind, source);
  }

  insertHandpay(amountMinor: MinorUnits, at: string): Handpay {
    return this.handpays.insert(amountMinor, at);
  }

  pendingHandpays(): Handpay[] {
    return this.handpays.pending();
  }

  clearHandpays(at: string, paidBy: 'attendant' | 'technician'): number {
    return this.handpays.clearAll(at, paidBy);
  }

  paidHandpays(limit?: number): PaidHandpay[] {
    return this.handpays.paid(limit);
  }

  // ------------------------------------------------------ config, RAM clear

  storedConfig(): { body: string; sha256: string } | null {
    return this.config.stored();
  }

  storeConfig(body: string, sha: string): void {
    this.config.store(body, sha);
  }

  storedConfigSecret(): string | null {
    return this.secrets.read();
  }

  storeConfigSecret(fixedKeyHex: string | null): void {
    this.db.requireTransaction('storeConfigSecret');
    this.secrets.stage(fixedKeyHex);
  }

  appendConfigAudit(entry: NewConfigAuditEntry): number {
    return this.configAuditStore.append(entry);
  }

  configAudit(range: { limit?: number; beforeId?: number }): ConfigAuditEntry[] {
    return this.configAuditStore.list(range);
  }

  recordRamClear(r: RamClearRecord): void {
    this.ramClears.record(r, () => ({
      afterLedgerId: this.ledger.lastId(),
      afterRoundId: this.rounds.maxId(),
      afterEventId: this.eventLog.lastId(),
    }));
    // The technician accepted the journal as it is: incremental checks start after it.
    this.chain.acceptAllUpToNow();
  }

  lastRamClear(): RamClearBoundary | null {
    return this.ramClears.last();
  }

  /** The last RAM clear's payout and the verified ledger row it names. */
  lastRamClearPayout(): ReturnType<RamClearStore['lastPayout']> {
    return this.ramClears.lastPayout();
  }

  // ---------------------------------------------------------- record chain

  verifyRecent(): RecordCheck {
    // The unchained baseline has nothing to verify (and is never a cabinet's journal).
    if (!this.chained) return { ok: true, rowsChecked: 0 };
    return this.chain.verifyRecent();
  }

  verifyWritten(): RecordCheck {
    if (!this.chained) return { ok: true, rowsChecked: 0 };
    return this.chain.verifyWritten();
  }

  verifiedLedgerState(demo: boolean): VerifiedLedgerState {
    if (!this.chained) return { ledgerId: this.ledger.lastId(), balanceMinor: this.ledger.balance(demo) };
    return this.chain.verifiedLedgerState(demo);
  }

  /** Archive and live as one chain per table: the archived rows, the seam at the cut, then every live row. */
  verifyAllRecords(limit = 20): { rowsChecked: number; breaks: RecordBreak[] } {
    const archived = verifyArchive(this.path, this.chain, limit);
    const live = this.chain.verifyAll(limit);
    return {
      rowsChecked: archived.rowsChecked + live.rowsChecked,
      breaks: [...archived.breaks, ...live.breaks].slice(0, limit),
    };
  }

  // ---------------------------------------------- archive (docs/cabinet-rules.md#retention-and-archive)

  archiveOldRecords(request: ArchiveRunRequest): ArchiveRunResult {
    if (!this.chained) return { outcome: 'nothing-to-do' };
    return this.archiver.run(request);
  }

  archiveState(): ArchiveChainState[] {
    return this.archiver.state();
  }

  archivedRows(chain: ArchivedChain, afterId: number, limit: number): ArchivedRow[] {
    return this.archiver.rows(chain, afterId, limit);
  }

  // ------------------------------------------------------- audit (verifier)

  /** Archived rounds and events first (up to the cut), then the live ones: the meters cover both. */
  stadiumAuditRows(): StadiumRoundRow[] {
    return this.stadiumRounds.all();
  }

  auditRows(): AuditRows {
    const archived = archivedAuditRows<RoundAuditRow, EventAuditRow>(this.path, this.chain, ROUND_AUDIT_COLUMNS);
    return {
      ledger: this.ledger.auditRows(),
      rounds: [...archived.rounds, ...this.rounds.auditRows()],
      refunds: this.rounds.auditRefunds(),
      events: [...archived.events, ...this.eventLog.auditRows()],
    };
  }

  /** The durability settings in force on this connection (2 = FULL). */
  durability(): { journalMode: string; synchronous: number } {
    return this.db.durability();
  }

  quickCheck(): string {
    return this.db.quickCheck();
  }
}
