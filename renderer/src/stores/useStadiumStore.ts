/**
 * The shared table this cabinet plays at, for the stadium screens (docs/stadium.md#the-terminals-screen): main's
 * StadiumView from the snapshot, the scene it makes on the page's clock, and the skip-round toggle. A table round
 * this terminal had no bets in goes on the felt through the round store. With `stadium: null` in the snapshot the
 * scene is `alone` and nothing of the stadium shows.
 */
import { defineStore } from 'pinia';
import { computed, watch } from 'vue';
import type { StadiumView } from '../../../electron/core/model/stadium-terminal.ts';
import { useStadiumClock } from '../composables/useStadiumClock.ts';
import { satOutRoundOf } from '../format/sat-out-round.ts';
import { useCabinetStore } from './useCabinetStore.ts';
import { useRoundStore } from './useRoundStore.ts';

export const useStadiumStore = defineStore('stadium', () => {
  const cabinet = useCabinetStore();
  const round = useRoundStore();
  // A tilt or device event copies the snapshot but keeps this object: its countdown is not restarted by them.
  const view = computed<StadiumView | null>(() => cabinet.snapshot?.stadium ?? null);
  const scene = useStadiumClock(view);
  const satOut = computed(() => satOutRoundOf(view.value));
  // The first view this page sees is what it loaded into: a round sat out before lies on the felt at once, as a
  // reloaded round of the terminal's own does; every later one is revealed with the terminals that played it.
  let loaded = false;
  watch(
    satOut,
    (table) => {
      const first = !loaded;
      if (view.value) loaded = true;
      if (table) round.showSatOut(table, first, cabinet.tableTotalMinor === 0);
    },
    { immediate: true },
  );
  return { view, scene, skipRound: (skip: boolean) => cabinet.skipRound(skip) };
});
