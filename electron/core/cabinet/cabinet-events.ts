/**
 * Events to the listeners (IPC router, hardware bridge). Ordering rule: these are called only
 * after the journal committed the change they report.
 */
import type { CabinetEvent } from './cabinet-api.ts';
import type { CabinetContext } from './cabinet-context.ts';
import { snapshot } from './snapshot.ts';
import { withHeldTilts } from './storage-hold.ts';

export function emit(ctx: CabinetContext, event: CabinetEvent): void {
  for (const listener of ctx.listeners) {
    try {
      listener(event);
    } catch {
      // A failing listener must never undo or block the cabinet.
    }
  }
}

export function emitState(ctx: CabinetContext): void {
  if (ctx.listeners.size > 0) emit(ctx, { type: 'state', snapshot: snapshot(ctx) });
}

/**
 * Re-reads the durable tilts (plus a storage-fault tilt held in memory: storage-hold.ts) and tells the
 * listeners. A journal that cannot even be read keeps the tilts last read.
 */
export function emitTilts(ctx: CabinetContext): void {
  let durable = ctx.tilts.filter((t) => t.kind !== 'storage-fault');
  try {
    durable = ctx.journal.tilts();
  } catch {
    // The storage fault that made it unreadable is already held (storage-fault.ts).
  }
  ctx.tilts = withHeldTilts(ctx, durable);
  emit(ctx, { type: 'tilt', tilts: ctx.tilts });
}
