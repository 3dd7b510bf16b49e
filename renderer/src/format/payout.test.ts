import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { payoutLabel } from '../../../electron/core/engine/payout-label.ts';
import { LOCALES } from '../i18n/index.ts';
import { formatPayoutLabel, parsePayoutLabel } from './payout.ts';

describe('payout ratios in the UI language', () => {
  it('writes the decimal sign of the language, never the core’s dot', () => {
    expect(formatPayoutLabel('0.95:1', 'en')).toBe('0.95:1');
    for (const l of ['sv', 'de', 'fi', 'nl', 'cs']) expect(formatPayoutLabel('0.95:1', l)).toBe('0,95:1');
  });

  it('leaves whole payouts as they are in every language', () => {
    for (const l of LOCALES) {
      expect(formatPayoutLabel('1:1', l)).toBe('1:1');
      expect(formatPayoutLabel('8:1', l)).toBe('8:1');
    }
  });

  it('shows a label it cannot read unchanged', () => {
    expect(formatPayoutLabel('even money', 'de')).toBe('even money');
    expect(parsePayoutLabel('1:')).toBeNull();
  });

  it('shows the figures the core printed for every rule profile, in every language', () => {
    fc.assert(
      fc.property(fc.constantFrom(8 as const, 9 as const), fc.constantFrom(...LOCALES), (tiePays, locale) => {
        const profile = { bankerCommissionPercent: 5 as const, tiePays };
        const decimal = locale === 'en' ? '.' : ',';
        expect(formatPayoutLabel(payoutLabel('banker', profile), locale)).toBe(`0${decimal}95:1`);
        expect(formatPayoutLabel(payoutLabel('tie', profile), locale)).toBe(`${tiePays}:1`);
      }),
    );
  });

  it('keeps the value of any ratio: reading the shown number back gives the core’s number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.constantFrom(...LOCALES), (hundredths, locale) => {
        const win = hundredths / 100;
        const shown = formatPayoutLabel(`${win}:1`, locale);
        const [left, right] = shown.split(':');
        expect(Number(left!.replace(',', '.'))).toBe(win);
        expect(right).toBe('1');
      }),
    );
  });
});
