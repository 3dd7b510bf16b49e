/**
 * The round lifecycle as an explicit state machine:
 *
 *   idle → betting → locked (bets debited) → dealt (cards recorded) → settled (wins credited) → idle
 *
 * REBET and REBET ×2 go from idle/settled straight to locked (they place the bets and deal at
 * once: docs/rules.md#round-buttons). A fault in locked or dealt voids the round and refunds it: → idle.
 * Tilts overlay the phase; each tilt kind has exactly one way to clear it
 * (docs/cabinet-rules.md#door-and-tilt).
 */
import type { RoundPhase } from './cabinet-api.ts';
import type { TiltClearance, TiltKind } from '../model/tilt.ts';

export const ROUND_TRANSITIONS: Readonly<Record<RoundPhase, readonly RoundPhase[]>> = {
  idle: ['betting', 'locked'],
  betting: ['betting', 'idle', 'locked'],
  locked: ['dealt', 'idle'], // idle: voided and refunded
  dealt: ['settled', 'idle'], // idle: voided and refunded
  settled: ['idle', 'betting', 'locked'],
};

export class TransitionError extends Error {
  override readonly name = 'TransitionError';
}

export function canTransition(from: RoundPhase, to: RoundPhase): boolean {
  return ROUND_TRANSITIONS[from].includes(to);
}

export function assertTransition(from: RoundPhase, to: RoundPhase): void {
  if (!canTransition(from, to)) throw new TransitionError(`illegal round transition ${from} → ${to}`);
}

/** What clears each tilt. */
export const TILT_CLEARANCE: Readonly<Record<TiltKind, TiltClearance>> = {
  'rng-fault': 'device-healthy',
  'device-fault': 'device-healthy',
  'memory-error': 'technician-ram-clear',
  'door-open': 'door-closed',
  'handpay-pending': 'technician-handpay-clear',
  'storage-fault': 'technician-test-write',
  'program-fault': 'technician-clear',
  'stadium-fault': 'technician-clear',
};

/**
 * Cash-out stays possible during these tilts: the player can always leave with a broken RNG or acceptor, and
 * after a crash, whose cause nobody knows yet, the money on the meter is never stranded behind it.
 */
export const TILTS_ALLOWING_CASHOUT: ReadonlySet<TiltKind> = new Set<TiltKind>([
  'rng-fault',
  'device-fault',
  'program-fault',
  'stadium-fault',
]);
