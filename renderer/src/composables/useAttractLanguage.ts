/**
 * The attract loop speaks each language in turn, one per cycle (docs/venue-config.md#the-attract-loop). The
 * venue names one default language and no list of its own, so the loop opens in the venue's language and then
 * goes through the other five in the order of the language switch. While the loop is up it sets the screen's
 * language (so the cards, the roads and every text on it agree); when it ends, the screen goes back to the
 * player's language, which is the venue's, since attract mode ends the player's session (usePlayerSession.ts).
 */
import { onScopeDispose, watchEffect, type Ref } from 'vue';
import { useI18n } from 'vue-i18n';
import { isLocale, LOCALES, type Locale } from '../i18n/index.ts';
import { useSettingsStore } from '../stores/useSettingsStore.ts';

/** The languages the loop cycles, the venue's first. */
export function attractLanguages(venueLanguage: string): Locale[] {
  const first = isLocale(venueLanguage) ? venueLanguage : LOCALES[0];
  return [first, ...LOCALES.filter((l) => l !== first)];
}

/** The language of cycle `cycle` (0, 1, 2, …). */
export function attractLanguageOf(languages: readonly Locale[], cycle: number): Locale {
  return languages[cycle % languages.length] ?? LOCALES[0];
}

/** Shows cycle `cycle` in its language while the caller lives; then the player's language again. */
export function useAttractLanguage(cycle: Readonly<Ref<number>>): void {
  const { locale } = useI18n();
  const settings = useSettingsStore();
  const show = (l: Locale): void => {
    locale.value = l;
    document.documentElement.lang = l;
  };
  watchEffect(() => show(attractLanguageOf(attractLanguages(settings.venueLanguage), cycle.value)));
  onScopeDispose(() => show(settings.locale));
}
