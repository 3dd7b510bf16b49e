/**
 * Limits the table shows before they bite (docs/rules.md#chips-and-bets): the chip the rail starts on, and
 * the spots whose bet is still below that spot's minimum (DEAL stays disabled while there is one). Main
 * checks the same minimums at DEAL and REBET and refuses with `below-spot-min`; these only keep the screen
 * from offering what main would refuse.
 */
import type { SpotLimit } from '../../../electron/core/cabinet/cabinet-api.ts';
import { LISTED_BETS, type BetSpot } from '../format/money.ts';

/**
 * The index of the smallest chip that reaches every spot's minimum on its own, so one tap makes a bet that
 * can be dealt; the largest chip when none does; -1 for an empty rail.
 */
export function startChipIndex(denominations: readonly number[], minimums: readonly number[]): number {
  if (denominations.length === 0) return -1;
  const needed = Math.max(0, ...minimums);
  const i = denominations.findIndex((d) => d >= needed);
  return i >= 0 ? i : denominations.length - 1;
}

/** Each spot with a bet below its minimum, with that minimum (spots without a bet are never listed). */
export function spotsBelowMinimum(
  bets: Readonly<Partial<Record<BetSpot, number>>>,
  spots: Readonly<Partial<Record<BetSpot, SpotLimit>>>,
): Partial<Record<BetSpot, number>> {
  const out: Partial<Record<BetSpot, number>> = {};
  for (const spot of LISTED_BETS) {
    const bet = bets[spot] ?? 0;
    const min = spots[spot]?.minMinor ?? 0;
    if (bet > 0 && bet < min) out[spot] = min;
  }
  return out;
}
