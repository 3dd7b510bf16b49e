import type { BetSpot } from '../engine/bet-spot.ts';
import type { MinorUnits } from '../money/minor-units.ts';

export type LedgerKind = 'bill' | 'stake' | 'win' | 'refund' | 'handpay' | 'demo-credit' | 'ram-clear';

/** One append-only money movement; every credit change is one or more of these. */
export interface LedgerEntry {
  readonly at: string;
  readonly kind: LedgerKind;
  readonly demo: boolean;
  readonly deltaMinor: MinorUnits;
  readonly roundId?: number;
  /** The main spot or side bet a stake, win or refund row belongs to. */
  readonly spot?: BetSpot;
  readonly eventKey?: string;
  readonly denominationMinor?: MinorUnits;
  readonly balanceAfterMinor: MinorUnits;
}
