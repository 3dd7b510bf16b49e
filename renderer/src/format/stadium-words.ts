/**
 * Figures on the stadium screens in the screen's language: seconds and milliseconds with the locale's own unit
 * words (Intl), and the terminal count's sentence chosen by the locale's plural rules. The message tree has one
 * key per plural category that any of the six languages uses for whole numbers (one, few, other).
 */
export type CountForm = 'one' | 'few' | 'other';

/** The plural category of `n` in `locale`, among the forms the message tree holds. */
export function countForm(locale: string, n: number): CountForm {
  const form = new Intl.PluralRules(locale).select(n);
  return form === 'one' || form === 'few' ? form : 'other';
}

function unit(locale: string, name: 'second' | 'millisecond', value: number): string {
  // No-break spaces: the figure and its unit never part at a line end.
  return new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' })
    .format(value)
    .replace(/ /g, '\u00a0');
}

/** "12 sec", "12 Sek.", "12 s": the countdown's figure. */
export function secondsText(locale: string, seconds: number): string {
  return unit(locale, 'second', seconds);
}

/** The link's lag for the staff menu. */
export function millisecondsText(locale: string, ms: number): string {
  return unit(locale, 'millisecond', Math.round(ms));
}
