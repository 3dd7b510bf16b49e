import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createI18n } from 'vue-i18n';
import { LOCALES, messages, type Locale } from '../i18n/index.ts';
import { FIELD_RULES, type FieldIssue } from '../stores/staff-types.ts';
import {
  amountProblemText,
  checkAmountEntry,
  CONFIG_AMOUNT_RANGE,
  type AmountEntryProblem,
  type AmountWords,
} from './amount-entry.ts';
import { fieldProblemText, oneIssuePerField } from './field-issue.ts';
import { formatMoney } from './money.ts';

const EUR = { code: 'EUR', minorDigits: 2 };

function wordsIn(locale: Locale): AmountWords & { te: (key: string) => boolean } {
  const i18n = createI18n({ legacy: false, locale, fallbackLocale: 'en', messages, missingWarn: false });
  return {
    t: (key, named) => i18n.global.t(key, named ?? {}),
    te: (key) => i18n.global.te(key, locale),
    money: (minor) => formatMoney(minor, EUR, locale),
    locale,
    minorDigits: 2,
  };
}

const PROBLEMS: ReadonlyArray<[string, AmountEntryProblem]> = [
  ['', 'empty'],
  ['12a', 'not-an-amount'],
  ['1,2,3', 'grouping'],
  ['999999999999', 'above'],
  ['0', 'below'],
];

/** A field's problem as the technician reads it: the field's name, then one sentence. */
const tableMaxProblem = (w: ReturnType<typeof wordsIn>, issue: Omit<FieldIssue, 'path'>): string =>
  fieldProblemText({ path: 'limits.tableMaxMinor', ...issue }, w.t, w.te, w.money);

/** Words these languages share with English by origin ("Format" in de and sv, "maximum" in cs): not English on the screen. */
const SHARED = new Set(['format', 'maximum']);

/** The words of the English sentences, to be found in no other language's. */
function englishWords(): Set<string> {
  const w = wordsIn('en');
  const texts = [
    ...Object.values(messages.en.staff.amount),
    ...Object.values(messages.en.staff.rule),
    tableMaxProblem(w, { rule: 'type' }),
  ];
  const words = texts.flatMap((s) => s.replace(/\{[a-z]+\}/g, ' ').match(/[A-Za-z]{4,}/g) ?? []);
  return new Set(words.map((x) => x.toLowerCase()).filter((x) => !SHARED.has(x)));
}

describe('an amount field says what is wrong in one sentence: its name and the allowed range in money', () => {
  it('checks the range after the text: below one cent and above the largest amount are refused', () => {
    expect(checkAmountEntry('0,01', 'de', 2, CONFIG_AMOUNT_RANGE)).toEqual({ ok: true, minor: 1 });
    expect(checkAmountEntry('100.000.000,00', 'de', 2, CONFIG_AMOUNT_RANGE)).toEqual({ ok: true, minor: 10 ** 10 });
    expect(checkAmountEntry('100.000.000,01', 'de', 2, CONFIG_AMOUNT_RANGE)).toEqual({ ok: false, problem: 'above' });
    expect(checkAmountEntry('99999999999999999', 'de', 2, CONFIG_AMOUNT_RANGE)).toEqual({
      ok: false,
      problem: 'above',
    });
    expect(checkAmountEntry('0', 'de', 2, CONFIG_AMOUNT_RANGE)).toEqual({ ok: false, problem: 'below' });
  });

  it('an absurd table maximum in German reads as its name and the limit in euros, nothing else', () => {
    const de = wordsIn('de');
    const entry = checkAmountEntry('99999999999999999', 'de', 2, CONFIG_AMOUNT_RANGE);
    expect(entry.ok).toBe(false);
    if (entry.ok) return;
    const text = amountProblemText(entry.problem, '99999999999999999', CONFIG_AMOUNT_RANGE, de);
    expect(text).toBe('höchstens 100.000.000,00\u00a0€');
    // Main's two bounds for the same value (zod's safe-integer bound and the cabinet's) become the one tighter.
    const issues: FieldIssue[] = [
      { path: 'limits.tableMaxMinor', rule: 'max', limit: Number.MAX_SAFE_INTEGER },
      { path: 'limits.tableMaxMinor', rule: 'max', limit: 10 ** 10 },
    ];
    const [one, ...more] = oneIssuePerField(issues);
    expect(more).toEqual([]);
    expect(fieldProblemText(one!, de.t, de.te, de.money)).toBe('Tischmaximum: höchstens 100.000.000,00\u00a0€');
  });

  it('an empty or non-whole amount from main asks for an amount in range, never "Wrong kind of value"', () => {
    const en = wordsIn('en');
    for (const rule of ['type', 'required', 'integer'] as const) {
      expect(tableMaxProblem(en, { rule })).toBe('Table maximum: enter an amount from €0.01 to €100,000,000.00');
    }
  });

  for (const locale of LOCALES) {
    it(`${locale}: every problem has its own sentence, with the money of the screen and no placeholder left`, () => {
      const w = wordsIn(locale);
      const seen = new Set<string>();
      for (const [text, problem] of PROBLEMS) {
        const entry = checkAmountEntry(text, locale, 2, CONFIG_AMOUNT_RANGE);
        expect(entry, `${locale} ${text}`).toEqual({ ok: false, problem });
        const sentence = amountProblemText(problem, text, CONFIG_AMOUNT_RANGE, w);
        expect(sentence).not.toMatch(/[{}]|staff\./);
        seen.add(sentence);
      }
      expect(seen.size).toBe(PROBLEMS.length);
      expect(amountProblemText('above', '', CONFIG_AMOUNT_RANGE, w)).toContain(formatMoney(10 ** 10, EUR, locale));
      expect(amountProblemText('empty', '', CONFIG_AMOUNT_RANGE, w)).toContain(formatMoney(1, EUR, locale));
      expect(amountProblemText('too-many-decimals', '', CONFIG_AMOUNT_RANGE, w)).toContain('2');
      expect(amountProblemText('too-many-decimals', '', CONFIG_AMOUNT_RANGE, { ...w, minorDigits: 0 })).not.toBe(
        amountProblemText('too-many-decimals', '', CONFIG_AMOUNT_RANGE, w),
      );
    });
  }

  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    it(`${locale}: no English word in an amount or field problem`, () => {
      const english = englishWords();
      const w = wordsIn(locale);
      const sentences = [
        ...PROBLEMS.map(([text, problem]) => amountProblemText(problem, text, CONFIG_AMOUNT_RANGE, w)),
        ...FIELD_RULES.map((rule) => tableMaxProblem(w, { rule, limit: 500 })),
        ...FIELD_RULES.map((rule) => fieldProblemText({ path: 'profile.decks', rule, limit: 8 }, w.t, w.te, w.money)),
      ];
      for (const sentence of sentences) {
        const found = (sentence.match(/[A-Za-zÀ-ž]{4,}/g) ?? []).filter((x) => english.has(x.toLowerCase()));
        expect(found, `${locale}: ${sentence}`).toEqual([]);
      }
    });
  }

  it('one problem per field, whatever main reports, and every field with a problem keeps one', () => {
    const rule = fc.constantFrom(...FIELD_RULES);
    const issue = fc.record({
      path: fc.constantFrom('limits.tableMaxMinor', 'profile.decks', 'limits.spots.tie.maxMinor'),
      rule,
      limit: fc.option(fc.integer({ min: 1, max: 10 ** 10 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(issue, { maxLength: 12 }), (issues) => {
        const clean = issues.map((i) => (i.limit === undefined ? { path: i.path, rule: i.rule } : i));
        const one = oneIssuePerField(clean);
        expect(one.map((i) => i.path).sort()).toEqual([...new Set(clean.map((i) => i.path))].sort());
      }),
    );
  });
});
