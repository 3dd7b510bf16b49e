import { defineStore } from 'pinia';
import { computed, ref, watch } from 'vue';
import { isLocale, type Locale } from '../i18n/index.ts';

/** Sound and fast play: the cabinet's own screen preferences, kept across restarts. */
const KEY = 'baccarat-kiosk.settings.v1';
/** The language a player chose: kept for their session only (a reload keeps it, a new session does not). */
const CHOSEN_KEY = 'baccarat-kiosk.language.v1';
/** Whether the player switched the roads on or off: for their session only, like the language. */
const ROADS_KEY = 'baccarat-kiosk.roads.v1';

interface Saved {
  sound: boolean;
  fastPlay: boolean;
}

function load(): Partial<Saved> {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return {};
    const v = JSON.parse(raw) as Record<string, unknown>;
    return {
      ...(typeof v.sound === 'boolean' ? { sound: v.sound } : {}),
      ...(typeof v.fastPlay === 'boolean' ? { fastPlay: v.fastPlay } : {}),
    };
  } catch {
    return {};
  }
}

function loadChosen(): Locale | null {
  try {
    const v = sessionStorage.getItem(CHOSEN_KEY);
    return isLocale(v) ? v : null;
  } catch {
    return null;
  }
}

function loadChosenRoads(): boolean | null {
  try {
    const v = sessionStorage.getItem(ROADS_KEY);
    return v === 'on' ? true : v === 'off' ? false : null;
  } catch {
    return null;
  }
}

function saveChosenRoads(on: boolean | null): void {
  try {
    if (on === null) sessionStorage.removeItem(ROADS_KEY);
    else sessionStorage.setItem(ROADS_KEY, on ? 'on' : 'off');
  } catch {
    /* storage unavailable: the choice lasts while the page does */
  }
}

function saveChosen(l: Locale | null): void {
  try {
    if (l === null) sessionStorage.removeItem(CHOSEN_KEY);
    else sessionStorage.setItem(CHOSEN_KEY, l);
  } catch {
    /* storage unavailable: the choice lasts while the page does */
  }
}

/**
 * Player preferences (docs/rules.md#settings-menu). Presentation only; nothing here touches money.
 * The language is the venue's default (docs/venue-config.md#the-players-table) until the player picks
 * one; the pick holds for their session and `endSession` returns the screen to the venue default. The roads
 * work the same way: the venue's `roads.shownByDefault` until the player switches them, for their session.
 */
export const useSettingsStore = defineStore('settings', () => {
  const saved = load();
  const sound = ref(saved.sound ?? true);
  const fastPlay = ref(saved.fastPlay ?? false);
  /** Whether the venue shows the roads to a new player, as main last reported it. */
  const venueRoads = ref(true);
  /** The player's own switch of the roads in this session; null: the venue default shows. */
  const chosenRoads = ref<boolean | null>(loadChosenRoads());
  const roads = computed<boolean>({
    get: () => chosenRoads.value ?? venueRoads.value,
    set: (on) => {
      chosenRoads.value = on;
      saveChosenRoads(on);
    },
  });
  /** The venue's default language, as main last reported it. */
  const venueLanguage = ref<Locale>('en');
  /** The language the player chose in this session; null: none, the venue default shows. */
  const chosenLocale = ref<Locale | null>(loadChosen());

  /** What the screen shows. Setting it is the player's explicit choice. */
  const locale = computed<Locale>({
    get: () => chosenLocale.value ?? venueLanguage.value,
    set: (l) => {
      if (!isLocale(l)) return;
      chosenLocale.value = l;
      saveChosen(l);
    },
  });

  function setVenueLanguage(l: string): void {
    if (isLocale(l)) venueLanguage.value = l;
  }

  function setVenueRoads(on: boolean): void {
    venueRoads.value = on;
  }

  /** A player's session is over: the next player starts in the venue's language, with the venue's roads. */
  function endSession(): void {
    chosenLocale.value = null;
    saveChosen(null);
    chosenRoads.value = null;
    saveChosenRoads(null);
  }

  watch([sound, fastPlay], () => {
    try {
      localStorage.setItem(KEY, JSON.stringify({ sound: sound.value, fastPlay: fastPlay.value }));
    } catch {
      /* storage unavailable: settings last for this session */
    }
  });

  return {
    sound,
    fastPlay,
    roads,
    chosenRoads,
    locale,
    venueLanguage,
    chosenLocale,
    setVenueLanguage,
    setVenueRoads,
    endSession,
  };
});
