/**
 * Payout ratios for display. The core prints a spot's payout as "win:stake" in plain digits
 * ("0.95:1", "8:1": engine/payout-label.ts, the same figures settlement pays from); the player reads
 * the numbers in the UI language's locale, so a German felt says "0,95:1" wherever it names a payout
 * (docs/rules.md#spot-names-on-the-table).
 */

/** The two numbers of a payout label: what one unit staked wins, and that unit. */
export interface PayoutRatio {
  readonly win: number;
  readonly per: number;
}

const LABEL = /^(\d+(?:\.\d+)?):(\d+)$/;

/** "0.95:1" → { win: 0.95, per: 1 }; null for anything that is not a payout label. */
export function parsePayoutLabel(label: string): PayoutRatio | null {
  const m = LABEL.exec(label.trim());
  return m ? { win: Number(m[1]), per: Number(m[2]) } : null;
}

/** One number of a ratio in the locale: up to four decimals (commissions are whole-percent or finer). */
export function formatRatioNumber(n: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 4, useGrouping: false }).format(n);
}

/**
 * A payout label in the locale: ("0.95:1", "de") → "0,95:1", ("8:1", "en") → "8:1". A label that
 * does not parse is shown as it came, so a wrong figure is visible rather than hidden.
 */
export function formatPayoutLabel(label: string, locale: string): string {
  const r = parsePayoutLabel(label);
  return r ? `${formatRatioNumber(r.win, locale)}:${formatRatioNumber(r.per, locale)}` : label;
}
