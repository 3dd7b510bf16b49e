import type { RuleProfile } from './rule-profile.ts';
import type { Spot } from './settlement.ts';

/**
 * How a spot's payout is printed ("1:1", "0.95:1", "8:1"): the winnings per unit staked, to one.
 * It reads the same profile fields settlement.ts pays from, so the printed payout and the paid return
 * cannot drift apart (docs/rules.md#payouts-and-rounding). Pure: the paytable in main and the
 * touchscreen both import it.
 */
export function payoutLabel(
  spot: Spot,
  profile: Pick<RuleProfile, 'tiePays' | 'bankerCommissionPercent'> & Partial<Pick<RuleProfile, 'variant'>>,
): string {
  switch (spot) {
    case 'player':
      return '1:1';
    case 'banker':
      // An ordinary Banker win (docs/rules.md#variants): 19:20 with commission, even money in the other games,
      // whose winning 6 (no-commission) or three-card 7 (EZ) the paytable states beside it.
      return (profile.variant ?? 'commission') === 'commission'
        ? `${(100 - profile.bankerCommissionPercent) / 100}:1`
        : '1:1';
    case 'tie':
      return `${profile.tiePays}:1`;
  }
}
