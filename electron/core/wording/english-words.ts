/**
 * The journal's codes in English for the exports (CSV and JSON of the event log and game recall): the staff menu's
 * English table (staff-words-en.ts) read with vue-i18n's `{name}` placeholders, so a file and the screen in English
 * say the same words (docs/cabinet-rules.md#game-recall).
 */
import { formatMinor } from '../money/minor-units.ts';
import type { Translator } from './coded-words.ts';
import STAFF_EN from './staff-words-en.ts';

const TABLE: Readonly<Record<string, unknown>> = { staff: STAFF_EN };

function lookup(key: string): string | undefined {
  let node: unknown = TABLE;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** An English reader of the staff table; amounts as plain digits in minor-unit precision (12.50). */
export function englishWords(money: (minor: number) => string = formatMinor): Translator {
  return {
    t: (key, params) =>
      (lookup(key) ?? key).replace(/\{(\w+)\}/g, (whole, name: string) =>
        params && name in params ? String(params[name]) : whole,
      ),
    te: (key) => lookup(key) !== undefined,
    money,
  };
}
