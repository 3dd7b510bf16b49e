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

export { storageErrorCode } from '../model/storage-error-code.ts';

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
