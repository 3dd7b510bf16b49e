/**
 * Durable tilts (docs/cabinet-rules.md#door-and-tilt): a tilt is a journal row plus its
 * event-log entry, written inside the transaction of the change that caused it. Each kind has
 * exactly one clearance (TILT_CLEARANCE in round-machine.ts). Which faults void a round is
 * decided in faults.ts.
 */
import type { DeviceDetail } from '../model/device-detail.ts';
import type { TiltReason } from '../model/journal-message.ts';
import type { TiltKind } from '../model/tilt.ts';
import { now, type CabinetContext } from './cabinet-context.ts';
import { emitState, emitTilts } from './cabinet-events.ts';
import { TILT_CLEARANCE } from './round-machine.ts';
import { isLatched } from '../model/tilt-clear-role.ts';

/**
 * Inside a transaction: the durable tilt plus its event-log entry (once per kind and source). The reason is the
 * code its origin made; screens and exports word it.
 */
export function putTilt(ctx: CabinetContext, kind: TiltKind, source: string, reasonCode: TiltReason, at: string): void {
  const { journal } = ctx;
  const clearance = TILT_CLEARANCE[kind];
  const added = journal.putTilt({ kind, source, reasonCode, clearedBy: clearance, since: at });
  if (added) {
    journal.appendEvent('tilt', at, {
      code: 'tilt-raised',
      tilt: kind,
      source,
      reason: reasonCode,
      clearance,
    });
  }
}

/**
 * A tilt with no critical-memory change: the fault is logged and the tilt stored in one transaction. A latching
 * fault (tilt-clear-role.ts) over a tilt of the same kind and source that does not latch takes its place, so a
 * jam seen first cannot let the device's reset clear a credit anomaly that followed it.
 */
export function raiseTilt(ctx: CabinetContext, kind: TiltKind, source: string, reasonCode: TiltReason): void {
  const at = now(ctx);
  const existing = ctx.tilts.find((t) => t.kind === kind && t.source === source);
  const latches = existing !== undefined && !isLatched(existing) && isLatched({ kind, reasonCode });
  ctx.journal.transaction(() => {
    if (latches) ctx.journal.removeTilt(kind, source);
    ctx.journal.appendEvent('fault', at, {
      code: 'fault-raised',
      tilt: kind,
      source,
      reason: reasonCode,
    });
    putTilt(ctx, kind, source, reasonCode, at);
  });
  emitTilts(ctx);
}

/**
 * A device reported healthy: clears its tilts of a kind, logging what it said as it did; nothing if none is set.
 */
export function clearTilts(ctx: CabinetContext, kind: TiltKind, source: string, deviceDetail: DeviceDetail): void {
  if (!ctx.tilts.some((t) => t.kind === kind && t.source === source)) return;
  const at = now(ctx);
  ctx.journal.transaction(() => {
    const n = ctx.journal.removeTilt(kind, source);
    if (n > 0) {
      ctx.journal.appendEvent('clear', at, {
        code: 'tilt-cleared',
        tilt: kind,
        source,
        cause: 'device-healthy',
        role: null,
        deviceDetail,
      });
    }
  });
  emitTilts(ctx);
  emitState(ctx);
}
