import type { MinorUnits } from '../money/minor-units.ts';
import type { RuleProfile } from './rule-profile.ts';
import type { RoundFacts } from './round-facts.ts';
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
 * What a settled round tells the main spots: its facts, or only its winner. A bare winner settles
 * an ordinary win of that side, the one with no special total: 19:20 in the commission game, 1:1
 * for a Banker win in the others. The paytable screens and the bet limits read it that way; a dealt
 * round always settles from its facts, since no-commission and EZ pay a Banker win by its total.
 */
export type SpotResult = Winner | RoundFacts;

/** A winning Banker stake under the profile's variant, stake included (docs/rules.md#variants). */
export function bankerVariantWinReturn(stake: MinorUnits, result: SpotResult, profile: RuleProfile): MinorUnits {
  const banker = typeof result === 'string' ? null : result.banker;
  switch (profile.variant) {
    case 'commission':
      return bankerWinReturn(stake, profile.bankerCommissionPercent);
    case 'no-commission':
      // A winning 6 pays 1:2, the half rounded down to the cent like the commission.
      return banker?.total === 6 ? stake + Math.floor(stake / 2) : stake * 2;
    case 'ez':
      // A winning three-card 7 (the "Dragon 7") pushes.
      return banker?.total === 7 && banker.cardCount === 3 ? stake : stake * 2;
  }
}

/**
 * The return of one spot, stake included: 0 for a loss, the stake for a push.
 * Player pays 1:1, Banker by the variant, Tie N:1; Player and Banker push on a tie.
 */
export function spotReturn(spot: Spot, stake: MinorUnits, result: SpotResult, profile: RuleProfile): MinorUnits {
  if (stake === 0) return 0;
  const winner = typeof result === 'string' ? result : result.winner;
  switch (spot) {
    case 'player':
      return winner === 'player' ? stake * 2 : winner === 'tie' ? stake : 0;
    case 'banker':
      return winner === 'banker' ? bankerVariantWinReturn(stake, result, profile) : winner === 'tie' ? stake : 0;
    case 'tie':
      return winner === 'tie' ? stake * (profile.tiePays + 1) : 0;
  }
}

/** Settles every spot that carries a bet. Several spots in one round are allowed. */
export function settle(bets: Bets, result: SpotResult, profile: RuleProfile): Returns {
  const returns: Returns = {};
  for (const spot of SPOTS) {
    const stake = bets[spot];
    if (stake !== undefined) returns[spot] = spotReturn(spot, stake, result, profile);
  }
  return returns;
}
