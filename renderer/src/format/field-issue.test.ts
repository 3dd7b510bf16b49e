import { describe, expect, it } from 'vitest';
import { createI18n } from 'vue-i18n';
import { LOCALES, messages, type Locale } from '../i18n/index.ts';
import { FIELD_RULES, type FieldIssue } from '../stores/staff-types.ts';
import { fieldIssueText, fieldLabel, fieldProblemText } from './field-issue.ts';

function translator(locale: Locale): {
  t: (key: string, named?: Record<string, unknown>) => string;
  te: (key: string) => boolean;
} {
  const i18n = createI18n({ legacy: false, locale, fallbackLocale: 'en', messages, missingWarn: false });
  return {
    t: (key, named) => i18n.global.t(key, named ?? {}),
    te: (key) => i18n.global.te(key, locale),
  };
}

/** One issue per rule, as main would report it for a real field of the venue config. */
const ISSUES: Record<(typeof FIELD_RULES)[number], FieldIssue> = {
  required: { path: 'currency.code', rule: 'required' },
  type: { path: 'demoMode', rule: 'type' },
  integer: { path: 'profile.decks', rule: 'integer' },
  min: { path: 'limits.spots.tie.minMinor', rule: 'min', limit: 100 },
  max: { path: 'profile.decks', rule: 'max', limit: 8 },
  enum: { path: 'defaultLanguage', rule: 'enum', allowed: ['en', 'sv', 'de'] },
  pattern: { path: 'currency.code', rule: 'pattern' },
  increasing: { path: 'limits.chipDenominationsMinor', rule: 'increasing' },
  unique: { path: 'billChannels', rule: 'unique' },
  relation: { path: 'limits.spots.player.maxMinor', rule: 'relation', other: 'limits.tableMaxMinor' },
  'unknown-field': { path: 'limits.extra', rule: 'unknown-field' },
  'not-offered': {
    path: 'limits.sideBets.dragon-7',
    rule: 'not-offered',
    other: 'profile.variant',
    bet: 'dragon-7',
    variant: 'no-commission',
  },
  'below-minimum-rtp': {
    path: 'limits.sideBets.lucky-6',
    rule: 'below-minimum-rtp',
    bet: 'lucky-6',
    limit: 92,
    rtpPercent: 89.38,
  },
};

describe('a config field problem is said in the screen language, from its structured rule', () => {
  for (const locale of LOCALES) {
    const { t, te } = translator(locale);
    it(`${locale}: every rule has its own sentence, with its limit, values or other field filled in`, () => {
      const seen = new Set<string>();
      for (const rule of FIELD_RULES) {
        const text = fieldIssueText(ISSUES[rule], t, te);
        expect(text.length, `${locale}:${rule}`).toBeGreaterThan(3);
        expect(text, `${locale}:${rule}`).not.toMatch(/[{}]|staff\.rule/);
        seen.add(text);
      }
      expect(seen.size).toBe(FIELD_RULES.length);
      expect(fieldIssueText(ISSUES.min, t, te)).toContain('1.00'); // a money field's limit, from minor units
      expect(fieldIssueText(ISSUES.max, t, te)).toContain('8');
      expect(fieldIssueText(ISSUES.enum, t, te)).toContain('en, sv, de');
      expect(fieldIssueText(ISSUES.relation, t, te)).toContain(fieldLabel('limits.tableMaxMinor', t, te));
      // A relation with the other field's value names it, as money for a money field.
      const withValue = fieldIssueText({ ...ISSUES.relation, limit: 100_000 }, t, te);
      expect(withValue).toContain('1000.00');
      expect(withValue).toContain(fieldLabel('limits.tableMaxMinor', t, te));
      // A side-bet refusal names the bet in the screen language, and the variant or both returns.
      const lucky6 = messages[locale].sideBets.name['lucky-6'];
      expect(fieldProblemText(ISSUES['below-minimum-rtp'], t, te)).toContain(lucky6);
      expect(fieldIssueText(ISSUES['below-minimum-rtp'], t, te)).toMatch(/89\.38 ?%.*92\.00 ?%/);
      expect(fieldIssueText(ISSUES['not-offered'], t, te)).toContain(messages[locale].sideBets.name['dragon-7']);
      expect(fieldIssueText(ISSUES['not-offered'], t, te)).toContain(
        messages[locale].sideBets.variant['no-commission'],
      );
    });
  }

  it('a rule main adds later is still shown in words, not as a key', () => {
    const { t, te } = translator('de');
    const text = fieldIssueText({ path: 'x', rule: 'brand-new' as FieldIssue['rule'] }, t, te);
    expect(text).toBe(messages.de.staff.rule.unknown);
  });

  it('labels name the spot and the list position', () => {
    const { t, te } = translator('en');
    expect(fieldLabel('limits.spots.tie.maxMinor', t, te)).toBe('Tie · Maximum bet');
    expect(fieldLabel('billChannels.2.valueMinor', t, te)).toBe('Note value · #3');
    expect(fieldLabel('somethingNew', t, te)).toBe('somethingNew');
  });
});

describe('a problem with the whole file is said without a field name', () => {
  for (const locale of LOCALES) {
    it(`${locale}: an imported file that is not JSON says so, not "wrong kind of value"`, () => {
      const { t, te } = translator(locale);
      const text = fieldProblemText({ path: '', rule: 'type', other: 'json' }, t, te);
      expect(text).toBe(messages[locale].staff.rule.typeJson);
    });
  }
});
