/**
 * A player's session, for the language (docs/venue-config.md#the-players-table), the sound
 * (docs/sound.md#settings), the roads and the squeeze (docs/squeeze.md#the-players-setting): the screen shows the venue's defaults until the player changes
 * them, and the choice holds until the session ends — the player cashed out to zero credit (the handpay
 * was paid and the lock lifted), attract mode started, or nobody answered "Still playing?"
 * (useStillPlaying.ts).
 */
import { storeToRefs } from 'pinia';
import { computed, watch, type Ref } from 'vue';
import { useCabinetStore } from '../stores/useCabinetStore.ts';
import { useDisplayStore } from '../stores/useDisplayStore.ts';
import { useSettingsStore } from '../stores/useSettingsStore.ts';

export interface SessionView {
  readonly attract: boolean;
  readonly creditsMinor: number;
  readonly handpayPending: boolean;
}

/** Whether the step from `before` to `after` ends the player's session. */
export function sessionEnds(before: SessionView, after: SessionView): boolean {
  const attractStarted = !before.attract && after.attract;
  const cashedOut = before.handpayPending && !after.handpayPending && after.creditsMinor === 0;
  return attractStarted || cashedOut;
}

export function usePlayerSession(options: { attract: Readonly<Ref<boolean>> }): void {
  const { snapshot } = storeToRefs(useCabinetStore());
  const { defaultLanguage, venueSound, roadsShown, venueSqueeze } = storeToRefs(useDisplayStore());
  const settings = useSettingsStore();
  watch(defaultLanguage, (l) => settings.setVenueLanguage(l), { immediate: true });
  watch(venueSound, (s) => settings.setVenueSound(s), { immediate: true });
  watch(roadsShown, (on) => settings.setVenueRoads(on), { immediate: true });
  watch(venueSqueeze, (s) => settings.setVenueSqueeze(s), { immediate: true });
  const view = computed<SessionView>(() => ({
    attract: options.attract.value,
    creditsMinor: snapshot.value?.creditsMinor ?? 0,
    handpayPending: (snapshot.value?.pendingHandpay ?? null) !== null,
  }));
  watch(view, (after, before) => {
    if (sessionEnds(before, after)) settings.endSession();
  });
}
