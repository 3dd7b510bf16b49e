import { describe, expect, it } from 'vitest';
import { createI18n } from 'vue-i18n';
import { LOCALES, messages, type Locale } from '../i18n/index.ts';
import { auditValueText, configValueText } from './config-value.ts';
import { formatMoney } from './money.ts';

const EUR = { code: 'EUR', minorDigits: 2 };

function screen(locale: Locale): { t: (key: string) => string; money: (minor: number) => string } {
  const i18n = createI18n({ legacy: false, locale, fallbackLocale: 'en', messages, missingWarn: false });
  return { t: (key) => i18n.global.t(key), money: (minor) => formatMoney(minor, EUR, locale) };
}

describe('a config value reads the same in the confirm dialog and the audit trail: amounts as money', () => {
  for (const locale of LOCALES) {
    it(`${locale}: the audit's stored 10000 → 20000 reads as the money the confirm dialog showed`, () => {
      const { t, money } = screen(locale);
      for (const [key, minor] of [
        ['limits.tableMaxMinor', 10_000],
        ['limits.chipDenominationsMinor.3', 2_500],
        ['billChannels.0.valueMinor', 50_000],
      ] as const) {
        const shown = configValueText(key, minor, money, t);
        expect(shown).toBe(formatMoney(minor, EUR, locale));
        expect(auditValueText(key, JSON.stringify(minor), money, t)).toBe(shown);
        expect(shown).not.toBe(String(minor));
      }
      expect(auditValueText('limits.chipDenominationsMinor', '[10,50]', money, t)).toBe(`${money(10)}, ${money(50)}`);
    });
  }

  it('a field that was absent, a switch and a write-only key are words, not JSON or "None"', () => {
    const { t, money } = screen('de');
    expect(auditValueText('limits.tableMaxMinor', 'absent', money, t)).toBe('—');
    expect(auditValueText('demoMode', 'true', money, t)).toBe(messages.de.settings.on);
    expect(configValueText('demoMode', false, money, t)).toBe(messages.de.settings.off);
    const key = 'devices.billAcceptor.fixedKeyHex';
    expect(auditValueText(key, 'not set', money, t)).toBe(messages.de.staff.config.secret['not-set']);
    expect(auditValueText(key, 'set (replaced)', money, t)).toBe(messages.de.staff.config.secret.changed);
    expect(configValueText(key, 'set', money, t)).toBe(messages.de.staff.config.secret.set);
    expect(auditValueText('defaultLanguage', '"sv"', money, t)).toBe('sv');
    expect(auditValueText('profile.decks', '8', money, t)).toBe('8');
  });
});
