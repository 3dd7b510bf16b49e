/**
 * Storage faults (docs/cabinet-rules.md#storage-faults): a journal write refused by the disk or the file
 * (SQLITE_FULL, SQLITE_IOERR, SQLITE_READONLY, SQLITE_CORRUPT, ENOSPC, EIO, EROFS) during a round or a
 * money movement becomes a `storage-fault` tilt, never a frozen cabinet:
 * - the tilt is written durably when the journal still takes it, otherwise held in memory
 *   (storage-hold.ts) and written as soon as it can be; play and money-in stop at once;
 * - the round in progress is voided and refunded as soon as the journal takes writes again — retried on
 *   a timer and at a technician's clear — or at the next start, with the coded reason `storage-error`
 *   (which commit failed, the SQLite code); the journal refunds a round at most once;
 * - a note reported stacked while the journal refused its credit is held and credited, once per event
 *   key, when the journal works again;
 * - only a technician clears the tilt, and only once a test write succeeded.
 * The in-memory mirror never runs ahead of the journal (critical-memory.ts changes it after COMMIT only),
 * so the recovery re-reads critical memory and the open rounds from the journal, the one truth.
 */
import type { StorageStage, VoidReason } from '../model/journal-message.ts';
import type { OpenRound } from '../model/round-record.ts';
import type { Tilt } from '../model/tilt.ts';
import type { BillCredit } from './cabinet-api.ts';
import { now, type CabinetContext } from './cabinet-context.ts';
import { CabinetError } from './cabinet-error.ts';
import { emitState, emitTilts } from './cabinet-events.ts';
import { verifyCritical } from './critical-memory.ts';
import { creditBill } from './money-in-out.ts';
import { TILT_CLEARANCE } from './round-machine.ts';
import { dropStorageFault, holdStorageFault, storageErrorCode, storageFaultOf } from './storage-hold.ts';
import { putTilt } from './tilts.ts';
import { voidRound } from './void-round.ts';

/** How often a held fault retries the journal. */
export const STORAGE_RETRY_MS = 2_000;

type StorageVoid = Extract<VoidReason, { code: 'storage-error' }>;

const ROUND_STAGES = new Set<StorageStage>(['lock', 'deal', 'settle', 'void']);
const STAGE_WORDS: Readonly<Record<StorageStage, string>> = {
  lock: 'the lock',
  deal: 'the deal',
  settle: 'settlement',
  void: 'the void',
  bill: 'a bill credit',
  'cash-out': 'a cash-out',
  other: 'a journal write',
  'start-up': 'start-up (the journal check could not read the file)',
};

/** The refusal a caller gets for the write the journal refused (and for play while the tilt is up). */
function storageRefusal(sqlite: string, stage: StorageStage): CabinetError {
  return new CabinetError(
    'tilted',
    `storage fault (${sqlite}) during ${STAGE_WORDS[stage]}: play and money-in are stopped until the journal can be written`,
  );
}

/**
 * Runs a journal write; a storage error raises the storage-fault tilt and comes back as a 'tilted'
 * refusal. `onFault` keeps what must not be lost (a stacked note). Any other error passes unchanged.
 */
export function guardStorage<T>(ctx: CabinetContext, stage: StorageStage, fn: () => T, onFault?: () => void): T {
  try {
    return fn();
  } catch (error) {
    const sqlite = storageErrorCode(error);
    if (sqlite === null) throw error;
    raiseStorageFault(ctx, stage, sqlite, onFault);
    throw storageRefusal(sqlite, stage);
  }
}

/** A note the journal could not credit: held, credited once when the journal works again. */
export function holdBill(ctx: CabinetContext, credit: BillCredit): void {
  const fault = storageFaultOf(ctx);
  if (fault && !fault.pendingBills.some((b) => b.eventKey === credit.eventKey)) fault.pendingBills.push(credit);
}

function raiseStorageFault(ctx: CabinetContext, stage: StorageStage, sqlite: string, onFault?: () => void): void {
  let fault = storageFaultOf(ctx);
  if (!fault) {
    const tilt: Tilt = {
      kind: 'storage-fault',
      source: 'journal',
      reasonCode: { code: 'storage-error', stage, sqlite },
      clearedBy: TILT_CLEARANCE['storage-fault'],
      since: now(ctx),
    };
    fault = { sqlite, tilt, roundStage: null, tiltWritten: false, resolved: false, pendingBills: [], retry: null };
    holdStorageFault(ctx, fault);
  }
  if (fault.roundStage === null && ROUND_STAGES.has(stage)) fault.roundStage = stage;
  fault.resolved = false;
  onFault?.();
  // The first try is right away; the timer keeps trying while the journal refuses.
  tryResolve(ctx);
  const held = storageFaultOf(ctx);
  if (held && !held.resolved && held.retry === null) {
    held.retry = setInterval(() => retryOnTimer(ctx), STORAGE_RETRY_MS);
    held.retry.unref();
  }
  emitTilts(ctx);
  emitState(ctx);
}

/**
 * Start-up met transient read errors past its retry schedule but the cabinet started on the same file
 * (docs/cabinet-rules.md#damaged-journal): the storage-fault tilt, cleared as any other once a test write
 * succeeds.
 */
export function storageFaultAtStartUp(ctx: CabinetContext, sqlite: string): void {
  raiseStorageFault(ctx, 'start-up', sqlite);
}

function retryOnTimer(ctx: CabinetContext): void {
  try {
    tryResolve(ctx);
  } catch {
    // A timer must never take the process down; the next tick tries again.
  }
}

/** The coded void reason for a round that was open when the journal refused a write. */
function storageVoidReason(stage: StorageStage | null, sqlite: string, open: OpenRound): StorageVoid {
  // A failed void says nothing about the round itself: its status says which commit it was waiting for.
  const roundStage = stage && ROUND_STAGES.has(stage) && stage !== 'void' ? stage : null;
  return {
    code: 'storage-error',
    stage: roundStage ?? (open.status === 'dealt' ? 'settle' : 'deal'),
    sqlite,
  };
}

function voidForStorage(ctx: CabinetContext, open: OpenRound, code: StorageVoid): void {
  voidRound(ctx, open, null, code);
}

/**
 * One try: the tilt made durable, critical memory re-read, every open round voided and refunded, every
 * held note credited. True when nothing is left to do; false while the journal still refuses.
 */
function tryResolve(ctx: CabinetContext): boolean {
  const fault = storageFaultOf(ctx);
  if (!fault || fault.resolved) return true;
  try {
    const { journal } = ctx;
    if (!fault.tiltWritten) {
      const at = now(ctx);
      const { tilt } = fault;
      const reason = tilt.reasonCode;
      journal.transaction(() => {
        journal.appendEvent('fault', at, {
          code: 'fault-raised',
          tilt: 'storage-fault',
          source: 'journal',
          reason,
        });
        putTilt(ctx, 'storage-fault', 'journal', reason, at);
      });
      fault.tiltWritten = true;
      emitTilts(ctx);
    }
    if (ctx.memoryGood && verifyCritical(ctx, 'storage-recovery', true)) {
      for (const open of journal.openRounds())
        voidForStorage(ctx, open, storageVoidReason(fault.roundStage, fault.sqlite, open));
    }
    if (ctx.critical.openRoundId === null && ctx.phase !== 'betting') ctx.phase = 'idle';
    while (fault.pendingBills.length > 0) {
      creditBill(ctx, fault.pendingBills[0]!);
      fault.pendingBills.shift();
    }
    fault.resolved = true;
    if (fault.retry) clearInterval(fault.retry);
    fault.retry = null;
    emitState(ctx);
    return true;
  } catch (error) {
    if (storageErrorCode(error) === null) throw error;
    return false;
  }
}

/** Tries the journal now (the timer does the same); true when no open round or held note is left. */
export function retryStorage(ctx: CabinetContext): boolean {
  return tryResolve(ctx);
}

/** Stops the retry timer (the cabinet closes). */
export function stopStorageRetry(ctx: CabinetContext): void {
  const fault = storageFaultOf(ctx);
  if (fault?.retry) clearInterval(fault.retry);
  if (fault) fault.retry = null;
}

/**
 * Why a storage-fault tilt may not be cleared now, or null: a technician only, once the held work is
 * done and a test write succeeded (its row stays in the event log).
 */
export function storageClearBlocker(ctx: CabinetContext, by: string): string | null {
  if (by !== 'technician') return 'only a technician clears a storage fault, once a test write to the journal succeeds';
  const fault = storageFaultOf(ctx);
  try {
    if (!tryResolve(ctx)) return `the journal still refuses writes (${fault?.sqlite ?? 'storage error'})`;
    const at = now(ctx);
    ctx.journal.transaction(() => {
      ctx.journal.appendEvent('storage', at, { code: 'storage-test-write' });
    });
  } catch (error) {
    const sqlite = storageErrorCode(error);
    if (sqlite === null) throw error;
    return `the test write to the journal failed (${sqlite})`;
  }
  return null;
}

/** The tilt was cleared: nothing is held any more. */
export function storageFaultCleared(ctx: CabinetContext): void {
  dropStorageFault(ctx);
}

/**
 * At start-up: the void reason of a round still open when the journal holds a storage-fault tilt (the
 * journal failed and the cabinet was restarted before it could void the round), or null (power lost).
 */
export function storageVoidAtStart(ctx: CabinetContext, open: OpenRound): StorageVoid | null {
  const tilt = ctx.tilts.find((t) => t.kind === 'storage-fault');
  const reason = tilt?.reasonCode;
  if (!reason || reason.code !== 'storage-error') return null;
  return storageVoidReason(reason.stage, reason.sqlite, open);
}

export { storageErrorCode };
