import { describe, expect, it } from 'vitest';
import { LOCALES } from '../i18n/index.ts';
import { attractLanguageOf, attractLanguages } from './useAttractLanguage.ts';

describe('the attract loop speaks every language in turn, the venue’s first', () => {
  it('opens in the venue’s language, then each of the others once, then again from the venue’s', () => {
    const languages = attractLanguages('de');
    expect(languages[0]).toBe('de');
    expect([...languages].sort()).toEqual([...LOCALES].sort());
    const cycles = Array.from({ length: LOCALES.length * 2 }, (_, c) => attractLanguageOf(languages, c));
    expect(cycles.slice(0, LOCALES.length)).toEqual(languages);
    expect(cycles.slice(LOCALES.length)).toEqual(languages);
  });

  it('a language the screen does not have falls back to the first of the switch', () => {
    expect(attractLanguages('xx')).toEqual([...LOCALES]);
  });
});
