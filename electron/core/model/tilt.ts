import type { TiltReason } from './journal-message.ts';
import type { TiltClearance, TiltKind } from './tilt-kind.ts';

export type { TiltClearance, TiltKind } from './tilt-kind.ts';

export interface Tilt {
  readonly kind: TiltKind;
  /** Which device or check raised it, e.g. "rng", "bill-acceptor", "critical-memory". */
  readonly source: string;
  /** Why, as a code with typed parameters: each screen and export words it (docs/cabinet-rules.md#door-and-tilt). */
  readonly reasonCode: TiltReason;
  readonly clearedBy: TiltClearance;
  readonly since: string; // ISO-8601
}
