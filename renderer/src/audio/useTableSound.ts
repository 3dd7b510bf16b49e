/**
 * Drives the screen's sound output from the stores (docs/sound.md#settings): the player's settings, the
 * cabinet's tilts and the attract loop become the bus gains; a new tilt sounds the warning; the first
 * touch lets a context the browser held back start. Called once, by the stage (App.vue).
 */
import { storeToRefs } from 'pinia';
import { computed, onBeforeUnmount, onMounted, watch, type Ref } from 'vue';
import { useCabinetStore } from '../stores/useCabinetStore.ts';
import { useSettingsStore } from '../stores/useSettingsStore.ts';
import { busGains } from './sound-settings.ts';
import { tableSound } from './table-sound.ts';

export function useTableSound(options: { attract: Readonly<Ref<boolean>> }): void {
  const { soundSettings } = storeToRefs(useSettingsStore());
  const { tilts } = storeToRefs(useCabinetStore());
  const output = tableSound();
  const gains = computed(() =>
    busGains(soundSettings.value, { tilted: tilts.value.length > 0, attract: options.attract.value }),
  );
  // Synchronously: an effect asked for in the same tick as a tilt already finds its bus shut.
  watch(gains, (g) => output.setGains(g), { immediate: true, flush: 'sync' });
  watch(
    () => tilts.value.map((t) => t.kind),
    (now, before) => {
      if (now.some((kind) => !(before ?? []).includes(kind))) output.play('warning');
    },
    { flush: 'sync' },
  );
  const resume = (): void => output.resume();
  onMounted(() => window.addEventListener('pointerdown', resume, { capture: true, passive: true }));
  onBeforeUnmount(() => window.removeEventListener('pointerdown', resume, { capture: true }));
}
