/**
 * Who may clear a tilt by hand, and which device faults stay latched until a technician does
 * (docs/cabinet-rules.md#door-and-tilt, docs/cabinet-rules.md#operator-menu-and-key-switch). The rule
 * is data, named in the channel table's entry of `tech:clear-tilt` (electron/ipc/contract.ts) and
 * applied by the cabinet's clear (electron/core/cabinet/tilt-clear.ts) and by a device reporting
 * healthy (electron/core/cabinet/faults.ts).
 *
 * An attendant may clear only a door, a handpay and a jammed note; everything else — memory errors,
 * storage faults, program faults (a crash), RNG faults and every other device fault, credit anomalies and fraud among them — is a
 * technician's. A fault that money may have been taken or given by (a credit with no escrow or repeated
 * after its ACK, a fraud or cheat report, a note found in the stacker that was never credited) is
 * latched: neither the device's reset nor the cabinet's restart clears it; the tilt row in the journal
 * keeps the condition, so a technician must count the cashbox and clear it.
 */
import type { StaffRole } from '../staff/staff-status.ts';
import type { AcceptorCondition, Id003AcceptorCondition } from './device-detail.ts';
import type { TiltReason } from './journal-message.ts';
import type { TiltKind } from './tilt-kind.ts';

type DeviceCondition = AcceptorCondition | Id003AcceptorCondition;

export interface TiltClearRule {
  /** Who clears each kind of tilt, before the device conditions below refine `device-fault`. */
  readonly byKind: Readonly<Record<TiltKind, StaffRole>>;
  /** A device fault made only of these an attendant may clear: a jammed note (eSSP and ID-003 names). */
  readonly attendantDeviceConditions: ReadonlySet<DeviceCondition>;
  /** A device fault with any of these stays until a technician clears it, through resets and restarts. */
  readonly latchingDeviceConditions: ReadonlySet<DeviceCondition>;
}

export const TILT_CLEAR_RULE: TiltClearRule = {
  byKind: {
    'door-open': 'attendant',
    'handpay-pending': 'attendant',
    'device-fault': 'technician',
    'rng-fault': 'technician',
    'memory-error': 'technician',
    'storage-fault': 'technician',
    'program-fault': 'technician',
    // A doubtful table stream may be an attack on the floor's results: a technician checks the link first.
    'stadium-fault': 'technician',
  },
  attendantDeviceConditions: new Set<DeviceCondition>(['safe-jam', 'unsafe-jam', 'acceptor-jam', 'stacker-jam']),
  latchingDeviceConditions: new Set<DeviceCondition>([
    'credit-anomaly',
    'fraud',
    'cheated',
    'uncredited-bill-in-stacker',
  ]),
};

/** What a tilt is for this rule: its kind and its coded reason. */
export interface TiltForRule {
  readonly kind: TiltKind;
  readonly reasonCode: TiltReason;
}

/** The bill acceptor's conditions a tilt's reason names (none for other tilts). */
function conditionsOf(tilt: TiltForRule): readonly DeviceCondition[] {
  const reason = tilt.reasonCode;
  if (reason.code !== 'device-reported') return [];
  const detail = reason.deviceDetail;
  return detail.code === 'acceptor-conditions' || detail.code === 'id003-conditions' ? detail.conditions : [];
}

/** The role a hand clear of this tilt needs (a technician covers an attendant's, roleCovers). */
export function roleToClear(tilt: TiltForRule, rule: TiltClearRule = TILT_CLEAR_RULE): StaffRole {
  if (tilt.kind !== 'device-fault') return rule.byKind[tilt.kind];
  const conditions = conditionsOf(tilt);
  const jamOnly = conditions.length > 0 && conditions.every((c) => rule.attendantDeviceConditions.has(c));
  return jamOnly ? 'attendant' : rule.byKind['device-fault'];
}

/** Whether the tilt stays through the device's reset and the cabinet's restart until a technician clears it. */
export function isLatched(tilt: TiltForRule, rule: TiltClearRule = TILT_CLEAR_RULE): boolean {
  return conditionsOf(tilt).some((c) => rule.latchingDeviceConditions.has(c));
}
