/**
 * Events to the listeners (IPC router, hardware bridge). Ordering rule: these are called only
 * after the journal committed the change they report.
 */
import type { CabinetEvent } from './cabinet-api.ts';
import type { CabinetContext } from './cabinet-context.ts';
import { snapshot } from './snapshot.ts';

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

/** Re-reads the durable tilts and tells the listeners. */
export function emitTilts(ctx: CabinetContext): void {
  ctx.tilts = ctx.journal.tilts();
  emit(ctx, { type: 'tilt', tilts: ctx.tilts });
}
