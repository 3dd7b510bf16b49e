/**
 * The shared table this cabinet plays at, for the stadium screens (docs/stadium.md#the-terminals-screen): main's
 * StadiumView from the snapshot, the scene it makes on the page's clock, and the skip-round toggle. With
 * `stadium: null` in the snapshot the scene is `alone` and nothing of the stadium shows.
 */
import { defineStore } from 'pinia';
import { computed } from 'vue';
import type { StadiumView } from '../../../electron/core/model/stadium-terminal.ts';
import { useStadiumClock } from '../composables/useStadiumClock.ts';
import { useCabinetStore } from './useCabinetStore.ts';

export const useStadiumStore = defineStore('stadium', () => {
  const cabinet = useCabinetStore();
  // A tilt or device event copies the snapshot but keeps this object: its countdown is not restarted by them.
  const view = computed<StadiumView | null>(() => cabinet.snapshot?.stadium ?? null);
  const scene = useStadiumClock(view);
  return { view, scene, skipRound: (skip: boolean) => cabinet.skipRound(skip) };
});
