/**
 * What a device says about itself, as data (docs/cabinet-rules.md#operator-menu-and-key-switch): a code plus
 * typed parameters (ports, retry times, sample counts, health-test cutoffs, the acceptor's conditions), so the
 * technician's diagnostics screen words it in the technician's language. Every device status carries its code
 * (DeviceStatus.detailCode), made where the device reports; the player's screen words a device lock from
 * the code too. Nothing reads DeviceStatus.detail back into a code: it is the driver's line for the log.
 */

/** The bill acceptor's conditions (docs/protocols/essp.md#poll-events). */
export type AcceptorCondition =
  | 'safe-jam'
  | 'unsafe-jam'
  | 'stacker-full'
  | 'cashbox-removed'
  | 'note-path-open'
  | 'fraud'
  | 'credit-anomaly'
  | 'unknown-event'
  | 'no-channels'
  | 'key-mismatch'
  | 'protocol-refused'
  | 'no-poll-with-ack';

/** The JCM ID-003 acceptor's conditions (docs/protocols/id003.md#conditions). */
export type Id003AcceptorCondition =
  | 'acceptor-jam'
  | 'stacker-jam'
  | 'stacker-full'
  | 'stacker-open'
  | 'cheated'
  | 'failure'
  | 'credit-anomaly'
  | 'uncredited-bill-in-stacker'
  | 'no-channels';

/** Why a serial link went down. */
export type LinkCause =
  'device-unplugged' | 'port-closed' | 'open-failed' | 'stopped-answering' | 'handshake-failed' | 'unit-refused';

/** What a configured port path is when it is no serial device (electron/app/device-path.ts). */
export type PortKind = 'directory' | 'fifo' | 'file' | 'socket' | 'block-device' | 'other';

/** Why a configured port path cannot be a serial port the cabinet opens. */
export type PortProblem =
  | { readonly problem: 'missing' }
  | { readonly problem: 'not-absolute' }
  | { readonly problem: 'not-a-serial-device'; readonly is: PortKind }
  | { readonly problem: 'no-permission'; readonly osCode: string };

/** A cabinet switch read from a GPIO value file (electron/devices/switches/switch-input.ts). */
export type SwitchName = 'key-switch' | 'door-switch';

/** Which device a composition-root fault is about. */
export type DeviceRole = 'bill-acceptor' | 'rng';

export type DeviceDetail =
  | { readonly code: 'not-reported' }
  | { readonly code: 'acceptor-not-configured' }
  | { readonly code: 'os-entropy-only' }
  | { readonly code: 'device-not-started'; readonly port: string }
  | { readonly code: 'device-stopped'; readonly port: string | null }
  | {
      readonly code: 'link-retrying';
      readonly port: string | null;
      readonly cause: LinkCause;
      readonly retryInMs: number;
      /** The OS error code of a failed open (ENOENT, EACCES, ENOTTY, EBUSY …), when it said one. */
      readonly osCode?: string;
    }
  | { readonly code: 'acceptor-ready'; readonly port: string; readonly enabled: boolean }
  | { readonly code: 'acceptor-first-poll'; readonly port: string }
  | { readonly code: 'acceptor-no-fixed-key'; readonly port: string }
  | {
      readonly code: 'acceptor-conditions';
      readonly conditions: readonly AcceptorCondition[];
      /** The poll event byte the driver did not know, when 'unknown-event' is among the conditions. */
      readonly unknownEventCode?: number;
      /** The link is down as well (a refused unit stays a fault while it is retried). */
      readonly linkDown?: LinkCause;
    }
  | { readonly code: 'id003-conditions'; readonly conditions: readonly Id003AcceptorCondition[] }
  | { readonly code: 'acceptor-factory-key-refused'; readonly port: string }
  | { readonly code: 'acceptor-settings-refused'; readonly port: string; readonly protocol: 'essp' | 'id003' }
  | { readonly code: 'id003-not-installed'; readonly port: string }
  | { readonly code: 'acceptor-start-failed'; readonly port: string; readonly osCode: string | null }
  | ({ readonly code: 'port-unusable'; readonly device: DeviceRole; readonly port: string } & PortProblem)
  | { readonly code: 'switch-not-read'; readonly switch: SwitchName; readonly file: string }
  | { readonly code: 'switch-ready'; readonly switch: SwitchName; readonly file: string }
  | { readonly code: 'switch-unreadable'; readonly switch: SwitchName; readonly file: string; readonly osCode: string }
  | { readonly code: 'switch-bad-value'; readonly switch: SwitchName; readonly file: string; readonly value: string }
  | { readonly code: 'rng-no-approved-source' }
  | { readonly code: 'rng-os-approved' }
  | { readonly code: 'rng-os-demo' }
  | { readonly code: 'rng-restarting' }
  | { readonly code: 'rng-pool-exhausted'; readonly port: string; readonly have: number; readonly need: number }
  | { readonly code: 'rng-starting'; readonly port: string; readonly samples: number }
  | { readonly code: 'rng-healthy'; readonly port: string; readonly samples: number; readonly bitsPerByte: number }
  | { readonly code: 'rng-repetition-failed'; readonly port: string | null; readonly cutoff: number }
  | {
      readonly code: 'rng-proportion-failed';
      readonly port: string | null;
      readonly cutoff: number;
      readonly window: number;
    }
  | { readonly code: 'rng-stalled'; readonly port: string | null; readonly silentMs: number; readonly limitMs: number }
  | { readonly code: 'rng-source-os' }
  | { readonly code: 'rng-source-hardware'; readonly port: string };

export type DeviceDetailCode = DeviceDetail['code'];

export const DEVICE_DETAIL_CODES = [
  'not-reported',
  'acceptor-not-configured',
  'os-entropy-only',
  'device-not-started',
  'device-stopped',
  'link-retrying',
  'acceptor-ready',
  'acceptor-first-poll',
  'acceptor-no-fixed-key',
  'acceptor-conditions',
  'id003-conditions',
  'acceptor-factory-key-refused',
  'acceptor-settings-refused',
  'id003-not-installed',
  'acceptor-start-failed',
  'port-unusable',
  'switch-not-read',
  'switch-ready',
  'switch-unreadable',
  'switch-bad-value',
  'rng-no-approved-source',
  'rng-os-approved',
  'rng-os-demo',
  'rng-restarting',
  'rng-pool-exhausted',
  'rng-starting',
  'rng-healthy',
  'rng-repetition-failed',
  'rng-proportion-failed',
  'rng-stalled',
  'rng-source-os',
  'rng-source-hardware',
] as const satisfies readonly DeviceDetailCode[];

export const ACCEPTOR_CONDITIONS = [
  'safe-jam',
  'unsafe-jam',
  'stacker-full',
  'cashbox-removed',
  'note-path-open',
  'fraud',
  'credit-anomaly',
  'unknown-event',
  'no-channels',
  'key-mismatch',
  'protocol-refused',
  'no-poll-with-ack',
] as const satisfies readonly AcceptorCondition[];

export const ID003_ACCEPTOR_CONDITIONS = [
  'acceptor-jam',
  'stacker-jam',
  'stacker-full',
  'stacker-open',
  'cheated',
  'failure',
  'credit-anomaly',
  'uncredited-bill-in-stacker',
  'no-channels',
] as const satisfies readonly Id003AcceptorCondition[];

export const LINK_CAUSES = [
  'device-unplugged',
  'port-closed',
  'open-failed',
  'stopped-answering',
  'handshake-failed',
  'unit-refused',
] as const satisfies readonly LinkCause[];

export const PORT_KINDS = [
  'directory',
  'fifo',
  'file',
  'socket',
  'block-device',
  'other',
] as const satisfies readonly PortKind[];

type Covers<List extends readonly string[], Code extends string> = [Code] extends [List[number]] ? true : false;
const listed: [
  Covers<typeof DEVICE_DETAIL_CODES, DeviceDetailCode>,
  Covers<typeof ACCEPTOR_CONDITIONS, AcceptorCondition>,
  Covers<typeof ID003_ACCEPTOR_CONDITIONS, Id003AcceptorCondition>,
  Covers<typeof LINK_CAUSES, LinkCause>,
  Covers<typeof PORT_KINDS, PortKind>,
] = [true, true, true, true, true];
void listed;

/** The RNG's last health-test failure: when, and what failed. */
export interface RngFailureDetail {
  readonly at: string;
  readonly failure: DeviceDetail;
}
