/**
 * One amount field as staff type it: the typed text checked against the field's range, and what is wrong
 * said in the screen's language with the range in money (docs/venue-config.md#amounts-on-the-configuration-screen).
 * Nothing goes to main while this finds a problem; main still checks every value it is sent.
 */
import { MAX_AMOUNT_MINOR } from '../../../electron/core/money/minor-units.ts';
import { amountInputText, parseAmount, type AmountProblem } from './money-input.ts';

export interface AmountRange {
  readonly min: number;
  readonly max: number;
}

/** What the venue config takes for every amount: at least one minor unit, at most the cabinet's largest amount. */
export const CONFIG_AMOUNT_RANGE: AmountRange = { min: 1, max: MAX_AMOUNT_MINOR };

export type AmountEntryProblem = AmountProblem | 'below' | 'above';
export type AmountEntry =
  { readonly ok: true; readonly minor: number } | { readonly ok: false; readonly problem: AmountEntryProblem };

export function checkAmountEntry(text: string, locale: string, minorDigits: number, range: AmountRange): AmountEntry {
  const parsed = parseAmount(text, locale, minorDigits);
  if (!parsed.ok) return parsed.problem === 'too-large' ? { ok: false, problem: 'above' } : parsed;
  if (parsed.minor < range.min) return { ok: false, problem: 'below' };
  if (parsed.minor > range.max) return { ok: false, problem: 'above' };
  return parsed;
}

/** What the sentences need: the translator, the screen's money formatter, its locale and the currency's digits. */
export interface AmountWords {
  readonly t: (key: string, named?: Record<string, unknown>) => string;
  readonly money: (minor: number) => string;
  readonly locale: string;
  readonly minorDigits: number;
}

/** An amount typed the way this screen writes them, for the examples in the sentences: 1.234,56 in de. */
export function amountExample(words: Pick<AmountWords, 'locale' | 'minorDigits'>): string {
  return amountInputText(123_456 * 10 ** Math.max(0, words.minorDigits - 2), words.locale, words.minorDigits);
}

/** The problem in words, without the field's name: "at most 100.000.000,00 €". */
export function amountProblemText(
  problem: AmountEntryProblem,
  text: string,
  range: AmountRange,
  w: AmountWords,
): string {
  const named = {
    min: w.money(range.min),
    max: w.money(range.max),
    example: amountExample(w),
    digits: w.minorDigits,
    text: text.trim(),
  };
  switch (problem) {
    case 'empty':
      return w.t('staff.amount.empty', named);
    case 'not-an-amount':
      return w.t('staff.amount.notAnAmount', named);
    case 'grouping':
      return w.t('staff.amount.grouping', named);
    case 'too-many-decimals':
      return w.t(w.minorDigits === 0 ? 'staff.amount.noDecimals' : 'staff.amount.decimals', named);
    case 'below':
      return w.t('staff.amount.atLeast', named);
    case 'above':
    case 'too-large':
      return w.t('staff.amount.atMost', named);
  }
}
