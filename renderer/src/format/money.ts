/**
 * Money for display only. Amounts arrive from main as integer minor units together with the venue's
 * currency (docs/venue-config.md#the-players-table). The digits are split with integer math (BigInt), never
 * by dividing a float; Intl only adds the grouping, the decimal sign and the currency symbol of the UI
 * language: 123450 SEK in de → "1.234,50 SEK", 1250 JPY in en → "¥1,250", 1250 KWD → "KWD 1.250".
 */
import { BET_SPOTS as CORE_BET_SPOTS, type BetSpot as CoreBetSpot } from '../../../electron/core/engine/bet-spot.ts';
import { SPOTS, type Spot } from '../../../electron/core/engine/settlement.ts';
import { isSideBet } from '../../../electron/core/engine/side-bets.ts';

/** The venue currency as main sends it: ISO 4217 code and the digits after the decimal point (0–3). */
export interface MoneyCurrency {
  readonly code: string;
  readonly minorDigits: number;
}

/** What a screen shows before main has said which currency the venue uses. */
export const FALLBACK_CURRENCY: MoneyCurrency = { code: 'EUR', minorDigits: 2 };

/** One amount split for display: the whole string, and Intl's parts (so the symbol can be drawn smaller). */
export interface FormattedMoney {
  readonly text: string;
  readonly parts: readonly Intl.NumberFormatPart[];
}

const NOT_MONEY: FormattedMoney = { text: '—', parts: [{ type: 'literal', value: '—' }] };

/**
 * Splits minor units into the whole and the fraction digits with integer math: (123450, 2) →
 * { negative: false, whole: "1234", fraction: "50" }. Null when the amount is not whole minor units.
 */
export function splitMinor(
  minor: number,
  minorDigits: number,
): { negative: boolean; whole: string; fraction: string } | null {
  if (!Number.isSafeInteger(minor) || !Number.isInteger(minorDigits) || minorDigits < 0 || minorDigits > 3) return null;
  const abs = BigInt(Math.abs(minor));
  const unit = 10n ** BigInt(minorDigits);
  return {
    negative: minor < 0,
    whole: String(abs / unit),
    fraction: minorDigits === 0 ? '' : String(abs % unit).padStart(minorDigits, '0'),
  };
}

const formatters = new Map<string, Intl.NumberFormat>();
function formatter(currency: MoneyCurrency, locale: string): Intl.NumberFormat {
  const key = `${locale}|${currency.code}|${currency.minorDigits}`;
  let nf = formatters.get(key);
  if (!nf) {
    nf = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: currency.code,
      minimumFractionDigits: currency.minorDigits,
      maximumFractionDigits: currency.minorDigits,
      numberingSystem: 'latn',
    });
    formatters.set(key, nf);
  }
  return nf;
}

/**
 * An amount in the venue currency, in the locale of the UI language. Intl formats the exact decimal string
 * built by splitMinor; the fraction part is then set to those same digits, so no rounding can touch them.
 * A screen never throws: an amount that is not whole minor units, or a currency Intl does not know, shows
 * "—" rather than a wrong figure.
 */
export function formatMoneyParts(minor: number, currency: MoneyCurrency, locale: string): FormattedMoney {
  const split = splitMinor(minor, currency.minorDigits);
  if (!split) return NOT_MONEY;
  let nf: Intl.NumberFormat;
  try {
    nf = formatter(currency, locale);
  } catch {
    return NOT_MONEY;
  }
  const decimal = `${split.negative ? '-' : ''}${split.whole}${split.fraction ? `.${split.fraction}` : ''}`;
  // A numeric string is formatted as an exact decimal (Intl.NumberFormat v3), not parsed into a float first.
  const parts = nf
    .formatToParts(decimal as Intl.StringNumericLiteral)
    .map((p) => (p.type === 'fraction' ? { type: p.type, value: split.fraction } : p));
  return { text: parts.map((p) => p.value).join(''), parts };
}

export function formatMoney(minor: number, currency: MoneyCurrency, locale: string): string {
  return formatMoneyParts(minor, currency, locale).text;
}

/**
 * Plain digits without a currency (staff screens, logs): 1250 → "12.50", or "1250" with 0 minor digits.
 * A screen never throws: a value that is not whole minor units shows "—".
 */
export function formatMinor(minor: number, minorDigits = 2): string {
  const split = splitMinor(minor, minorDigits);
  if (!split) return '—';
  return `${split.negative ? '-' : ''}${split.whole}${split.fraction ? `.${split.fraction}` : ''}`;
}

const decimalSigns = new Map<string, string>();
/** The decimal sign of a locale ("." in en, "," in de), looked up once: a chip rail asks for it per chip. */
function decimalSign(locale: string): string {
  let sign = decimalSigns.get(locale);
  if (sign === undefined) {
    try {
      sign = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
    } catch {
      sign = '.';
    }
    decimalSigns.set(locale, sign);
  }
  return sign;
}

/**
 * Short label printed on a chip, in major units of the venue currency, with K for thousands. With 2 minor
 * digits: 50 → "0.50", 100 → "1", 2500 → "25", 100000 → "1K", 250000 → "2.5K"; with 0 (JPY): 500 → "500",
 * 2500 → "2.5K"; with 3 (KWD): 250 → "0.250", 1000 → "1". The decimal sign follows `locale` when given.
 */
export function chipLabel(minor: number, minorDigits = 2, locale?: string): string {
  const split = splitMinor(minor, minorDigits);
  if (!split || minor <= 0) return '?';
  const sign = locale === undefined ? '.' : decimalSign(locale);
  if (/[1-9]/.test(split.fraction)) return `${split.whole}${sign}${split.fraction}`;
  const major = BigInt(split.whole);
  if (major >= 1000n && major % 100n === 0n) {
    const whole = major / 1000n;
    const tenth = (major % 1000n) / 100n;
    return tenth === 0n ? `${whole}K` : `${whole}${sign}${tenth}K`;
  }
  return split.whole;
}

/** Where a chip may go: a main spot or a side bet (docs/rules.md#side-bets). */
export type BetSpot = AnyBetSpot;
/** The main spots in the order the felt shows them, left to right. */
export const BET_SPOTS: readonly Spot[] = ['player', 'tie', 'banker'];
/** The main spots in the order the paytable and the round history list them (the core's order). */
export const LISTED_SPOTS: readonly Spot[] = SPOTS;

/** Every place a round may carry a bet, main spots first, then the side bets (core order: bet-spot.ts). */
export const LISTED_BETS: readonly AnyBetSpot[] = CORE_BET_SPOTS;
export type AnyBetSpot = CoreBetSpot;

/** The locale key of a spot's or a side bet's name. */
export function spotNameKey(spot: AnyBetSpot): string {
  return isSideBet(spot) ? `sideBets.name.${spot}` : `spot.${spot}`;
}

/** The total of a layout, a round's bets or its returns, side bets included. */
export function sumBets(bets: Partial<Record<AnyBetSpot, number>> | null | undefined): number {
  if (!bets) return 0;
  return LISTED_BETS.reduce((sum, spot) => sum + (bets[spot] ?? 0), 0);
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
