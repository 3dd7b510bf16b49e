import type { MinorUnits } from '../money/minor-units.ts';
import { BET_SPOTS } from './bet-spot.ts';
import type { Bets, Returns } from './settlement.ts';

/**
 * What a settled round meant for the player, in net terms (docs/rules.md#results-in-net-terms):
 * - `win`: more came back than was staked; the player is told the net win (paid − staked);
 * - `returned`: something came back, but less than the stake (e.g. Banker and Player both bet, Banker
 *   wins): a net loss, never announced as a win;
 * - `push`: exactly the stake came back (a Tie with only Player/Banker bets);
 * - `loss`: nothing came back.
 * Pure, so the touchscreen's result banner, its game history and main's records all say the same.
 */
export type RoundResultKind = 'win' | 'returned' | 'push' | 'loss';

export interface RoundResultSummary {
  readonly kind: RoundResultKind;
  readonly stakedMinor: MinorUnits;
  readonly paidMinor: MinorUnits;
  /** paid − staked: positive for a win, 0 for a push, negative otherwise. */
  readonly netMinor: MinorUnits;
}

function requireAmount(name: string, value: number, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new RangeError(`${name} must be a whole number of minor units of at least ${min}, got ${String(value)}`);
  }
}

/** The kind of a round that staked `stakedMinor` (at least 1) and paid back `paidMinor` (stake included). */
export function roundResultKind(stakedMinor: MinorUnits, paidMinor: MinorUnits): RoundResultSummary {
  requireAmount('stakedMinor', stakedMinor, 1);
  requireAmount('paidMinor', paidMinor, 0);
  const netMinor = paidMinor - stakedMinor;
  const kind: RoundResultKind = netMinor > 0 ? 'win' : netMinor === 0 ? 'push' : paidMinor > 0 ? 'returned' : 'loss';
  return { kind, stakedMinor, paidMinor, netMinor };
}

/** The same for a round's bets and returns per spot, side bets included (a RoundRecord's `bets` and `returns`). */
export function roundResultOf(round: { readonly bets: Bets; readonly returns: Returns }): RoundResultSummary {
  let staked = 0;
  let paid = 0;
  for (const spot of BET_SPOTS) {
    staked += round.bets[spot] ?? 0;
    paid += round.returns[spot] ?? 0;
  }
  return roundResultKind(staked, paid);
}
