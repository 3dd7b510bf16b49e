import type { RuleProfile } from './rule-profile.ts';
import type { Spot } from './settlement.ts';

/**
 * How a spot's payout is printed ("1:1", "0.95:1", "8:1"): the winnings per unit staked, to one.
 * It reads the same profile fields settlement.ts pays from, so the printed payout and the paid return
 * cannot drift apart (docs/rules.md#payouts-and-rounding). Pure: the paytable in main and the
 * touchscreen both import it.
 */
export function payoutLabel(spot: Spot, profile: Pick<RuleProfile, 'tiePays' | 'bankerCommissionPercent'>): string {
  switch (spot) {
    case 'player':
      return '1:1';
    case 'banker':
      return `${(100 - profile.bankerCommissionPercent) / 100}:1`;
    case 'tie':
      return `${profile.tiePays}:1`;
  }
}
