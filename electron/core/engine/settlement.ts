import type { MinorUnits } from '../money/minor-units.ts';
import type { RuleProfile } from './rule-profile.ts';
import type { Winner } from './round.ts';

export const SPOTS = ['player', 'banker', 'tie'] as const;
export type Spot = (typeof SPOTS)[number];

/** Stakes per spot in minor units; a missing spot has no bet. */
export type Bets = Partial<Record<Spot, MinorUnits>>;
export type Returns = Partial<Record<Spot, MinorUnits>>;

/**
 * What a winning Banker stake returns, stake included: stake + floor(stake × 0.95),
 * i.e. floor(1.95 × stake) in cents (docs/rules.md#banker-rounding: 0.10 → 0.19, 0.30 → 0.58).
 */
export function bankerWinReturn(stake: MinorUnits, commissionPercent: number): MinorUnits {
  return stake + Math.floor((stake * (100 - commissionPercent)) / 100);
}

/**
 * The return of one spot, stake included: 0 for a loss, the stake for a push.
 * Player pays 1:1, Banker 0.95:1 rounded down, Tie N:1; Player and Banker push on a tie.
 */
export function spotReturn(spot: Spot, stake: MinorUnits, winner: Winner, profile: RuleProfile): MinorUnits {
  if (stake === 0) return 0;
  switch (spot) {
    case 'player':
      return winner === 'player' ? stake * 2 : winner === 'tie' ? stake : 0;
    case 'banker':
      return winner === 'banker'
        ? bankerWinReturn(stake, profile.bankerCommissionPercent)
        : winner === 'tie'
          ? stake
          : 0;
    case 'tie':
      return winner === 'tie' ? stake * (profile.tiePays + 1) : 0;
  }
}

/** Settles every spot that carries a bet. Several spots in one round are allowed. */
export function settle(bets: Bets, winner: Winner, profile: RuleProfile): Returns {
  const returns: Returns = {};
  for (const spot of SPOTS) {
    const stake = bets[spot];
    if (stake !== undefined) returns[spot] = spotReturn(spot, stake, winner, profile);
  }
  return returns;
}
