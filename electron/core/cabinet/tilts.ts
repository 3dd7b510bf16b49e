/**
 * Durable tilts (docs/cabinet-rules.md#door-and-tilt): a tilt is a journal row plus its
 * event-log entry, written inside the transaction of the change that caused it. Each kind has
 * exactly one clearance (TILT_CLEARANCE in round-machine.ts). Which faults void a round is
 * decided in faults.ts.
 */
import type { TiltKind } from '../model/tilt.ts';
import { now, type CabinetContext } from './cabinet-context.ts';
import { emitState, emitTilts } from './cabinet-events.ts';
import { TILT_CLEARANCE } from './round-machine.ts';

/** Inside a transaction: the durable tilt plus its event-log entry (once per kind and source). */
export function putTilt(ctx: CabinetContext, kind: TiltKind, source: string, reason: string, at: string): void {
  const { journal } = ctx;
  const added = journal.putTilt({ kind, source, reason, clearedBy: TILT_CLEARANCE[kind], since: at });
  if (added) journal.appendEvent('tilt', `${kind} from ${source}: ${reason} (cleared by ${TILT_CLEARANCE[kind]})`, at);
}

/** A tilt with no critical-memory change: the fault is logged and the tilt stored in one transaction. */
export function raiseTilt(ctx: CabinetContext, kind: TiltKind, source: string, reason: string): void {
  const at = now(ctx);
  ctx.journal.transaction(() => {
    ctx.journal.appendEvent('fault', `${kind} from ${source}: ${reason}`, at);
    putTilt(ctx, kind, source, reason, at);
  });
  emitTilts(ctx);
}

/** Clears the tilts of a kind (from one source, or all), logging why; nothing if none is set. */
export function clearTilts(ctx: CabinetContext, kind: TiltKind, source: string | undefined, why: string): void {
  if (!ctx.tilts.some((t) => t.kind === kind && (source === undefined || t.source === source))) return;
  const at = now(ctx);
  ctx.journal.transaction(() => {
    const n = ctx.journal.removeTilt(kind, source);
    if (n > 0) ctx.journal.appendEvent('clear', `${kind}${source ? ` from ${source}` : ''} cleared: ${why}`, at);
  });
  emitTilts(ctx);
  emitState(ctx);
}
