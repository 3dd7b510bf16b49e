import { describe, expect, it } from 'vitest';
import { messages, LOCALES } from '../i18n/index.ts';
import { countForm, millisecondsText, secondsText } from './stadium-words.ts';

/** The terminal count as the screen words it, filled in the way vue-i18n fills {n}. */
const terminals = (locale: (typeof LOCALES)[number], n: number): string =>
  messages[locale].stadium.terminals[countForm(locale, n)].replace('{n}', String(n));

describe('the stadium screens word their figures in each language’s own forms', () => {
  it('Czech counts one, a few and many terminals in three forms', () => {
    expect(terminals('cs', 1)).toBe('1 terminál u tohoto stolu');
    expect(terminals('cs', 3)).toBe('3 terminály u tohoto stolu');
    expect(terminals('cs', 5)).toBe('5 terminálů u tohoto stolu');
    expect(terminals('cs', 22)).toBe('22 terminálů u tohoto stolu');
  });

  it('every other language has a singular and a plural form', () => {
    expect(terminals('en', 1)).toBe('1 terminal at this table');
    expect(terminals('en', 2)).toBe('2 terminals at this table');
    expect(terminals('fi', 1)).toBe('1 pelipääte tässä pöydässä');
    expect(terminals('fi', 20)).toBe('20 pelipäätettä tässä pöydässä');
    expect(terminals('de', 1)).not.toBe(terminals('de', 2).replace('2', '1'));
  });

  it('no language but English says the English sentences of the stadium screens', () => {
    const english = messages.en.stadium;
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const own = messages[locale].stadium;
      for (const key of ['closesIn', 'waiting', 'locked', 'skip', 'closing'] as const)
        expect(own[key], `${locale}:${key}`).not.toBe(english[key]);
      expect(own.unreachable.title, locale).not.toBe(english.unreachable.title);
    }
  });

  it('seconds and milliseconds carry the locale’s unit and never break from their figure', () => {
    for (const locale of LOCALES) {
      expect(secondsText(locale, 12)).toMatch(/^12\u00a0\S+$/);
      expect(millisecondsText(locale, 40.4)).toMatch(/^40\u00a0\S+$/);
    }
  });
});
