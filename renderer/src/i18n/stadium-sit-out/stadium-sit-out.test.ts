import { createI18n } from 'vue-i18n';
import { describe, expect, it } from 'vitest';
import { STADIUM_SIT_OUTS } from '../../../../electron/core/model/stadium-journal.ts';
import { LOCALES, messages } from '../index.ts';

describe.each(LOCALES)('a stadium terminal tells the player why nothing was locked, in %s', (locale) => {
  const g = createI18n({ legacy: false, locale, fallbackLocale: [], messages, missingWarn: false }).global;

  it('every reason the core records has its own sentence, without code words', () => {
    const sentences = STADIUM_SIT_OUTS.map((reason) => {
      expect(g.te(`stadiumSitOut.${reason}`, locale), `${locale} ${reason}`).toBe(true);
      return g.t(`stadiumSitOut.${reason}`);
    });
    expect(new Set(sentences).size).toBe(STADIUM_SIT_OUTS.length);
    for (const s of sentences) expect(s).not.toMatch(/[{}]|-min|-max|round-in|sat-out/);
  });
});
