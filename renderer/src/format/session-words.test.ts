import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createI18n } from 'vue-i18n';
import { LOCALES, messages } from '../i18n/index.ts';
import { formatMoney } from './money.ts';
import { netKind, netResult, sessionRefusalText, sessionTime } from './session-words.ts';

const EUR = { code: 'EUR', minorDigits: 2 };

describe.each(LOCALES)('the session figures in %s', (locale) => {
  const g = createI18n({ legacy: false, locale, fallbackLocale: [], messages, missingWarn: false }).global;
  const t = (key: string, named?: Record<string, unknown>): string => g.t(key, named ?? {});
  const money = (minor: number): string => formatMoney(minor, EUR, locale);
  const lossWord = t('responsible.loss', { amount: '' }).trim();
  const winWord = t('responsible.win', { amount: '' }).replace('+', '').trim();

  it('a net loss is always worded as a loss with its minus sign, never as a win', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (loss) => {
        const text = netResult(-loss, t, money);
        expect(netKind(-loss)).toBe('loss');
        expect(text).toContain(lossWord);
        expect(text).not.toContain(winWord);
        expect(text).toMatch(/[-−]/);
      }),
    );
  });

  it('a net win says win with its plus, and zero says even', () => {
    expect(netResult(1_250, t, money)).toContain('+');
    expect(netResult(1_250, t, money)).not.toContain(lossWord);
    expect(netKind(0)).toBe('even');
    expect(netResult(0, t, money)).not.toMatch(/[-−+]/);
  });

  it('a session time and every session refusal leave no placeholder', () => {
    const texts = [
      sessionTime(47, t),
      sessionTime(135, t),
      sessionRefusalText({ code: 'session-loss-limit-reached', lossMinor: 20_000, limitMinor: 20_000 }, t, money),
      sessionRefusalText({ code: 'session-time-limit-reached', minutes: 120, limitMinutes: 120 }, t, money),
      sessionRefusalText({ code: 'session-loss-limit-ahead', stakeMinor: 500, leftMinor: 300 }, t, money),
    ];
    for (const text of texts) expect(text).not.toMatch(/[{}]|responsible\./);
    expect(sessionTime(135, t)).toMatch(/2\D+15/);
  });
});
