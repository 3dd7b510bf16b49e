/**
 * What the cabinet holds in memory while the journal refuses writes (docs/cabinet-rules.md#storage-faults):
 * the storage-fault tilt until it is durable, the stage and SQLite code of the first refused write, and
 * the notes stacked meanwhile. Kept per cabinet beside the shared state, so the tilt list every module sees
 * (`ctx.tilts`) always carries the storage-fault tilt, durable or not. The recovery is storage-fault.ts.
 */
import type { StorageStage } from '../model/journal-message.ts';
import type { Tilt } from '../model/tilt.ts';
import type { BillCredit } from './cabinet-api.ts';
import type { CabinetContext } from './cabinet-context.ts';

export interface StorageFault {
  /** The SQLite (or system) code of the first refused write, e.g. SQLITE_FULL. */
  readonly sqlite: string;
  /** The tilt, as it is (or will be) written. */
  readonly tilt: Tilt;
  /** Which commit of the round in progress failed, when one did. */
  roundStage: StorageStage | null;
  /** The tilt row reached the journal. */
  tiltWritten: boolean;
  /** Every open round was voided and every held note credited. */
  resolved: boolean;
  /** Notes reported stacked while the journal refused the credit: credited, once, when it works again. */
  readonly pendingBills: BillCredit[];
  retry: ReturnType<typeof setInterval> | null;
}

const held = new WeakMap<CabinetContext, StorageFault>();

export function storageFaultOf(ctx: CabinetContext): StorageFault | null {
  return held.get(ctx) ?? null;
}

export function holdStorageFault(ctx: CabinetContext, fault: StorageFault): void {
  held.set(ctx, fault);
}

export function dropStorageFault(ctx: CabinetContext): void {
  const fault = held.get(ctx);
  if (fault?.retry) clearInterval(fault.retry);
  held.delete(ctx);
}

/** The durable tilts plus the storage-fault tilt held in memory while it is not durable yet. */
export function withHeldTilts(ctx: CabinetContext, durable: readonly Tilt[]): Tilt[] {
  const fault = held.get(ctx);
  if (!fault || durable.some((t) => t.kind === 'storage-fault')) return [...durable];
  return [...durable, fault.tilt];
}

const SQLITE_PRIMARY: Readonly<Record<number, string>> = {
  8: 'SQLITE_READONLY',
  10: 'SQLITE_IOERR',
  11: 'SQLITE_CORRUPT',
  13: 'SQLITE_FULL',
  14: 'SQLITE_CANTOPEN',
  15: 'SQLITE_PROTOCOL',
  26: 'SQLITE_NOTADB',
};
// EACCES/EPERM: a journal-side file (the config secret beside the journal) made read-only.
const SYSTEM_CODES = new Set(['EIO', 'ENOSPC', 'EROFS', 'EDQUOT', 'EACCES', 'EPERM']);

/**
 * The code of a storage error — the disk or the file refused a write, or the file is damaged — or null
 * for anything else (a bug, a constraint the cabinet broke), which must not be mistaken for a disk fault.
 */
export function storageErrorCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const e = error as { code?: unknown; errcode?: unknown };
  if (e.code === 'ERR_SQLITE_ERROR' && typeof e.errcode === 'number') {
    // Extended result codes carry the primary code in their low byte (SQLITE_IOERR_WRITE = 778 → 10).
    return SQLITE_PRIMARY[e.errcode & 0xff] ?? null;
  }
  if (typeof e.code === 'string' && SYSTEM_CODES.has(e.code)) return e.code;
  return null;
}
