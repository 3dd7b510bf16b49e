/**
 * Money for display only. Amounts arrive from main as integer minor units; the digits come from the core's
 * formatMinor (integer math, no floats): 1250 → "12.50".
 */
import { formatMinor as formatMinorUnits } from '../../../electron/core/money/minor-units.ts';
import { SPOTS, type Spot } from '../../../electron/core/engine/settlement.ts';

/** Like the core's formatMinor, but a screen never throws: a value that is not whole minor units shows "—". */
export function formatMinor(minor: number): string {
  return Number.isSafeInteger(minor) ? formatMinorUnits(minor) : '—';
}

/** Short label printed on a chip: 50 → "0.50", 100 → "1", 2500 → "25", 100000 → "1K", 250000 → "2.5K". */
export function chipLabel(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor <= 0) return '?';
  if (minor % 100 !== 0) return formatMinor(minor);
  const major = minor / 100;
  if (major >= 1000 && major % 100 === 0) {
    const whole = Math.floor(major / 1000);
    const tenth = (major % 1000) / 100;
    return tenth === 0 ? `${whole}K` : `${whole}.${tenth}K`;
  }
  return String(major);
}

export type BetSpot = Spot;
/** The spots in the order the felt shows them, left to right. */
export const BET_SPOTS: readonly BetSpot[] = ['player', 'tie', 'banker'];
/** The spots in the order the paytable and the round history list them (the core's order). */
export const LISTED_SPOTS: readonly BetSpot[] = SPOTS;

export function sumBets(bets: Partial<Record<BetSpot, number>> | null | undefined): number {
  if (!bets) return 0;
  return (bets.player ?? 0) + (bets.banker ?? 0) + (bets.tie ?? 0);
}

/**
 * Splits an amount into chips for the stack drawn on a spot (largest first, at most `maxChips` drawn).
 * Purely visual; the amount itself comes from main.
 */
export function chipsForAmount(amountMinor: number, denominations: readonly number[], maxChips = 8): number[] {
  const denoms = [...denominations].filter((d) => Number.isSafeInteger(d) && d > 0).sort((a, b) => b - a);
  const out: number[] = [];
  let rest = amountMinor;
  for (const d of denoms) {
    while (rest >= d && out.length < 64) {
      out.push(d);
      rest -= d;
    }
  }
  if (rest > 0 && out.length < 64) out.push(rest);
  return out.reverse().slice(-maxChips);
}
