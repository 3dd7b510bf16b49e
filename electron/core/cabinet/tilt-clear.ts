/**
 * A staff member clears a latched tilt (docs/cabinet-rules.md#door-and-tilt,
 * docs/cabinet-rules.md#operator-menu-and-key-switch). Automatic clearing stays as it is
 * (a device reporting healthy, the door closing); this is for a tilt that stayed although
 * its condition has gone — a fault raised while the device itself is healthy (a credit with
 * no escrow, a fault noticed during a deal), or a door-open tilt whose door is closed. A tilt
 * whose condition is still there is refused, saying why; memory-error and handpay-pending
 * have their own clearances (RAM clear, handpay clear). A storage-fault is cleared by a technician
 * only, once a test write to the journal succeeded (docs/cabinet-rules.md#storage-faults). A program-fault
 * (the process crashed) has no condition left to wait for once the cabinet runs again: a technician clears it.
 * Who may clear which tilt is the rule in electron/core/model/tilt-clear-role.ts: an attendant only a door,
 * a handpay or a jammed note; anything else answers `wrong-role` and changes nothing.
 */
import { StaffError } from '../staff/staff-error.ts';
import { roleCovers, type StaffRole } from '../staff/staff-status.ts';
import { roleToClear } from '../model/tilt-clear-role.ts';
import type { TiltKind } from '../model/tilt.ts';
import type { DeviceName } from './cabinet-api.ts';
import { now, type CabinetContext } from './cabinet-context.ts';
import { CabinetError } from './cabinet-error.ts';
import { emitState, emitTilts } from './cabinet-events.ts';
import { COPY_SOURCE, copyClearBlocker } from './critical-copy-fault.ts';
import { storageClearBlocker, storageFaultCleared } from './storage-fault.ts';

/** What the cabinet cannot see itself: the door switch as main reads it. */
export interface ClearConditions {
  readonly by: StaffRole;
  readonly doorOpen: boolean;
}

/** Why the tilt may not be cleared now, or null when its condition has gone. */
function stillThere(ctx: CabinetContext, kind: TiltKind, source: string, conditions: ClearConditions): string | null {
  switch (kind) {
    case 'rng-fault':
    case 'device-fault': {
      const device = ctx.devices.get(source as DeviceName);
      if (!device) return `no device "${source}" reports to the cabinet, so its condition cannot be checked`;
      if (device.health !== 'healthy') return `${source} still reports ${device.health}: ${device.detail}`;
      return null;
    }
    case 'door-open':
      return conditions.doorOpen ? 'the door is still open: close it first' : null;
    case 'memory-error':
      return 'a memory error is cleared only by a RAM clear (tech:ram-clear)';
    case 'handpay-pending':
      return 'a pending handpay is cleared by paying it (tech:clear-handpay)';
    case 'storage-fault':
      return source === COPY_SOURCE ? copyClearBlocker(ctx, conditions.by) : storageClearBlocker(ctx, conditions.by);
    case 'program-fault':
    case 'stadium-fault':
      return null;
  }
}

export function clearTilt(ctx: CabinetContext, kind: TiltKind, source: string, conditions: ClearConditions): void {
  const tilt = ctx.tilts.find((t) => t.kind === kind && t.source === source);
  if (!tilt) throw new CabinetError('not-permitted', `there is no ${kind} tilt from ${source}`);
  const needed = roleToClear(tilt);
  if (!roleCovers(conditions.by, needed)) {
    throw new StaffError(
      'wrong-role',
      `only a ${needed} may clear ${kind} from ${source}; the ${conditions.by} may not`,
    );
  }
  const why = stillThere(ctx, kind, source, conditions);
  if (why !== null) throw new CabinetError('not-permitted', `cannot clear ${kind} from ${source}: ${why}`);
  const at = now(ctx);
  ctx.journal.transaction(() => {
    ctx.journal.removeTilt(kind, source);
    ctx.journal.appendEvent('clear', at, {
      code: 'tilt-cleared',
      tilt: kind,
      source,
      cause: 'staff',
      role: conditions.by,
      deviceDetail: null,
    });
  });
  if (kind === 'storage-fault' && source !== COPY_SOURCE) storageFaultCleared(ctx);
  emitTilts(ctx);
  emitState(ctx);
}
