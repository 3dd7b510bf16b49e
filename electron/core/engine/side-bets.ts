/**
 * Side bets (docs/rules.md#side-bets): their ids, which variant offers which, and the paytable.
 * The paytable is one pure function of the round's facts, so the dealer, the exact analysis
 * and the simulator all settle a side bet the same way. Returns are whole multiples of the
 * stake, so no side bet ever needs rounding.
 */
import type { MinorUnits } from '../money/minor-units.ts';
import type { RoundFacts } from './round-facts.ts';
import type { RuleProfile, Variant } from './rule-profile.ts';

export const SIDE_BETS = [
  'player-pair',
  'banker-pair',
  'either-pair',
  'perfect-pair',
  'dragon-bonus-player',
  'dragon-bonus-banker',
  'lucky-6',
  'dragon-7',
  'panda-8',
] as const;
export type SideBet = (typeof SIDE_BETS)[number];

/** Stakes per side bet in minor units; a missing bet was not placed. */
export type SideBets = Partial<Record<SideBet, MinorUnits>>;
export type SideBetReturns = Partial<Record<SideBet, MinorUnits>>;

/**
 * The bets settled by the first two cards of each hand alone; every other side bet reads only the
 * winner, the totals and the card counts. The exact analysis counts the two kinds separately.
 */
export const PAIR_BETS: readonly SideBet[] = ['player-pair', 'banker-pair', 'either-pair', 'perfect-pair'];

/** Dragon 7 and Panda 8 name EZ's own hands, so only EZ offers them. */
const EZ_ONLY: readonly SideBet[] = ['dragon-7', 'panda-8'];

export function isSideBet(text: string): text is SideBet {
  return (SIDE_BETS as readonly string[]).includes(text);
}

/** Whether a table of this variant offers the bet. */
export function isSideBetOffered(bet: SideBet, variant: Variant): boolean {
  return variant === 'ez' || !EZ_ONLY.includes(bet);
}

/** The side bets a variant offers, in SIDE_BETS order. */
export function sideBetsOffered(variant: Variant): readonly SideBet[] {
  return SIDE_BETS.filter((bet) => isSideBetOffered(bet, variant));
}

/** A side bet the table's variant does not offer; the code and its parameters travel to the words. */
export class SideBetNotOfferedError extends Error {
  override readonly name = 'SideBetNotOfferedError';
  readonly code = 'side-bet-not-offered';
  readonly bet: SideBet;
  readonly variant: Variant;
  constructor(bet: SideBet, variant: Variant) {
    super(`side bet ${bet} is not offered with the ${variant} variant; it needs ez`);
    this.bet = bet;
    this.variant = variant;
  }
}

/** Dragon Bonus on a non-natural win, by the winning margin (docs/rules.md#dragon-bonus). */
const DRAGON_BONUS_MARGIN_PAYS: Readonly<Record<number, number>> = { 9: 30, 8: 10, 7: 6, 6: 4, 5: 2, 4: 1 };

/** The bet's result in "N to 1" terms: null loses, 0 pushes, N > 0 wins N to 1. */
export function sideBetPays(bet: SideBet, round: RoundFacts, profile: RuleProfile): number | null {
  const { player, banker, winner } = round;
  switch (bet) {
    case 'player-pair':
      return player.pair ? 11 : null;
    case 'banker-pair':
      return banker.pair ? 11 : null;
    case 'either-pair':
      return player.pair || banker.pair ? 5 : null;
    case 'perfect-pair':
      if (player.suitedPair && banker.suitedPair) return 200;
      return player.suitedPair || banker.suitedPair ? 25 : null;
    case 'dragon-bonus-player':
      return dragonBonusPays(round, 'player');
    case 'dragon-bonus-banker':
      return dragonBonusPays(round, 'banker');
    case 'lucky-6':
      if (winner !== 'banker' || banker.total !== 6) return null;
      return banker.cardCount === 2 ? 12 : profile.lucky6ThreeCardPays;
    case 'dragon-7':
      return winner === 'banker' && banker.total === 7 && banker.cardCount === 3 ? 40 : null;
    case 'panda-8':
      return winner === 'player' && player.total === 8 && player.cardCount === 3 ? 25 : null;
  }
}

function dragonBonusPays(round: RoundFacts, side: 'player' | 'banker'): number | null {
  if (round.winner === 'tie') return round.natural ? 0 : null;
  if (round.winner !== side) return null;
  // A win in a natural round is a win with a natural: the winner's two cards beat an 8 or 9.
  if (round.natural) return 1;
  const margin = side === 'player' ? round.player.total - round.banker.total : round.banker.total - round.player.total;
  return DRAGON_BONUS_MARGIN_PAYS[margin] ?? null;
}

/** What the bet returns per unit staked, stake included: 0 lost, 1 pushed, 1 + N won N to 1. */
export function sideBetReturnMultiple(bet: SideBet, round: RoundFacts, profile: RuleProfile): number {
  const pays = sideBetPays(bet, round, profile);
  return pays === null ? 0 : 1 + pays;
}

/** The return of one side bet in minor units, stake included: 0 for a loss, the stake for a push. */
export function sideBetReturn(bet: SideBet, stake: MinorUnits, round: RoundFacts, profile: RuleProfile): MinorUnits {
  if (!isSideBetOffered(bet, profile.variant)) throw new SideBetNotOfferedError(bet, profile.variant);
  return stake * sideBetReturnMultiple(bet, round, profile);
}

/** Throws SideBetNotOfferedError for the first bet the profile's variant does not offer. */
export function checkSideBetsOffered(bets: SideBets, profile: RuleProfile): void {
  for (const bet of SIDE_BETS) {
    if (bets[bet] !== undefined && !isSideBetOffered(bet, profile.variant)) {
      throw new SideBetNotOfferedError(bet, profile.variant);
    }
  }
}

/** Settles every side bet placed; refuses, before settling any, a bet the variant does not offer. */
export function settleSideBets(bets: SideBets, round: RoundFacts, profile: RuleProfile): SideBetReturns {
  checkSideBetsOffered(bets, profile);
  const returns: SideBetReturns = {};
  for (const bet of SIDE_BETS) {
    const stake = bets[bet];
    if (stake !== undefined) returns[bet] = sideBetReturn(bet, stake, round, profile);
  }
  return returns;
}
