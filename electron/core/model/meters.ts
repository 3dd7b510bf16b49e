import type { Spot } from '../engine/settlement.ts';
import { SIDE_BETS, type SideBet } from '../engine/side-bets.ts';
import type { MinorUnits } from '../money/minor-units.ts';

/** An amount per main spot, and per side bet that has seen a stake (stored meters from before side bets have none). */
export type BySpot = Record<Spot, MinorUnits> & Partial<Record<SideBet, MinorUnits>>;

/** The cabinet's meters (docs/cabinet-rules.md#meters); never counted in demo mode. */
export interface Meters {
  readonly billsInMinor: MinorUnits;
  readonly billsByDenomination: Readonly<Record<string, number>>; // "500" (minor) → count
  readonly cashOutMinor: MinorUnits;
  readonly handpayMinor: MinorUnits;
  readonly wageredMinor: MinorUnits;
  readonly wonMinor: MinorUnits;
  /** Per main spot, and per side bet once one has been played (docs/cabinet-rules.md#meters). */
  readonly wageredBySpot: Readonly<BySpot>;
  readonly wonBySpot: Readonly<BySpot>;
  readonly roundsPlayed: number;
  readonly roundsWon: number;
  readonly roundsLost: number;
  readonly roundsTied: number;
  readonly roundsVoided: number;
  readonly refundsMinor: MinorUnits;
  readonly powerUps: number;
  readonly doorOpens: number;
}

/** The side bets with a meter: those staked since the last RAM clear (docs/cabinet-rules.md#meters). */
export function meteredSideBets(m: Meters): SideBet[] {
  return SIDE_BETS.filter((bet) => m.wageredBySpot[bet] !== undefined);
}
