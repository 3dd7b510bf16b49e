import { createI18n } from 'vue-i18n';
import en from './en.ts';
import sv from './sv.ts';
import de from './de.ts';
import fi from './fi.ts';
import nl from './nl.ts';
import cs from './cs.ts';
import type { Messages } from './messages-shape.ts';

export const LOCALES = ['en', 'sv', 'de', 'fi', 'nl', 'cs'] as const;
export type Locale = (typeof LOCALES)[number];

export const messages: Record<Locale, Messages> = { en, sv, de, fi, nl, cs };

export function isLocale(x: unknown): x is Locale {
  return typeof x === 'string' && (LOCALES as readonly string[]).includes(x);
}

export const i18n = createI18n({
  legacy: false,
  locale: 'en',
  fallbackLocale: 'en',
  messages,
});
