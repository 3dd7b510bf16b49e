import { describe, expect, it } from 'vitest';
import { createI18n } from 'vue-i18n';
import { messages, LOCALES } from '../i18n/index.ts';
import type { StadiumScene } from './stadium-scene.ts';
import { countForm, millisecondsText, secondsText, stadiumLines } from './stadium-words.ts';

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

describe('the stadium line says what the table does now, in every language', () => {
  const scenes: readonly StadiumScene[] = [
    { kind: 'open', seconds: 12, urgent: false, skipping: false },
    { kind: 'open', seconds: 3, urgent: true, skipping: true },
    { kind: 'closing' },
    { kind: 'locked', round: 41 },
    { kind: 'waiting', skipping: false },
    { kind: 'waiting', skipping: true },
  ];
  for (const locale of LOCALES) {
    const { t } = createI18n({ legacy: false, locale, messages }).global;
    const words = (scene: StadiumScene) => stadiumLines(scene, 21, (k, p) => t(k, p ?? {}), locale);

    it(`${locale}: each state has its own sentence, the countdown its seconds, every one the terminal count`, () => {
      const lines = scenes.map((s) => words(s));
      expect(new Set(lines.map((l) => l.line)).size).toBe(scenes.length);
      expect(lines[0]!.line).toContain(secondsText(locale, 12));
      expect(lines[1]!.line).toContain(secondsText(locale, 3));
      for (const l of lines) expect(l.detail).toContain('21');
      // Sitting out the open round is said under the countdown; taking part is not.
      expect(lines[1]!.detail).toContain(messages[locale].stadium.skippingOpen);
      expect(lines[0]!.detail).not.toContain(messages[locale].stadium.skippingOpen);
      for (const l of lines) expect(l.line).not.toMatch(/[{}]|stadium\./);
    });

    it(`${locale}: a cabinet alone, or a table out of reach, has no line (its own screen speaks)`, () => {
      expect(words({ kind: 'alone' })).toEqual({ line: '', detail: '' });
      expect(words({ kind: 'unreachable', lockedRound: null })).toEqual({ line: '', detail: '' });
    });
  }
});
