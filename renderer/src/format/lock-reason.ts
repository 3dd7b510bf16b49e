/**
 * The player's words for why the cabinet is locked (docs/cabinet-rules.md#door-and-tilt): the tilt's coded
 * reason, and for a device the code it reports, picked to one short sentence of the player's language
 * (`tiltWhy.*`). Every tilt carries its code from where it started; a kind with no closer words is the plain
 * "a device reported a fault".
 */
import type { DeviceDetail } from '../../../electron/core/model/device-detail.ts';
import type { TiltReason } from '../../../electron/core/model/journal-message.ts';
import type { TiltKind } from '../../../electron/core/model/tilt.ts';

export const LOCK_REASONS = [
  'jam',
  'cashbox',
  'fault',
  'notConnected',
  'notSetUp',
  'rngHealth',
  'starting',
  'restarting',
  'doorOpen',
  'memory',
  'crash',
  'stadiumDoubt',
] as const;
export type LockReason = (typeof LOCK_REASONS)[number];

const JAMS = new Set(['safe-jam', 'unsafe-jam', 'acceptor-jam', 'stacker-jam']);
const CASHBOX = new Set(['stacker-full', 'cashbox-removed', 'stacker-open']);

/** What a device's code means to a player. */
export function lockReasonOfDevice(detail: DeviceDetail): LockReason {
  switch (detail.code) {
    case 'acceptor-conditions':
    case 'id003-conditions': {
      const conditions: readonly string[] = detail.conditions;
      if (conditions.some((c) => JAMS.has(c))) return 'jam';
      if (conditions.some((c) => CASHBOX.has(c))) return 'cashbox';
      return 'fault';
    }
    case 'link-retrying':
    case 'device-stopped':
    case 'device-not-started':
    case 'port-unusable':
    case 'acceptor-start-failed':
      return 'notConnected';
    case 'acceptor-no-fixed-key':
    case 'acceptor-factory-key-refused':
    case 'acceptor-settings-refused':
    case 'id003-not-installed':
    case 'rng-no-approved-source':
      return 'notSetUp';
    case 'rng-repetition-failed':
    case 'rng-proportion-failed':
    case 'rng-stalled':
    case 'rng-pool-exhausted':
      return 'rngHealth';
    case 'rng-starting':
    case 'acceptor-first-poll':
      return 'starting';
    case 'rng-restarting':
      return 'restarting';
    default:
      return 'fault';
  }
}

/** The player's reason for a tilt: the device's live code when it has one, else the tilt's own coded reason. */
export function lockReasonOf(
  tilt: { readonly kind: TiltKind; readonly reasonCode: TiltReason },
  liveDetail?: DeviceDetail,
): LockReason {
  if (liveDetail && liveDetail.code !== 'not-reported') {
    return lockReasonOfDevice(liveDetail);
  }
  const reason = tilt.reasonCode;
  switch (reason.code) {
    case 'device-reported':
      return lockReasonOfDevice(reason.deviceDetail);
    case 'rng-deal-failure':
      return 'rngHealth';
    case 'rng-not-ready':
      return 'starting';
    case 'door-is-open':
      return 'doorOpen';
    case 'memory-no-good-copy':
    case 'journal-behind-copy':
    case 'record-chain-broken':
    case 'journal-damaged':
      return 'memory';
    case 'program-crash':
      return 'crash';
    case 'stadium-stream-fault':
      return 'stadiumDoubt';
    default:
      return byKind(tilt.kind);
  }
}

function byKind(kind: TiltKind): LockReason {
  if (kind === 'door-open') return 'doorOpen';
  if (kind === 'memory-error') return 'memory';
  if (kind === 'program-fault') return 'crash';
  return 'fault';
}
