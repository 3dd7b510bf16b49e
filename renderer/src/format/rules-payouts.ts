/**
 * The payouts section of the rules screen (docs/rules.md#payouts-and-rounding): every figure is what the
 * engine's settlement returns for the active rule profile, so the screen and the payout cannot differ.
 * Amounts stay integer minor units here; the component formats them in the venue currency (useMoney).
 */
import type { TableLimits } from '../../../electron/core/cabinet/cabinet-api.ts';
import { payoutLabel } from '../../../electron/core/engine/payout-label.ts';
import type { RuleProfile } from '../../../electron/core/engine/rule-profile.ts';
import { bankerWinReturn, SPOTS, spotReturn, type Spot } from '../../../electron/core/engine/settlement.ts';
import type { MoneyCurrency } from './money.ts';

/** What a Tie does to a bet on another spot: handed back, lost, or paid back in part. */
export type TieEffect = 'returned' | 'lost' | 'part';

export interface PayoutRow {
  readonly spot: Spot;
  /** The core's payout label ("1:1", "0.95:1", "8:1"), shown in the locale by formatPayoutLabel. */
  readonly label: string;
  /** The example stake: the spot's minimum bet. */
  readonly stakeMinor: number;
  /** What a win on that stake returns, stake included. */
  readonly winReturnMinor: number;
  /** What a Tie returns on that stake (for the Tie spot, the same as a win). */
  readonly tieReturnMinor: number;
  readonly tieEffect: TieEffect | null;
}

function tieEffect(stake: number, tieReturn: number): TieEffect {
  if (tieReturn === stake) return 'returned';
  return tieReturn === 0 ? 'lost' : 'part';
}

/** One row per spot, settled by the engine on the given stakes (the spot minimums on the screen). */
export function payoutRows(profile: RuleProfile, stakes: Readonly<Record<Spot, number>>): PayoutRow[] {
  return SPOTS.map((spot) => {
    const stakeMinor = stakes[spot];
    const winReturnMinor = spotReturn(spot, stakeMinor, spot, profile);
    const tieReturnMinor = spotReturn(spot, stakeMinor, 'tie', profile);
    return {
      spot,
      label: payoutLabel(spot, profile),
      stakeMinor,
      winReturnMinor,
      tieReturnMinor,
      tieEffect: spot === 'tie' ? null : tieEffect(stakeMinor, tieReturnMinor),
    };
  });
}

/** The example stakes: each spot's minimum bet. */
export function minimumStakes(limits: TableLimits): Record<Spot, number> {
  return { player: limits.spots.player.minMinor, banker: limits.spots.banker.minMinor, tie: limits.spots.tie.minMinor };
}

export interface BankerExample {
  readonly stakeMinor: number;
  /** The winnings before rounding, exactly: `exactHundredths` hundredths of a minor unit. */
  readonly exactHundredths: bigint;
  /** The winnings paid: the exact figure rounded down to the minor unit. */
  readonly winningsMinor: number;
  /** What comes back, stake included: settlement's bankerWinReturn. */
  readonly paidMinor: number;
  /** Whether a fraction of a minor unit was dropped. */
  readonly rounded: boolean;
}

/** A Banker win on `stakeMinor`, worked the way the engine pays it. */
export function bankerExample(profile: RuleProfile, stakeMinor: number): BankerExample {
  const paidMinor = bankerWinReturn(stakeMinor, profile.bankerCommissionPercent);
  const exactHundredths = BigInt(stakeMinor) * BigInt(100 - profile.bankerCommissionPercent);
  return {
    stakeMinor,
    exactHundredths,
    winningsMinor: paidMinor - stakeMinor,
    paidMinor,
    rounded: exactHundredths % 100n !== 0n,
  };
}

/** How many chip steps above the minimum the search for a rounded example looks. */
const ROUNDING_SEARCH_STEPS = 100;

/**
 * The smallest Banker stake the table takes (the minimum plus whole smallest chips, up to the maximum)
 * whose win is rounded down, or null when no such stake exists (then the screen has no rounding example
 * to show, e.g. a currency whose chips are all multiples of 20 minor units).
 */
export function roundedBankerStake(profile: RuleProfile, limits: TableLimits): number | null {
  const { minMinor, maxMinor } = limits.spots.banker;
  const step = limits.chipDenominationsMinor[0] ?? 0;
  if (step <= 0) return null;
  for (let k = 0; k <= ROUNDING_SEARCH_STEPS; k++) {
    const stake = minMinor + k * step;
    if (stake > maxMinor) return null;
    if (bankerExample(profile, stake).rounded) return stake;
  }
  return null;
}

/**
 * An amount given in hundredths of a minor unit, written exactly in the venue currency and the locale, with
 * only as many extra digits as it needs: 10450 hundredths of a cent → "€1.045". Shows "—" for a currency
 * Intl cannot format (a malformed code), like formatMoney.
 */
export function formatHundredthsOfMinor(hundredths: bigint, currency: MoneyCurrency, locale: string): string {
  const digits = currency.minorDigits + 2;
  const negative = hundredths < 0n;
  const abs = negative ? -hundredths : hundredths;
  const unit = 10n ** BigInt(digits);
  let fraction = String(abs % unit).padStart(digits, '0');
  while (fraction.length > currency.minorDigits && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  const decimal = `${negative ? '-' : ''}${abs / unit}${fraction ? `.${fraction}` : ''}`;
  try {
    const nf = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: currency.code,
      minimumFractionDigits: fraction.length,
      maximumFractionDigits: fraction.length,
      numberingSystem: 'latn',
    });
    // An exact decimal string, never a float; the fraction digits are then set to ours, as formatMoney does.
    return nf
      .formatToParts(decimal as Intl.StringNumericLiteral)
      .map((p) => (p.type === 'fraction' ? fraction : p.value))
      .join('');
  } catch {
    return '—';
  }
}
