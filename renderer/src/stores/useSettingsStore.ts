import { defineStore } from 'pinia';
import { ref, watch } from 'vue';
import { isLocale, type Locale } from '../i18n/index.ts';

const KEY = 'baccarat-kiosk.settings.v1';

interface Saved {
  sound: boolean;
  fastPlay: boolean;
  roads: boolean;
  locale: Locale;
}

function load(): Partial<Saved> {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return {};
    const v = JSON.parse(raw) as Record<string, unknown>;
    return {
      ...(typeof v.sound === 'boolean' ? { sound: v.sound } : {}),
      ...(typeof v.fastPlay === 'boolean' ? { fastPlay: v.fastPlay } : {}),
      ...(typeof v.roads === 'boolean' ? { roads: v.roads } : {}),
      ...(isLocale(v.locale) ? { locale: v.locale } : {}),
    };
  } catch {
    return {};
  }
}

/** Player preferences (docs/rules.md#settings-menu). Presentation only; nothing here touches money. */
export const useSettingsStore = defineStore('settings', () => {
  const saved = load();
  const sound = ref(saved.sound ?? true);
  const fastPlay = ref(saved.fastPlay ?? false);
  const roads = ref(saved.roads ?? true);
  const locale = ref<Locale>(saved.locale ?? 'en');

  watch([sound, fastPlay, roads, locale], () => {
    try {
      localStorage.setItem(
        KEY,
        JSON.stringify({ sound: sound.value, fastPlay: fastPlay.value, roads: roads.value, locale: locale.value }),
      );
    } catch {
      /* storage unavailable: settings last for this session */
    }
  });

  return { sound, fastPlay, roads, locale };
});
