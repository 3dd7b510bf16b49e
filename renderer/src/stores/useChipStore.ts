import { defineStore, storeToRefs } from 'pinia';
import { computed, ref, watch } from 'vue';
import { keptWhileEqual } from './kept-while-equal.ts';
import { useCabinetStore } from './useCabinetStore.ts';
import { startChipIndex } from './table-limits.ts';

/**
 * The chip rail: one active chip (from snapshot.limits.chipDenominationsMinor) and the eraser mode. The rail
 * starts on the smallest chip that reaches every spot minimum, and again whenever the venue's chips or
 * minimums change (docs/rules.md#chips-and-bets).
 */
export const useChipStore = defineStore('chips', () => {
  const { snapshot } = storeToRefs(useCabinetStore());
  // Kept while the venue's chips are the same, so the rail does not redraw at every snapshot of a round.
  const denominations = keptWhileEqual<readonly number[]>(() => snapshot.value?.limits.chipDenominationsMinor ?? []);
  const activeIndex = ref(-1);
  const eraser = ref(false);

  const activeChip = computed<number | null>(() => denominations.value[activeIndex.value] ?? null);

  const minimums = computed<number[]>(() => {
    const spots = snapshot.value?.limits.spots;
    return spots ? [spots.player.minMinor, spots.banker.minMinor, spots.tie.minMinor] : [];
  });
  const limitsKey = computed(() => `${denominations.value.join(',')}|${minimums.value.join(',')}`);
  watch(
    limitsKey,
    () => {
      activeIndex.value = startChipIndex(denominations.value, minimums.value);
    },
    { immediate: true },
  );

  function select(index: number): void {
    if (index < 0 || index >= denominations.value.length) return;
    activeIndex.value = index;
    eraser.value = false;
  }
  function toggleEraser(): void {
    eraser.value = !eraser.value;
  }

  return { denominations, activeIndex, activeChip, eraser, select, toggleEraser };
});
