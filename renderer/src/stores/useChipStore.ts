import { defineStore, storeToRefs } from 'pinia';
import { computed, ref, watch } from 'vue';
import { useCabinetStore } from './useCabinetStore.ts';

/** The chip rail: one active chip (from snapshot.limits.chipDenominationsMinor) and the eraser mode. */
export const useChipStore = defineStore('chips', () => {
  const { snapshot } = storeToRefs(useCabinetStore());
  const denominations = computed<readonly number[]>(() => snapshot.value?.limits.chipDenominationsMinor ?? []);
  const activeIndex = ref(-1);
  const eraser = ref(false);

  const activeChip = computed<number | null>(() => denominations.value[activeIndex.value] ?? null);

  watch(
    denominations,
    (d) => {
      if (activeIndex.value < 0 || activeIndex.value >= d.length) activeIndex.value = d.length > 2 ? 1 : 0;
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
