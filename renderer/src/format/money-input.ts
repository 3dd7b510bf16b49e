/**
 * Amounts typed by staff, in major units of the venue currency, with the decimal and group signs of the
 * screen's language (docs/venue-config.md#amounts-on-the-configuration-screen): "1.000.000,00" in de,
 * "1,000,000.00" in en, "1 000 000,00" in sv, fi and cs. The text becomes minor units by integer arithmetic
 * on its digits (BigInt), never through a float, and over-long input is refused before any number is made,
 * so 99999999999999999 can never turn into 100000000000000000.
 */
import { splitMinor } from './money.ts';

/** The signs a locale writes numbers with: "," and "." in en, "." and "," in de, a space and "," in sv. */
export interface NumberSigns {
  readonly decimal: string;
  readonly group: string;
}

/** Why a typed amount is not one: each has its own sentence (staff.amount.*). */
export type AmountProblem = 'empty' | 'not-an-amount' | 'grouping' | 'too-many-decimals' | 'too-large';

export type ParsedAmount =
  { readonly ok: true; readonly minor: number } | { readonly ok: false; readonly problem: AmountProblem };

/** Spaces a group may be written with: the plain one a pad types, and the no-break ones Intl writes. */
const SPACES = ' \u00a0\u202f\u2009';
/** More typed characters than any amount in range needs, with every group sign: refused as too large. */
const MAX_TYPED = 32;

const signsByLocale = new Map<string, NumberSigns>();
export function numberSigns(locale: string): NumberSigns {
  let signs = signsByLocale.get(locale);
  if (!signs) {
    const parts = new Intl.NumberFormat(locale, { numberingSystem: 'latn', useGrouping: true }).formatToParts(
      1234567.5,
    );
    signs = {
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
    };
    signsByLocale.set(locale, signs);
  }
  return signs;
}

const isSpace = (c: string): boolean => SPACES.includes(c);

/** The amount as staff edit it: grouped, with every minor digit and no currency ("1.000.000,00" in de). */
export function amountInputText(minor: number, locale: string, minorDigits: number): string {
  const split = splitMinor(minor, minorDigits);
  if (!split) return '';
  const { decimal, group } = numberSigns(locale);
  const whole = split.whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${split.negative ? '-' : ''}${whole}${split.fraction ? decimal + split.fraction : ''}`;
}

/**
 * Typed text → whole minor units. Only digits, the locale's decimal sign and its group sign (any space where
 * the group is a space) are taken; groups after the first must have three digits, so "1.5" in de or "1,00"
 * in en is ambiguous, not a guess. More fraction digits than the currency has are refused, not rounded.
 */
export function parseAmount(text: string, locale: string, minorDigits: number): ParsedAmount {
  const { decimal, group } = numberSigns(locale);
  const spaceGroup = isSpace(group);
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problem: 'empty' };
  const isGroup = (c: string): boolean => (spaceGroup ? isSpace(c) : c === group);
  for (const c of trimmed) {
    if (!/[0-9]/.test(c) && c !== decimal && !isGroup(c)) {
      // The other locales' decimal or group sign: a number written the other way round.
      return { ok: false, problem: /[.,\s\u00a0\u202f\u2009]/.test(c) ? 'grouping' : 'not-an-amount' };
    }
  }
  if (trimmed.length > MAX_TYPED) return { ok: false, problem: 'too-large' };
  const halves = trimmed.split(decimal);
  if (halves.length > 2) return { ok: false, problem: 'grouping' };
  const [wholeText = '', fraction = ''] = halves;
  if (wholeText === '' && fraction === '') return { ok: false, problem: 'not-an-amount' };
  if ([...fraction].some(isGroup)) return { ok: false, problem: 'grouping' };
  const groups = spaceGroup ? wholeText.split(/[ \u00a0\u202f\u2009]/) : wholeText.split(group);
  const grouped = groups.length > 1;
  if (grouped && !groups.every((g, i) => (i === 0 ? /^\d{1,3}$/.test(g) : /^\d{3}$/.test(g)))) {
    return { ok: false, problem: 'grouping' };
  }
  if (fraction.length > minorDigits) return { ok: false, problem: 'too-many-decimals' };
  const whole = groups.join('').replace(/^0+(?=\d)/, '');
  // Anything over 16 whole digits is above every safe integer whatever the minor digits: no BigInt needed.
  if (whole.length > 16) return { ok: false, problem: 'too-large' };
  const minor = BigInt(whole || '0') * 10n ** BigInt(minorDigits) + BigInt(fraction.padEnd(minorDigits, '0') || '0');
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, problem: 'too-large' };
  return { ok: true, minor: Number(minor) };
}
