import { defineStore, storeToRefs } from 'pinia';
import { computed } from 'vue';
import type { TableDisplay } from '../../../electron/core/cabinet/cabinet-api.ts';
import { SCHEMA_SOUND_DEFAULTS } from '../audio/sound-settings.ts';
import { FALLBACK_CURRENCY, type MoneyCurrency } from '../format/money.ts';
import { keptWhileEqual } from './kept-while-equal.ts';
import { useCabinetStore } from './useCabinetStore.ts';

/** The schema's defaults, shown only until main's first snapshot arrives. */
const BEFORE_FIRST_SNAPSHOT: TableDisplay = {
  currency: FALLBACK_CURRENCY,
  attractIdleS: 60,
  playerInactivityS: 120,
  defaultLanguage: 'en',
  sound: SCHEMA_SOUND_DEFAULTS,
  roadsShown: true,
  squeeze: { offered: false, timeLimitS: 20 },
};

/**
 * How the venue wants the player's table presented (docs/venue-config.md#the-players-table): currency,
 * idle timers, default language. Read from main's snapshot, so a technician's change reaches the table with
 * the next state event, without a reload. Every snapshot carries a fresh copy: the display is kept while its content
 * is the same, so an amount on the screen redraws only when the currency or the language changes.
 */
export const useDisplayStore = defineStore('display', () => {
  const { snapshot } = storeToRefs(useCabinetStore());
  const display = keptWhileEqual<TableDisplay>(() => snapshot.value?.display ?? BEFORE_FIRST_SNAPSHOT);
  const currency = computed<MoneyCurrency>(() => display.value.currency);
  const attractIdleMs = computed(() => display.value.attractIdleS * 1000);
  const playerInactivityMs = computed(() => display.value.playerInactivityS * 1000);
  const defaultLanguage = computed(() => display.value.defaultLanguage);
  const venueSound = computed(() => display.value.sound);
  const roadsShown = computed(() => display.value.roadsShown);
  const venueSqueeze = computed(() => display.value.squeeze);
  return {
    display,
    currency,
    attractIdleMs,
    playerInactivityMs,
    defaultLanguage,
    venueSound,
    roadsShown,
    venueSqueeze,
  };
});
