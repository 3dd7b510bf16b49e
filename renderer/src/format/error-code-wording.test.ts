import { describe, expect, it } from 'vitest';
import { i18n, LOCALES } from '../i18n/index.ts';
import type { IpcErrorCode } from '../../../electron/ipc/contract.ts';
import { ERROR_WORDING } from './error-code-wording.ts';
import { errorText } from './error-text.ts';

describe('every IPC error code is worded in every language, never shown as main English', () => {
  for (const locale of LOCALES) {
    it(`${locale}: each code's sentence exists and is the one a refusal shows`, () => {
      const { t, te } = i18n.global;
      i18n.global.locale.value = locale;
      for (const code of Object.keys(ERROR_WORDING) as IpcErrorCode[]) {
        const wording = ERROR_WORDING[code];
        expect(te(wording.key), `${locale} has no ${wording.key}`).toBe(true);
        const limit = wording.namesLimit ? { name: 'spot-max', valueMinor: 500 } : undefined;
        const shown = errorText({ code, message: `main: ${code}`, limit }, t, te);
        expect(shown).not.toBe(`main: ${code}`);
      }
      i18n.global.locale.value = 'en';
    });
  }
});
