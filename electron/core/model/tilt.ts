import type { TiltReason } from './journal-message.ts';
import type { TiltClearance, TiltKind } from './tilt-kind.ts';

export type { TiltClearance, TiltKind } from './tilt-kind.ts';

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
