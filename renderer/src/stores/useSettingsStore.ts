import { defineStore } from 'pinia';
import { computed, ref, watch } from 'vue';
import type { TableSound, TableSqueeze } from '../../../electron/core/cabinet/cabinet-api.ts';
import { clampVolume, parseSoundSettings, SCHEMA_SOUND_DEFAULTS, type SoundSettings } from '../audio/sound-settings.ts';
import { isLocale, type Locale } from '../i18n/index.ts';

/** Fast play: kept across a reload; it ends with the player's session like everything else here. */
const KEY = 'baccarat-kiosk.settings.v1';
/** The language a player chose: kept for their session only (a reload keeps it, a new session does not). */
const CHOSEN_KEY = 'baccarat-kiosk.language.v1';
/** The sound a player set: for their session only, like the language (docs/sound.md#settings). */
const SOUND_KEY = 'baccarat-kiosk.sound.v1';
/** Whether the player switched the roads on or off: for their session only, like the language. */
const ROADS_KEY = 'baccarat-kiosk.roads.v1';
/** Whether the player switched the squeeze on or off (docs/squeeze.md#the-players-setting): for their session only. */
const SQUEEZE_KEY = 'baccarat-kiosk.squeeze.v1';

interface Saved {
  fastPlay: boolean;
}

function load(): Partial<Saved> {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return {};
    const v = JSON.parse(raw) as Record<string, unknown>;
    return {
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

/** A player's on/off choice kept for their session (the roads, the squeeze); null: none, the venue's holds. */
function loadChosenFlag(key: string): boolean | null {
  try {
    const v = sessionStorage.getItem(key);
    return v === 'on' ? true : v === 'off' ? false : null;
  } catch {
    return null;
  }
}

function saveChosenFlag(key: string, on: boolean | null): void {
  try {
    if (on === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, on ? 'on' : 'off');
  } catch {
    /* storage unavailable: the choice lasts while the page does */
  }
}

function loadSound(): SoundSettings | null {
  try {
    return parseSoundSettings(sessionStorage.getItem(SOUND_KEY));
  } catch {
    return null;
  }
}

function saveSound(settings: SoundSettings | null): void {
  try {
    if (settings === null) sessionStorage.removeItem(SOUND_KEY);
    else sessionStorage.setItem(SOUND_KEY, JSON.stringify(settings));
  } catch {
    /* storage unavailable: the settings last while the page does */
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
 * one; the pick holds for their session and `endSession` returns the screen to the venue default. The
 * sound works the same way (docs/sound.md#settings): the venue's defaults until the player changes one; so
 * do the roads (the venue's `roads.shownByDefault` until the player switches them) and the squeeze (on where the
 * venue offers it, until the player switches it off: docs/squeeze.md#the-players-setting).
 */
export const useSettingsStore = defineStore('settings', () => {
  const saved = load();
  const fastPlay = ref(saved.fastPlay ?? false);
  /** Whether the venue shows the roads to a new player, as main last reported it. */
  const venueRoads = ref(true);
  /** The player's own switch of the roads in this session; null: the venue default shows. */
  const chosenRoads = ref<boolean | null>(loadChosenFlag(ROADS_KEY));
  const roads = computed<boolean>({
    get: () => chosenRoads.value ?? venueRoads.value,
    set: (on) => {
      chosenRoads.value = on;
      saveChosenFlag(ROADS_KEY, on);
    },
  });

  function setVenueRoads(on: boolean): void {
    venueRoads.value = on;
  }

  /** The venue's squeeze (docs/squeeze.md#venue-settings), as main last reported it. */
  const venueSqueeze = ref<TableSqueeze>({ offered: false, timeLimitS: 20 });
  /** The player's own switch of the squeeze in this session; null: on, as the venue offers it. */
  const chosenSqueeze = ref<boolean | null>(loadChosenFlag(SQUEEZE_KEY));
  /** Whether the player's hand is squeezed: only where the venue offers it, and on until the player turns it off. */
  const squeeze = computed<boolean>({
    get: () => venueSqueeze.value.offered && (chosenSqueeze.value ?? true),
    set: (on) => {
      chosenSqueeze.value = on;
      saveChosenFlag(SQUEEZE_KEY, on);
    },
  });
  function setVenueSqueeze(s: TableSqueeze): void {
    venueSqueeze.value = { offered: s.offered, timeLimitS: s.timeLimitS };
  }
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

  /** The venue's sound defaults, as main last reported them. */
  const venueSound = ref<SoundSettings>(SCHEMA_SOUND_DEFAULTS);
  /** The sound the player set in this session; null: none, the venue's defaults hold. */
  const chosenSound = ref<SoundSettings | null>(loadSound());
  /** The sound in force: the player's for their session, else the venue's. */
  const soundSettings = computed<SoundSettings>(() => chosenSound.value ?? venueSound.value);

  /** One of the four sound settings, as a writable value: setting it is the player's choice. */
  function soundSetting<K extends keyof SoundSettings>(key: K, normal: (v: SoundSettings[K]) => SoundSettings[K]) {
    return computed<SoundSettings[K]>({
      get: () => soundSettings.value[key],
      set: (v) => {
        chosenSound.value = { ...soundSettings.value, [key]: normal(v) };
        saveSound(chosenSound.value);
      },
    });
  }
  const asFlag = (v: boolean): boolean => v === true;
  /** All sound on or off (the settings menu's first switch and the table's mute button). */
  const sound = soundSetting('soundOn', asFlag);
  const effects = soundSetting('effectsOn', asFlag);
  const music = soundSetting('musicOn', asFlag);
  const volumePercent = soundSetting('volumePercent', clampVolume);

  function setVenueSound(s: TableSound): void {
    venueSound.value = { ...s, volumePercent: clampVolume(s.volumePercent) };
  }

  /** A player's session is over: the next player starts with the venue's language, sound, roads and squeeze, at normal speed. */
  function endSession(): void {
    chosenLocale.value = null;
    saveChosen(null);
    chosenSound.value = null;
    saveSound(null);
    chosenRoads.value = null;
    saveChosenFlag(ROADS_KEY, null);
    chosenSqueeze.value = null;
    saveChosenFlag(SQUEEZE_KEY, null);
    fastPlay.value = false;
  }

  watch(fastPlay, () => {
    try {
      localStorage.setItem(KEY, JSON.stringify({ fastPlay: fastPlay.value }));
    } catch {
      /* storage unavailable: settings last for this session */
    }
  });

  return {
    sound,
    effects,
    music,
    volumePercent,
    soundSettings,
    chosenSound,
    venueSound,
    setVenueSound,
    fastPlay,
    roads,
    chosenRoads,
    setVenueRoads,
    squeeze,
    venueSqueeze,
    chosenSqueeze,
    setVenueSqueeze,
    locale,
    venueLanguage,
    chosenLocale,
    setVenueLanguage,
    endSession,
  };
});
