/**
 * The cabinet core: the one implementation of `Cabinet` (cabinet-api.ts) that the Electron
 * main, the browser test host and the chaos child all compose through `openCabinet`
 * (electron/storage/open-cabinet.ts). Plain Node, synchronous (the journal is synchronous).
 *
 * A thin facade: it owns the shared state (cabinet-context.ts) and hands it to one module per
 * concept. Where to look: README.md in this folder. A little over 400 lines: one short method per call of the
 * Cabinet API, each only a hand-off, kept in one class so the ordering rule below is read in one place.
 *
 * Ordering rule: every state change is committed to the journal (one atomic transaction with
 * its ledger rows and both copies of critical memory), and only then is the in-memory mirror
 * updated, the method returns and events go out. A write the journal refuses (a full or failing
 * disk) becomes the storage-fault tilt, never a frozen cabinet (storage-fault.ts,
 * docs/cabinet-rules.md#storage-faults).
 */
import type {
  ConclusionOutcome,
  StadiumFaultCause,
  StadiumSettledReport,
  StadiumView,
  StadiumVoidCause,
  VerifiedResult,
} from '../model/stadium-terminal.ts';
import type { CriticalCopyPort } from '../model/critical-copy.ts';
import type { VenueConfig } from '../config/venue-config.ts';
import type { BetSpot } from '../engine/bet-spot.ts';
import type { MinorUnits } from '../money/minor-units.ts';
import type { ConfigAuditEntry } from '../model/config-audit.ts';
import type { DamagedJournalOwed } from '../model/damaged-journal-owed.ts';
import type { EventLogEntry } from '../model/event-log.ts';
import type { Handpay } from '../model/handpay.ts';
import type { EventQuery, JournalPort, RecallQuery } from '../model/journal-port.ts';
import type { Meters } from '../model/meters.ts';
import type { RoundRecord } from '../model/round-record.ts';
import type { TiltReason } from '../model/journal-message.ts';
import type { TiltKind } from '../model/tilt.ts';
import type { RandomSource } from '../random/random-source.ts';
import type { StaffRole } from '../staff/staff-status.ts';
import type { BillCredit, Cabinet, CabinetEvent, CabinetSnapshot, DeviceStatus } from './cabinet-api.ts';
import { now, type CabinetContext } from './cabinet-context.ts';
import * as betting from './betting.ts';
import * as configChange from './config-change.ts';
import { emitState, emitTilts } from './cabinet-events.ts';
import { freshCriticalState } from './critical-memory.ts';
import * as faults from './faults.ts';
import * as money from './money-in-out.ts';
import { guardStaffAction, type WhileMoney } from './money-guard.ts';
import { moneyOnCabinet, type MoneyOnCabinet } from './money-on-cabinet.ts';
import { ramClear } from './ram-clear.ts';
import { resetRoads } from './road-window.ts';
import * as rounds from './round-flow.ts';
import { snapshot } from './snapshot.ts';
import {
  guardStorage,
  holdBill,
  retryStorage,
  stopStorageRetry,
  storageErrorCode,
  storageFaultAtStartUp,
} from './storage-fault.ts';
import { copyWriteFailed } from './critical-copy-fault.ts';
import * as startup from './startup-recovery.ts';
import { stadiumFault } from './stadium-fault.ts';
import { stadiumReported, stadiumUnreported } from './stadium-outbox.ts';
import { stadiumResult } from './stadium-result.ts';
import { lockedTableRound } from './stadium-state.ts';
import { stadiumHistory } from './stadium-history.ts';
import { playerHistoryPage } from './player-history.ts';
import type { PlayerHistoryPage, PlayerHistoryQuery } from '../model/player-history-page.ts';
import { stadiumVoid } from './stadium-void.ts';
import * as stadiumWindow from './stadium-window.ts';
import * as technician from './technician-actions.ts';
import { answerRealityCheck, reviewSession } from './reality-check.ts';
import { startSessionClock, stopSessionClock } from './session-clock.ts';
import { sessionsKept } from './player-session.ts';
import type { RealityCheckAnswer } from '../model/player-session.ts';
import { clearTilt, type ClearConditions } from './tilt-clear.ts';
import {
  archiveBetweenRounds,
  startArchiveSchedule,
  stopArchiveSchedule,
  archiveAfterRound,
  type ArchiveAttempt,
} from './journal-archive-schedule.ts';
import type { ArchiveChainState, ArchivedChain, ArchivedRow } from '../model/journal-archive.ts';

export class CabinetCore implements Cabinet {
  private readonly journal: JournalPort;
  private readonly ctx: CabinetContext;
  private closed = false;

  /** Use openCabinet() (electron/storage/open-cabinet.ts), which opens the journal first. */
  constructor(
    journal: JournalPort,
    config: VenueConfig,
    random: RandomSource,
    clock: () => Date,
    devices: readonly DeviceStatus[],
    /** The second copy of critical memory outside the journal; null for a tool on a journal it opened. */
    copyFile: CriticalCopyPort | null = null,
  ) {
    this.journal = journal;
    this.ctx = {
      journal,
      copyFile,
      config,
      random,
      clock,
      listeners: new Set(),
      devices: new Map(devices.map((d) => [d.device, d])),
      critical: freshCriticalState(journal, config),
      memoryGood: true,
      tilts: [],
      pendingHandpay: null,
      phase: 'idle',
      layout: {},
      history: [],
      rebetBets: null,
      lastRound: null,
      stadium: null,
      session: null,
    };
  }

  /** Migrations already ran; integrity check, config, recovery, power-up. Idempotent at every step. */
  start(): void {
    startup.start(this.ctx);
    // Retention: old rounds and events move to the archive between rounds (docs/cabinet-rules.md#retention-and-archive).
    startArchiveSchedule(this.ctx);
    // The reality check and the time limit come due with the clock, between rounds (docs/responsible-gaming.md).
    this.reviewSession();
    this.armSessionClock();
  }

  /** The session clock runs only while the venue asks for a reality check or a limit (nothing to look at otherwise). */
  private armSessionClock(): void {
    if (sessionsKept(this.ctx)) startSessionClock(() => this.reviewSession(), this.ctx);
    else stopSessionClock(this.ctx);
  }

  /** One bounded archive batch now (the timer does the same between rounds); skipped during a round. */
  archiveBetweenRounds(): ArchiveAttempt {
    return archiveBetweenRounds(this.ctx);
  }

  archiveState(): ArchiveChainState[] {
    return this.journal.archiveState();
  }

  archivedRows(chain: ArchivedChain, afterId: number, limit: number): ArchivedRow[] {
    return this.journal.archivedRows(chain, afterId, limit);
  }

  // ------------------------------------------------------------ queries
  snapshot(): CabinetSnapshot {
    return snapshot(this.ctx);
  }

  subscribe(listener: (event: CabinetEvent) => void): () => void {
    this.ctx.listeners.add(listener);
    return () => {
      this.ctx.listeners.delete(listener);
    };
  }

  /** The venue config in force. */
  venueConfig(): VenueConfig {
    return this.ctx.config;
  }

  // ------------------------------------------------------------ player
  placeChip(spot: BetSpot, chipMinor: MinorUnits): CabinetSnapshot {
    return betting.placeChip(this.ctx, spot, chipMinor);
  }

  removeChip(spot: BetSpot, chipMinor: MinorUnits): CabinetSnapshot {
    return betting.removeChip(this.ctx, spot, chipMinor);
  }

  undoChip(): CabinetSnapshot {
    return betting.undoChip(this.ctx);
  }

  clearBets(): CabinetSnapshot {
    return betting.clearBets(this.ctx);
  }

  deal(): RoundRecord {
    if (this.ctx.stadium !== null) stadiumWindow.refuseDeal();
    // A reality check or a limit that came due since the last look is raised before the round, never after it.
    this.reviewSession();
    const round = guardStorage(this.ctx, 'other', () => rounds.deal(this.ctx));
    archiveAfterRound(this.ctx, round.roundId);
    this.reviewSession();
    return round;
  }

  rebet(multiplier: 1 | 2): RoundRecord {
    this.reviewSession();
    if (this.ctx.stadium !== null) return stadiumWindow.stadiumRebet(this.ctx, multiplier);
    const round = guardStorage(this.ctx, 'other', () => rounds.rebet(this.ctx, multiplier));
    archiveAfterRound(this.ctx, round.roundId);
    this.reviewSession();
    return round;
  }

  answerRealityCheck(answer: RealityCheckAnswer): CabinetSnapshot {
    guardStorage(this.ctx, 'cash-out', () => answerRealityCheck(this.ctx, answer));
    return snapshot(this.ctx);
  }

  reviewSession(): void {
    if (this.closed) return;
    guardStorage(this.ctx, 'other', () => reviewSession(this.ctx));
  }

  skipRound(skip: boolean): CabinetSnapshot {
    return stadiumWindow.skipRound(this.ctx, skip);
  }

  // ------------------------------------------------------------ stadium terminal (docs/stadium.md#terminals)
  stadiumOpen(round: number, closesInMs: number): void {
    stadiumWindow.stadiumOpen(this.ctx, round, closesInMs);
  }

  stadiumClose(round: number): void {
    this.reviewSession();
    guardStorage(this.ctx, 'lock', () => stadiumWindow.stadiumClose(this.ctx, round));
  }

  stadiumResult(result: VerifiedResult): ConclusionOutcome {
    const outcome = guardStorage(this.ctx, 'settle', () => stadiumResult(this.ctx, result));
    if (outcome === 'settled') archiveAfterRound(this.ctx, this.ctx.critical.lastRoundId);
    this.reviewSession();
    return outcome;
  }

  stadiumVoid(round: number, cause: StadiumVoidCause): ConclusionOutcome {
    return guardStorage(this.ctx, 'void', () => stadiumVoid(this.ctx, round, cause));
  }

  stadiumFault(cause: StadiumFaultCause, round: number | null): void {
    guardStorage(this.ctx, 'void', () => stadiumFault(this.ctx, cause, round));
  }

  stadiumLink(state: Pick<StadiumView, 'link' | 'terminals' | 'lagMs'>): void {
    stadiumWindow.stadiumLink(this.ctx, state);
  }

  stadiumTerminalId(): string {
    return this.journal.stadiumRounds.terminalId();
  }

  stadiumLockedRound(): number | null {
    return this.ctx.stadium === null ? null : lockedTableRound(this.ctx);
  }

  stadiumUnreported(limit: number): StadiumSettledReport[] {
    return stadiumUnreported(this.ctx, limit);
  }

  stadiumReported(table: string, round: number): boolean {
    return guardStorage(this.ctx, 'other', () => stadiumReported(this.ctx, table, round));
  }

  cashOut(): Handpay {
    return guardStorage(this.ctx, 'cash-out', () => money.cashOut(this.ctx));
  }

  /** Demo mode only: tops the free-play credits back up to the configured amount (never metered). */
  refillDemoCredits(): CabinetSnapshot {
    return guardStorage(this.ctx, 'other', () => money.refillDemoCredits(this.ctx));
  }

  recall(range: RecallQuery): RoundRecord[] {
    return technician.recall(this.ctx, range);
  }

  playerHistory(query: PlayerHistoryQuery): PlayerHistoryPage {
    return playerHistoryPage(
      {
        recall: (range) => this.recall(range),
        demoMode: this.ctx.config.demoMode,
        stadium: stadiumHistory(this.ctx),
      },
      query,
    );
  }

  // ------------------------------------------------------------ devices
  canAcceptBill(valueMinor: MinorUnits): { accept: boolean; reason: string } {
    return money.canAcceptBill(this.ctx, valueMinor);
  }

  creditBill(credit: BillCredit): boolean {
    // A note in the cashbox is never lost: one the journal refused is held and credited once it works again.
    return guardStorage(
      this.ctx,
      'bill',
      () => money.creditBill(this.ctx, credit),
      () => holdBill(this.ctx, credit),
    );
  }

  reportDevice(status: DeviceStatus): void {
    guardStorage(this.ctx, 'other', () => faults.reportDevice(this.ctx, status));
  }

  raiseFault(kind: faults.FaultKind, source: string, reason: TiltReason): void {
    guardStorage(this.ctx, 'other', () => faults.raiseFault(this.ctx, kind, source, reason));
  }

  /** The journal check at start-up could not read the file, yet the cabinet started on it. */
  storageFaultAtStartUp(sqlite: string): void {
    storageFaultAtStartUp(this.ctx, sqlite);
  }

  /**
   * A tilt was written to the journal beside the cabinet at start-up (a crash marker's program-fault:
   * app/process-crash-record.ts): the cabinet reads its tilts again and shows it.
   */
  tiltsWrittenAtStart(): void {
    emitTilts(this.ctx);
    emitState(this.ctx);
  }

  /** The storage layer could not write the second copy of critical memory after a commit. */
  criticalCopyFailed(error: unknown): void {
    copyWriteFailed(this.ctx, error);
  }

  // ------------------------------------------------------------ technician
  setDoorOpen(open: boolean): void {
    guardStorage(this.ctx, 'other', () => technician.setDoorOpen(this.ctx, open));
  }

  clearHandpay(paidBy: StaffRole): void {
    guardStorage(this.ctx, 'other', () => technician.clearHandpay(this.ctx, paidBy));
  }

  clearTilt(kind: TiltKind, source: string, conditions: ClearConditions): void {
    guardStorage(this.ctx, 'other', () => clearTilt(this.ctx, kind, source, conditions));
  }

  ramClear(damagedOwed: DamagedJournalOwed | null = null): void {
    guardStorage(this.ctx, 'other', () => ramClear(this.ctx, damagedOwed));
    // The credit became a handpay: a session left at zero ends.
    this.reviewSession();
  }

  moneyOnCabinet(): MoneyOnCabinet {
    return moneyOnCabinet(this.ctx);
  }

  guardStaffAction(rule: WhileMoney, action: string): void {
    guardStaffAction(this.ctx, rule, action);
  }

  /** Technician: the roads start afresh (road-window.ts); the reset is journaled before the screen hears of it. */
  resetRoads(): number {
    return guardStorage(this.ctx, 'other', () => {
      const afterRoundId = resetRoads(this.ctx);
      emitState(this.ctx);
      return afterRoundId;
    });
  }

  /** Technician: installs a new venue config (idle only); the change goes to the event log. */
  reconfigure(input: unknown): CabinetSnapshot {
    return guardStorage(this.ctx, 'other', () => configChange.reconfigure(this.ctx, input));
  }

  validateConfig(input: unknown): VenueConfig {
    return configChange.validateConfig(this.ctx, input);
  }

  applyConfig(input: unknown, role: string): CabinetSnapshot {
    guardStorage(this.ctx, 'other', () => configChange.applyConfig(this.ctx, input, role));
    // A setting turned on with credit on the meter starts a session now; a stricter one may be reached at once.
    this.reviewSession();
    this.armSessionClock();
    return snapshot(this.ctx);
  }

  configAudit(range: { limit?: number; beforeId?: number }): ConfigAuditEntry[] {
    return this.journal.configAudit(range);
  }

  meters(): Meters {
    return technician.meters(this.ctx);
  }

  events(range: EventQuery): EventLogEntry[] {
    return technician.events(this.ctx, range);
  }

  /**
   * Tries the journal now after a storage fault (a timer does the same): voids and refunds the open
   * round, credits held notes. True when nothing is left to do.
   */
  retryStorage(): boolean {
    return retryStorage(this.ctx);
  }

  // ------------------------------------------------------------ lifecycle
  /** Logs the shutdown and closes the journal. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    stopStorageRetry(this.ctx);
    stopArchiveSchedule(this.ctx);
    stopSessionClock(this.ctx);
    try {
      this.journal.transaction(() => {
        this.journal.appendEvent('shutdown', now(this.ctx), { code: 'shutdown' });
      });
    } catch (error) {
      // A journal that refuses writes cannot log the shutdown; the storage-fault tilt already says why.
      if (storageErrorCode(error) === null) throw error;
    } finally {
      this.journal.close();
      this.ctx.listeners.clear();
    }
  }
}
