/**
 * Table limits, as pure checks of a layout (no state, nothing written). A refusal throws a
 * CabinetError that names the limit it hit, so the screen can say which one.
 *
 * - Spot minimums are checked at DEAL (and REBET): while building a bet a spot may sit below
 *   its minimum (a 0.50 chip on a 1.00-minimum spot, then another). No round is ever locked
 *   with a spot below its minimum.
 * - Spot maxima, the table max, the credits and the max win are checked at every chip placed,
 *   and all again at DEAL. Removing a chip checks nothing: it cannot break a spot max, the table
 *   max or the credits, but removing a hedge can raise the possible win, which DEAL refuses.
 * - Max win per round: the largest (total return − total stake) over the three possible
 *   winners must not exceed maxWinPerRoundMinor.
 */
import type { VenueConfig } from '../config/venue-config.ts';
import { settle, SPOTS, type Bets, type Spot } from '../engine/settlement.ts';
import { sumSpots } from '../money/ledger-postings.ts';
import { formatMinor, type MinorUnits } from '../money/minor-units.ts';
import { CabinetError } from './cabinet-error.ts';

export function requireSpot(spot: Spot): void {
  if (!(SPOTS as readonly string[]).includes(spot)) {
    throw new CabinetError('not-permitted', `"${String(spot)}" is not a spot; spots are ${SPOTS.join(', ')}`);
  }
}

export function requireChip(config: VenueConfig, chipMinor: MinorUnits): void {
  const chips = config.limits.chipDenominationsMinor;
  if (!Number.isSafeInteger(chipMinor) || !chips.includes(chipMinor)) {
    throw new CabinetError(
      'not-a-chip',
      `${String(chipMinor)} is not a chip of this table; chips are ${chips.join(', ')} (minor units)`,
    );
  }
}

/** The biggest possible win (returns − stakes) of a layout, over the three winners. */
export function maxPossibleWin(config: VenueConfig, bets: Bets): MinorUnits {
  const stake = sumSpots(bets);
  let best = 0;
  for (const winner of ['player', 'banker', 'tie'] as const) {
    best = Math.max(best, sumSpots(settle(bets, winner, config.profile)) - stake);
  }
  return best;
}

/** Limits checked at every chip: spot max, table max, credits, max win. */
export function checkUpperLimits(config: VenueConfig, bets: Bets, creditsMinor: MinorUnits): void {
  const limits = config.limits;
  for (const spot of SPOTS) {
    const v = bets[spot] ?? 0;
    const max = limits.spots[spot].maxMinor;
    if (v > max) {
      throw new CabinetError(
        'above-spot-max',
        `the ${spot} bet would be ${formatMinor(v)}; the ${spot} maximum is ${formatMinor(max)}`,
        { name: `spots.${spot}.maxMinor`, valueMinor: max },
      );
    }
  }
  const total = sumSpots(bets);
  if (total > limits.tableMaxMinor) {
    throw new CabinetError(
      'above-table-max',
      `the table total would be ${formatMinor(total)}; the table maximum is ${formatMinor(limits.tableMaxMinor)}`,
      { name: 'tableMaxMinor', valueMinor: limits.tableMaxMinor },
    );
  }
  if (total > creditsMinor) {
    throw new CabinetError(
      'insufficient-credits',
      `the bets would total ${formatMinor(total)} but the credits are ${formatMinor(creditsMinor)}`,
      { name: 'credits', valueMinor: creditsMinor },
    );
  }
  const win = maxPossibleWin(config, bets);
  if (win > limits.maxWinPerRoundMinor) {
    throw new CabinetError(
      'above-max-win',
      `these bets could win ${formatMinor(win)}; the most a round may win is ${formatMinor(limits.maxWinPerRoundMinor)}`,
      { name: 'maxWinPerRoundMinor', valueMinor: limits.maxWinPerRoundMinor },
    );
  }
}

/** Everything checked at DEAL: at least one bet, every spot at or above its minimum, and the upper limits. */
export function checkForDeal(config: VenueConfig, bets: Bets, creditsMinor: MinorUnits): void {
  if (sumSpots(bets) === 0) throw new CabinetError('no-bets', 'place a bet before dealing');
  for (const spot of SPOTS) {
    const v = bets[spot];
    if (v === undefined || v === 0) continue;
    const min = config.limits.spots[spot].minMinor;
    if (v < min) {
      throw new CabinetError(
        'below-spot-min',
        `the ${spot} bet is ${formatMinor(v)}; the ${spot} minimum is ${formatMinor(min)}`,
        {
          name: `spots.${spot}.minMinor`,
          valueMinor: min,
        },
      );
    }
  }
  checkUpperLimits(config, bets, creditsMinor);
}
