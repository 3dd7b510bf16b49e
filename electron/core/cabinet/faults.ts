/**
 * Faults and device statuses (docs/cabinet-rules.md#door-and-tilt,
 * docs/rng.md#rng-failure-stops-play):
 * - RNG faults, memory errors and any fault raised while a round is open void the round and
 *   refund it, then tilt.
 * - Bill-acceptor faults never void a round by themselves: the acceptor is money-in only and
 *   a round runs synchronously, so no note can arrive mid-round.
 * - A memory-error reported while a round is open voids and refunds it when the copies still
 *   verify; when they do not, the RAM clear voids and refunds it before resetting.
 * - Only a device reporting 'healthy' clears its tilt, and never a latched one (a credit anomaly, fraud:
 *   electron/core/model/tilt-clear-role.ts), which waits for a technician through resets and restarts.
 */
import type { TiltReason } from '../model/journal-message.ts';
import type { TiltKind } from '../model/tilt.ts';
import type { DeviceStatus } from './cabinet-api.ts';
import type { CabinetContext } from './cabinet-context.ts';
import { emit, emitState } from './cabinet-events.ts';
import { verifyCritical } from './critical-memory.ts';
import { clearTilts, raiseTilt } from './tilts.ts';
import { isLatched } from '../model/tilt-clear-role.ts';
import { voidRound } from './void-round.ts';

export type FaultKind = 'rng-fault' | 'device-fault' | 'memory-error';

export function raiseFault(ctx: CabinetContext, kind: FaultKind, source: string, reason: TiltReason): void {
  const open = ctx.critical.openRoundId;
  const openRound = () => (open !== null ? ctx.journal.openRounds().find((r) => r.roundId === open) : undefined);
  const tilt = { kind, source, reasonCode: reason };
  if (kind === 'memory-error') {
    // Critical memory is suspect from here on: only a technician RAM clear lets play resume.
    const round = openRound();
    if (round && ctx.memoryGood && verifyCritical(ctx, 'memory-fault', false)) {
      voidRound(ctx, round, tilt);
    } else {
      raiseTilt(ctx, 'memory-error', source, reason);
    }
    ctx.memoryGood = false;
    emitState(ctx);
    return;
  }
  const round = ctx.memoryGood ? openRound() : undefined;
  if (round) {
    voidRound(ctx, round, tilt);
    return;
  }
  raiseTilt(ctx, kind, source, reason);
  emitState(ctx);
}

/** A device status change: fault or disconnected tilts (once per change), healthy clears. */
export function reportDevice(ctx: CabinetContext, status: DeviceStatus): void {
  const before = ctx.devices.get(status.device);
  ctx.devices.set(status.device, status);
  emit(ctx, { type: 'device', status });
  const kind: TiltKind = status.device === 'rng' ? 'rng-fault' : 'device-fault';
  if (status.health === 'fault' || status.health === 'disconnected') {
    if (before?.health !== status.health || !ctx.tilts.some((t) => t.kind === kind && t.source === status.device)) {
      raiseFault(ctx, kind, status.device, {
        code: 'device-reported',
        device: status.device,
        health: status.health,
        deviceDetail: status.detailCode,
      });
    }
  } else if (status.health === 'healthy') {
    // Only 'healthy' clears: 'connected' comes before the RNG's start-up health test and
    // before the bill acceptor's first good poll, so it proves nothing yet.
    const tilt = ctx.tilts.find((t) => t.kind === kind && t.source === status.device);
    if (tilt && isLatched(tilt)) return;
    clearTilts(ctx, kind, status.device, status.detailCode);
  }
}
