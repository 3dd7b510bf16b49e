/**
 * What the operator menu does behind the key switch (docs/cabinet-rules.md#operator-menu-and-key-switch):
 * the door switch, clearing a handpay, and reading meters, game recall and the event log.
 * The RAM clear is in ram-clear.ts, a config change in config-change.ts.
 */
import type { EventLogEntry } from '../model/event-log.ts';
import type { EventQuery, RecallQuery } from '../model/journal-port.ts';
import type { Meters } from '../model/meters.ts';
import type { RoundRecord } from '../model/round-record.ts';
import { RecordBreakError } from '../model/record-check.ts';
import type { StaffRole } from '../staff/staff-status.ts';
import { now, type CabinetContext } from './cabinet-context.ts';
import { CabinetError } from './cabinet-error.ts';
import { emitState, emitTilts } from './cabinet-events.ts';
import { commitWhenMemoryGood } from './critical-memory.ts';
import { copyMeters } from './meters.ts';
import { recordBreakSeen } from './verified-records.ts';
import { putTilt } from './tilts.ts';

/** The door switch: opening tilts and counts a door open; closing clears the tilt. Both logged. */
export function setDoorOpen(ctx: CabinetContext, open: boolean): void {
  const { journal } = ctx;
  const isOpen = ctx.tilts.some((t) => t.kind === 'door-open');
  if (open === isOpen) return;
  const at = now(ctx);
  if (open) {
    commitWhenMemoryGood(ctx, (s) => {
      if (s) s.meters.doorOpens++;
      journal.appendEvent('door', at, { code: 'door-opened' });
      putTilt(ctx, 'door-open', 'door', { code: 'door-is-open' }, at);
    });
  } else {
    journal.transaction(() => {
      journal.appendEvent('door', at, { code: 'door-closed' });
      journal.removeTilt('door-open');
      journal.appendEvent('clear', at, {
        code: 'tilt-cleared',
        tilt: 'door-open',
        source: null,
        cause: 'door-closed',
        role: null,
        deviceDetail: null,
      });
    });
  }
  emitTilts(ctx);
  emitState(ctx);
}

/** An attendant (or technician) paid the handpay: clears every pending handpay and the handpay-pending tilt. */
export function clearHandpay(ctx: CabinetContext, paidBy: StaffRole): void {
  const { journal } = ctx;
  const pending = journal.pendingHandpays();
  if (pending.length === 0 && !ctx.tilts.some((t) => t.kind === 'handpay-pending')) {
    throw new CabinetError('not-permitted', 'there is no handpay to clear');
  }
  const at = now(ctx);
  journal.transaction(() => {
    journal.clearHandpays(at, paidBy);
    journal.removeTilt('handpay-pending');
    // Each handpay's amount is its own row (and its `handpay-created` event); the total is what was paid.
    journal.appendEvent('clear', at, {
      code: 'handpay-paid',
      role: paidBy,
      handpayIds: pending.map((h) => h.handpayId),
      totalMinor: pending.reduce((sum, h) => sum + h.amountMinor, 0),
    });
  });
  ctx.pendingHandpay = null;
  emitTilts(ctx);
  emitState(ctx);
}

/** The meters as last committed (docs/cabinet-rules.md#meters; definitions in meters.ts). */
export function meters(ctx: CabinetContext): Meters {
  return copyMeters(ctx.critical.meters);
}

/**
 * Game recall: every round is kept (docs/cabinet-rules.md#game-recall), and every row shown verifies
 * (docs/cabinet-rules.md#verified-records). A row that does not is a memory error naming it, and the
 * request is refused: a recall that disagrees with what was dealt is never shown.
 */
export function recall(ctx: CabinetContext, range: RecallQuery): RoundRecord[] {
  try {
    return ctx.journal.recall(range);
  } catch (error) {
    if (!(error instanceof RecordBreakError)) throw error;
    recordBreakSeen(ctx, error.recordBreak, 'game-recall');
    throw new CabinetError('tilted', `game recall refused: ${error.message}`);
  }
}

/** The event log by id, kind and time, newest first, paged (docs/cabinet-rules.md#door-and-tilt). */
export function events(ctx: CabinetContext, range: EventQuery): EventLogEntry[] {
  return ctx.journal.events(range);
}
