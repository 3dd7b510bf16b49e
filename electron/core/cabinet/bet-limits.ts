/**
 * Table limits, as pure checks of a layout (no state, nothing written). A refusal throws a
 * CabinetError that names the limit it hit, so the screen can say which one.
 *
 * - Spot minimums are checked at DEAL (and REBET): while building a bet a spot may sit below
 *   its minimum (a 0.50 chip on a 1.00-minimum spot, then another). No round is ever locked
 *   with a spot below its minimum. A side bet has its own min and max like a main spot.
 * - Spot maxima, the table max, the credits and the max win are checked at every chip placed,
 *   and all again at DEAL. Removing a chip checks nothing: it cannot break a spot max, the table
 *   max or the credits, but removing a hedge can raise the possible win, which DEAL refuses.
 * - Max win per round: the largest (total return − total stake) over the three possible
 *   winners, each side bet counted at its top pay, must not exceed maxWinPerRoundMinor
 *   (docs/cabinet-rules.md#side-bets-at-the-cabinet).
 */
import type { VenueConfig } from '../config/venue-config.ts';
import { BET_SPOTS, isBetSpot, isMainSpot, topReturnMultiple, type BetSpot } from '../engine/bet-spot.ts';
import { settle, type Bets } from '../engine/settlement.ts';
import { SIDE_BETS } from '../engine/side-bets.ts';
import { sumSpots } from '../money/ledger-postings.ts';
import { formatMinor, type MinorUnits } from '../money/minor-units.ts';
import type { SpotLimit } from './cabinet-api.ts';
import { CabinetError } from './cabinet-error.ts';

/** A chip may go on a main spot or on a side bet the venue offers. */
export function requireSpot(config: VenueConfig, spot: BetSpot): void {
  if (!isBetSpot(spot)) {
    throw new CabinetError('not-permitted', `"${String(spot)}" is not a spot; spots are ${BET_SPOTS.join(', ')}`);
  }
  if (!isMainSpot(spot) && config.limits.sideBets[spot] === undefined) {
    const offered = SIDE_BETS.filter((bet) => config.limits.sideBets[bet] !== undefined);
    throw new CabinetError(
      'side-bet-not-offered',
      `this table does not offer ${spot}; its side bets are ${offered.length > 0 ? offered.join(', ') : 'none'}`,
    );
  }
}

/** The limits of a spot or an offered side bet (requireSpot has checked it is offered). */
function limitOf(config: VenueConfig, spot: BetSpot): SpotLimit | undefined {
  return isMainSpot(spot) ? config.limits.spots[spot] : config.limits.sideBets[spot];
}

/** Where a spot's limit lives in the venue config, named in the refusal. */
function limitName(spot: BetSpot, bound: 'minMinor' | 'maxMinor'): string {
  return isMainSpot(spot) ? `spots.${spot}.${bound}` : `sideBets.${spot}.${bound}`;
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

/**
 * The biggest possible win (returns − stakes) of a layout, over the three winners, with every side bet at its top
 * pay: an upper bound, since no round pays every side bet its most at once.
 */
export function maxPossibleWin(config: VenueConfig, bets: Bets): MinorUnits {
  const stake = sumSpots(bets);
  let sideTop = 0;
  for (const bet of SIDE_BETS) sideTop += (bets[bet] ?? 0) * topReturnMultiple(bet, config.profile);
  let best = 0;
  for (const winner of ['player', 'banker', 'tie'] as const) {
    best = Math.max(best, sumSpots(settle(bets, winner, config.profile)) + sideTop - stake);
  }
  return best;
}

/** Limits checked at every chip: spot max, table max, credits, max win. */
export function checkUpperLimits(config: VenueConfig, bets: Bets, creditsMinor: MinorUnits): void {
  const limits = config.limits;
  for (const spot of BET_SPOTS) {
    const v = bets[spot] ?? 0;
    if (v === 0) continue;
    const max = limitOf(config, spot)?.maxMinor ?? 0;
    if (v > max) {
      throw new CabinetError(
        'above-spot-max',
        `the ${spot} bet would be ${formatMinor(v)}; the ${spot} maximum is ${formatMinor(max)}`,
        { name: limitName(spot, 'maxMinor'), valueMinor: max },
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
  for (const spot of BET_SPOTS) {
    const v = bets[spot];
    if (v === undefined || v === 0) continue;
    requireSpot(config, spot);
    const min = limitOf(config, spot)?.minMinor ?? 0;
    if (v < min) {
      throw new CabinetError(
        'below-spot-min',
        `the ${spot} bet is ${formatMinor(v)}; the ${spot} minimum is ${formatMinor(min)}`,
        { name: limitName(spot, 'minMinor'), valueMinor: min },
      );
    }
  }
  checkUpperLimits(config, bets, creditsMinor);
}
