import type { Spot } from '../engine/settlement.ts';
import type { MinorUnits } from '../money/minor-units.ts';

/** The cabinet's meters (docs/cabinet-rules.md#meters); never counted in demo mode. */
export interface Meters {
  readonly billsInMinor: MinorUnits;
  readonly billsByDenomination: Readonly<Record<string, number>>; // "500" (minor) → count
  readonly cashOutMinor: MinorUnits;
  readonly handpayMinor: MinorUnits;
  readonly wageredMinor: MinorUnits;
  readonly wonMinor: MinorUnits;
  readonly wageredBySpot: Readonly<Record<Spot, MinorUnits>>;
  readonly wonBySpot: Readonly<Record<Spot, MinorUnits>>;
  readonly roundsPlayed: number;
  readonly roundsWon: number;
  readonly roundsLost: number;
  readonly roundsTied: number;
  readonly roundsVoided: number;
  readonly refundsMinor: MinorUnits;
  readonly powerUps: number;
  readonly doorOpens: number;
}
