import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { LOCALES } from '../i18n/index.ts';
import { chipLabel, chipsForAmount, formatMinor, formatMoney, formatMoneyParts, splitMinor, sumBets } from './money.ts';

const EUR = { code: 'EUR', minorDigits: 2 };
const SEK = { code: 'SEK', minorDigits: 2 };
const JPY = { code: 'JPY', minorDigits: 0 };
const KWD = { code: 'KWD', minorDigits: 3 };
/** Intl may put a no-break or narrow no-break space where a plain one is written here. */
const plain = (s: string): string => s.replace(/[\u00a0\u202f]/g, ' ');

describe('amounts are shown in the venue currency, in the UI language', () => {
  it('uses the currency symbol, grouping and decimal sign of the locale', () => {
    expect(plain(formatMoney(123_450, SEK, 'de'))).toBe('1.234,50 SEK');
    expect(plain(formatMoney(123_450, SEK, 'sv'))).toBe('1 234,50 kr');
    expect(formatMoney(1250, EUR, 'en')).toBe('€12.50');
    expect(plain(formatMoney(1250, EUR, 'fi'))).toBe('12,50 €');
  });
  it('prints exactly the venue minor digits: EUR 2, JPY 0, KWD 3', () => {
    expect(formatMoney(5, EUR, 'en')).toBe('€0.05');
    expect(formatMoney(1250, JPY, 'en')).toBe('¥1,250');
    expect(plain(formatMoney(1250, KWD, 'en'))).toBe('KWD 1.250');
    expect(plain(formatMoney(5, KWD, 'en'))).toBe('KWD 0.005');
    expect(formatMoney(0, JPY, 'en')).toBe('¥0');
  });
  it('hands out the parts, so a screen can draw the symbol smaller', () => {
    const { parts, text } = formatMoneyParts(123_450, SEK, 'de');
    expect(parts.find((p) => p.type === 'currency')?.value).toBe('SEK');
    expect(parts.map((p) => p.value).join('')).toBe(text);
  });
  it('the digits shown are exactly the integer amount, for every minor-digit count 0–3 and every UI language', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -100_000_000_00, max: 100_000_000_00 }),
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom(...LOCALES),
        fc.constantFrom('EUR', 'SEK', 'JPY', 'CZK', 'KWD'),
        (minor, minorDigits, locale, code) => {
          const { parts, text } = formatMoneyParts(minor, { code, minorDigits }, locale);
          const digits = parts
            .filter((p) => p.type === 'integer' || p.type === 'fraction')
            .map((p) => p.value)
            .join('');
          expect(BigInt(digits)).toBe(BigInt(Math.abs(minor)));
          expect(text.replace(/\D/g, '')).toBe(digits);
          expect(parts.find((p) => p.type === 'fraction')?.value.length ?? 0).toBe(minorDigits);
          expect(parts.some((p) => p.type === 'minusSign')).toBe(minor < 0);
        },
      ),
    );
  });
  it('never prints a figure that is not whole minor units, nor one in a currency Intl does not know', () => {
    expect(formatMoney(0.1 + 0.2, EUR, 'en')).toBe('—');
    expect(formatMoney(100, { code: 'EUR', minorDigits: 4 }, 'en')).toBe('—');
    expect(formatMoney(100, { code: 'E', minorDigits: 2 }, 'en')).toBe('—');
  });
});

describe('the digits are split with integer math', () => {
  it('splits whole and fraction for 0–3 minor digits', () => {
    expect(splitMinor(123_450, 2)).toEqual({ negative: false, whole: '1234', fraction: '50' });
    expect(splitMinor(7, 3)).toEqual({ negative: false, whole: '0', fraction: '007' });
    expect(splitMinor(1250, 0)).toEqual({ negative: false, whole: '1250', fraction: '' });
    expect(splitMinor(-5, 2)).toEqual({ negative: true, whole: '0', fraction: '05' });
  });
  it('plain digits (staff screens) round-trip every amount exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_00 }), fc.integer({ min: 0, max: 3 }), (m, d) => {
        const [major = '', minor = ''] = formatMinor(m, d).split('.');
        expect(minor.length).toBe(d);
        expect(BigInt(major) * 10n ** BigInt(d) + BigInt(minor || '0')).toBe(BigInt(m));
      }),
    );
    expect(formatMinor(12550)).toBe('125.50');
    expect(formatMinor(-5)).toBe('-0.05');
    expect(formatMinor(0.1 + 0.2)).toBe('—');
  });
});

describe('chip labels are in major units of the venue currency', () => {
  it('with 2 minor digits, K for thousands', () => {
    expect(chipLabel(50)).toBe('0.50');
    expect(chipLabel(100)).toBe('1');
    expect(chipLabel(2500)).toBe('25');
    expect(chipLabel(100000)).toBe('1K');
    expect(chipLabel(250000)).toBe('2.5K');
  });
  it('with 0 minor digits (JPY) a chip of 500 is 500, and with 3 (KWD) 1000 is 1', () => {
    expect(chipLabel(500, 0)).toBe('500');
    expect(chipLabel(2500, 0)).toBe('2.5K');
    expect(chipLabel(10_000, 0)).toBe('10K');
    expect(chipLabel(250, 3)).toBe('0.250');
    expect(chipLabel(1000, 3)).toBe('1');
  });
  it("uses the UI language's decimal sign", () => {
    expect(chipLabel(50, 2, 'de')).toBe('0,50');
    expect(chipLabel(2500, 0, 'de')).toBe('2,5K');
    expect(chipLabel(50, 2, 'en')).toBe('0.50');
  });
  it('a label never changes the value: its digits read back as the chip in major units', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000_00 }), fc.integer({ min: 0, max: 3 }), (m, d) => {
        const label = chipLabel(m, d);
        const k = label.endsWith('K');
        const [whole = '', frac = ''] = label.replace('K', '').split('.');
        const unit = 10n ** BigInt(d);
        const scale = k ? 1000n * unit : unit;
        const value = BigInt(whole) * scale + (frac ? (BigInt(frac) * scale) / 10n ** BigInt(frac.length) : 0n);
        expect(value).toBe(BigInt(m));
      }),
    );
  });
  it('an impossible chip shows "?"', () => {
    expect(chipLabel(0)).toBe('?');
    expect(chipLabel(1.5)).toBe('?');
  });
});

describe('chip stack drawn on a spot', () => {
  it('adds up to the amount when not truncated', () => {
    const chips = chipsForAmount(3650, [50, 100, 500, 1000, 2500]);
    expect(chips.reduce((a, b) => a + b, 0)).toBe(3650);
  });
  it('draws at most maxChips', () => {
    expect(chipsForAmount(999_00, [100], 5)).toHaveLength(5);
  });
  it('sums a layout', () => {
    expect(sumBets({ player: 100, tie: 50 })).toBe(150);
    expect(sumBets(null)).toBe(0);
  });
});

describe('a chip rail in a language', () => {
  it('looks the decimal sign up once per language, not once per chip', () => {
    const made = vi.spyOn(Intl, 'NumberFormat');
    try {
      const labels = [50, 250, 250_000, 1_050].map((minor) => chipLabel(minor, 2, 'de-AT'));
      expect(labels).toEqual(['0,50', '2,50', '2,5K', '10,50']);
      expect(made.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      made.mockRestore();
    }
  });
});
