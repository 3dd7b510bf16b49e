/**
 * Every place a chip can go: the three main spots and the side bets (docs/rules.md#side-bets). A layout, a
 * round's bets and its returns are keyed by these; the main spots settle by settlement.ts, the side bets by
 * side-bets.ts, both from the same round facts, so a round settles in one call whatever it carries.
 */
import type { RoundFacts } from './round-facts.ts';
import type { RuleProfile } from './rule-profile.ts';
import { settle, SPOTS, type Bets, type Returns, type Spot } from './settlement.ts';
import { settleSideBets, sideBetPays, SIDE_BETS, type SideBet, type SideBets } from './side-bets.ts';

export const BET_SPOTS = [...SPOTS, ...SIDE_BETS] as const;
export type BetSpot = Spot | SideBet;

export function isBetSpot(text: unknown): text is BetSpot {
  return typeof text === 'string' && (BET_SPOTS as readonly string[]).includes(text);
}

export function isMainSpot(spot: BetSpot): spot is Spot {
  return (SPOTS as readonly string[]).includes(spot);
}

/** The side bets of a layout, without its main spots. */
export function sideBetsOf(bets: Bets): SideBets {
  const out: SideBets = {};
  for (const bet of SIDE_BETS) {
    const v = bets[bet];
    if (v !== undefined) out[bet] = v;
  }
  return out;
}

/** Settles a whole layout: the main spots by the variant, the side bets by their paytable. */
export function settleLayout(bets: Bets, facts: RoundFacts, profile: RuleProfile): Returns {
  return { ...settle(bets, facts, profile), ...settleSideBets(sideBetsOf(bets), facts, profile) };
}

/** Facts under which each side bet pays its most: its top pay in "N to 1" (Lucky 6 by the venue's choice). */
const TOP_PAY_FACTS: Readonly<Record<SideBet, RoundFacts>> = (() => {
  const hand = (total: number, cardCount: number, pair = false, suitedPair = false) => ({
    total,
    cardCount,
    pair,
    suitedPair,
  });
  const bothSuited: RoundFacts = {
    winner: 'tie',
    natural: false,
    player: hand(0, 3, true, true),
    banker: hand(0, 3, true, true),
  };
  return {
    'player-pair': bothSuited,
    'banker-pair': bothSuited,
    'either-pair': bothSuited,
    'perfect-pair': bothSuited,
    'dragon-bonus-player': { winner: 'player', natural: false, player: hand(9, 3), banker: hand(0, 3) },
    'dragon-bonus-banker': { winner: 'banker', natural: false, player: hand(0, 3), banker: hand(9, 3) },
    'lucky-6': { winner: 'banker', natural: false, player: hand(5, 3), banker: hand(6, 3) },
    'dragon-7': { winner: 'banker', natural: false, player: hand(6, 3), banker: hand(7, 3) },
    'panda-8': { winner: 'player', natural: false, player: hand(8, 3), banker: hand(7, 3) },
  };
})();

/** The most a side bet can return per unit staked, stake included (docs/cabinet-rules.md#side-bets-at-the-cabinet). */
export function topReturnMultiple(bet: SideBet, profile: RuleProfile): number {
  return 1 + (sideBetPays(bet, TOP_PAY_FACTS[bet], profile) ?? 0);
}
