/**
 * What a device says about itself, as data (docs/cabinet-rules.md#operator-menu-and-key-switch): a code plus
 * typed parameters (ports, retry times, sample counts, health-test cutoffs, the acceptor's conditions), so the
 * technician's diagnostics screen words it in the technician's language. The devices report words today
 * (DeviceStatus.detail); electron/ipc/device-detail-codes.ts finds the code their words show and keeps the
 * words as the device's original text. Anything it does not know is `detail-as-written`.
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

/** Why a serial link went down. */
export type LinkCause = 'device-unplugged' | 'port-closed' | 'as-written';

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
    }
  | { readonly code: 'acceptor-ready'; readonly port: string; readonly enabled: boolean }
  | { readonly code: 'acceptor-first-poll'; readonly port: string }
  | { readonly code: 'acceptor-no-fixed-key'; readonly port: string }
  | { readonly code: 'acceptor-conditions'; readonly conditions: readonly AcceptorCondition[] }
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
  | { readonly code: 'rng-source-hardware'; readonly port: string }
  | { readonly code: 'detail-as-written' };

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
  'rng-starting',
  'rng-healthy',
  'rng-repetition-failed',
  'rng-proportion-failed',
  'rng-stalled',
  'rng-source-os',
  'rng-source-hardware',
  'detail-as-written',
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

export const LINK_CAUSES = ['device-unplugged', 'port-closed', 'as-written'] as const satisfies readonly LinkCause[];

type Covers<List extends readonly string[], Code extends string> = [Code] extends [List[number]] ? true : false;
const listed: [
  Covers<typeof DEVICE_DETAIL_CODES, DeviceDetailCode>,
  Covers<typeof ACCEPTOR_CONDITIONS, AcceptorCondition>,
  Covers<typeof LINK_CAUSES, LinkCause>,
] = [true, true, true];
void listed;

/** The RNG's last health-test failure: when, and what failed. */
export interface RngFailureDetail {
  readonly at: string;
  readonly failure: DeviceDetail;
}
