/**
 * How a side bet's pays are printed on its spot and the paytable ("11:1", "25/200:1", "12/20:1"): each pay the
 * bet can win, lowest first, read from the same paytable side-bets.ts settles with, so the print and the pay
 * cannot drift apart (docs/rules.md#side-bets). Dragon Bonus prints its range, natural win to a win by 9.
 */
import type { RuleProfile } from './rule-profile.ts';
import type { SideBet } from './side-bets.ts';

export function sideBetPaysLabel(bet: SideBet, profile: Pick<RuleProfile, 'lucky6ThreeCardPays'>): string {
  switch (bet) {
    case 'player-pair':
    case 'banker-pair':
      return '11:1';
    case 'either-pair':
      return '5:1';
    case 'perfect-pair':
      return '25/200:1';
    case 'dragon-bonus-player':
    case 'dragon-bonus-banker':
      return '1–30:1';
    case 'lucky-6':
      return `12/${profile.lucky6ThreeCardPays}:1`;
    case 'dragon-7':
      return '40:1';
    case 'panda-8':
      return '25:1';
  }
}
