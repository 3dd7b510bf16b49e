import type { TiltReason } from './journal-message.ts';

/** Tilt states and what clears each (docs/cabinet-rules.md#door-and-tilt). */
export type TiltKind =
  'rng-fault' | 'device-fault' | 'memory-error' | 'door-open' | 'handpay-pending' | 'storage-fault';
export type TiltClearance =
  | 'device-healthy' // rng-fault, device-fault: cleared when the device reports healthy again
  | 'door-closed' // door-open
  | 'technician-ram-clear' // memory-error: never automatic
  | 'technician-handpay-clear' // handpay-pending
  | 'technician-test-write'; // storage-fault: a technician, once a test write to the journal succeeded

export interface Tilt {
  readonly kind: TiltKind;
  /** Which device or check raised it, e.g. "rng", "bill-acceptor", "critical-memory". */
  readonly source: string;
  /** Plain-words reason for the screen and the event log. */
  readonly reason: string;
  /** The reason as a code; absent or null for tilts set before codes were kept (schema v5). */
  readonly reasonCode?: TiltReason | null;
  readonly clearedBy: TiltClearance;
  readonly since: string; // ISO-8601
}
