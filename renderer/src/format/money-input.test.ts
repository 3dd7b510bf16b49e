import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../i18n/index.ts';
import { MAX_AMOUNT_MINOR } from '../../../electron/core/money/minor-units.ts';
import { formatMoney } from './money.ts';
import { amountInputText, numberSigns, parseAmount } from './money-input.ts';

const DIGITS = [0, 2, 3] as const;

describe('an amount typed in major units, with the signs of the screen language', () => {
  it('takes each language its own way, grouped or not', () => {
    expect(parseAmount('1.000.000,00', 'de', 2)).toEqual({ ok: true, minor: 100_000_000 });
    expect(parseAmount('1000000,00', 'de', 2)).toEqual({ ok: true, minor: 100_000_000 });
    expect(parseAmount('1,000,000.00', 'en', 2)).toEqual({ ok: true, minor: 100_000_000 });
    expect(parseAmount('1 000 000,00', 'sv', 2)).toEqual({ ok: true, minor: 100_000_000 });
    expect(parseAmount('1\u00a0000\u00a0000,5', 'cs', 2)).toEqual({ ok: true, minor: 100_000_050 });
    expect(parseAmount('0,30', 'nl', 2)).toEqual({ ok: true, minor: 30 });
    expect(parseAmount(',5', 'fi', 2)).toEqual({ ok: true, minor: 50 });
    expect(parseAmount('1.250', 'en', 3)).toEqual({ ok: true, minor: 1250 });
    expect(parseAmount('1,250', 'en', 0)).toEqual({ ok: true, minor: 1250 });
  });

  it('refuses what could be read two ways instead of guessing', () => {
    expect(parseAmount('1.5', 'de', 2)).toEqual({ ok: false, problem: 'grouping' });
    expect(parseAmount('1,00', 'en', 2)).toEqual({ ok: false, problem: 'grouping' });
    expect(parseAmount('1,000.00', 'de', 2)).toEqual({ ok: false, problem: 'grouping' });
    expect(parseAmount('1.000.000,00', 'en', 2)).toEqual({ ok: false, problem: 'grouping' });
    expect(parseAmount('1 000', 'en', 2)).toEqual({ ok: false, problem: 'grouping' });
    expect(parseAmount('10,000', 'fi', 2)).toEqual({ ok: false, problem: 'too-many-decimals' });
  });

  it('refuses more decimals than the currency has, rather than rounding them', () => {
    expect(parseAmount('1,005', 'de', 2)).toEqual({ ok: false, problem: 'too-many-decimals' });
    expect(parseAmount('12.5', 'en', 0)).toEqual({ ok: false, problem: 'too-many-decimals' });
  });

  it('refuses empty text, signs, exponents and letters', () => {
    for (const text of ['', '   ']) expect(parseAmount(text, 'en', 2)).toEqual({ ok: false, problem: 'empty' });
    for (const text of ['-5', '1e5', 'abc', '5€', '+3', '.']) {
      expect(parseAmount(text, 'en', 2), text).toEqual({ ok: false, problem: 'not-an-amount' });
    }
  });

  it('refuses an over-long amount before any number is made: 99999999999999999 never becomes 10^17', () => {
    expect(parseAmount('99999999999999999', 'en', 2)).toEqual({ ok: false, problem: 'too-large' });
    expect(parseAmount('90071992547409,92', 'de', 2)).toEqual({ ok: false, problem: 'too-large' });
    expect(parseAmount('90071992547409,91', 'de', 2)).toEqual({ ok: true, minor: Number.MAX_SAFE_INTEGER });
    expect(parseAmount('9'.repeat(400), 'en', 2)).toEqual({ ok: false, problem: 'too-large' });
  });

  for (const locale of LOCALES) {
    it(`${locale}: every whole amount in range round-trips through its typed text, exactly`, () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: MAX_AMOUNT_MINOR }), fc.constantFrom(...DIGITS), (minor, digits) => {
          expect(parseAmount(amountInputText(minor, locale, digits), locale, digits)).toEqual({ ok: true, minor });
        }),
      );
    });

    it(`${locale}: the meters' own money text, without its currency, reads back as the same amount`, () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: MAX_AMOUNT_MINOR }), (minor) => {
          const { decimal, group } = numberSigns(locale);
          const text = formatMoney(minor, { code: 'EUR', minorDigits: 2 }, locale).replace(
            new RegExp(`[^0-9${decimal === '.' ? '\\.' : decimal}${group === '.' ? '\\.' : group} \u00a0\u202f]`, 'g'),
            '',
          );
          expect(parseAmount(text, locale, 2)).toEqual({ ok: true, minor });
        }),
      );
    });
  }

  it('whatever is typed, the answer is a safe whole number of minor units or a named problem', () => {
    const typed = fc.stringMatching(/^[0-9., \u00a0a-z-]{0,40}$/);
    fc.assert(
      fc.property(typed, fc.constantFrom(...LOCALES), fc.constantFrom(...DIGITS), (text, locale, digits) => {
        const parsed = parseAmount(text, locale, digits);
        if (parsed.ok) {
          expect(Number.isSafeInteger(parsed.minor)).toBe(true);
          expect(parsed.minor).toBeGreaterThanOrEqual(0);
        } else {
          expect(['empty', 'not-an-amount', 'grouping', 'too-many-decimals', 'too-large']).toContain(parsed.problem);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
