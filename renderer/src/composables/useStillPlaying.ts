/**
 * "Still playing?" at this table: the inactivity clock (useInactivity.ts) fed from the stores. The idle time
 * is the venue's `playerInactivityS` (docs/venue-config.md#the-players-table), or the development entry's
 * override in a test (renderer/src/dev/url-overrides.ts); when the countdown runs out, only the bets on the felt go back to credit, through the player's own
 * clear-bets channel, and the player's own settings end with their session (the credit meter stays).
 */
import { storeToRefs } from 'pinia';
import { computed, type Ref } from 'vue';
import { useCabinetStore } from '../stores/useCabinetStore.ts';
import { useDisplayStore } from '../stores/useDisplayStore.ts';
import { useRoundStore } from '../stores/useRoundStore.ts';
import { useSettingsStore } from '../stores/useSettingsStore.ts';
import { useStaffStore } from '../stores/useStaffStore.ts';
import { inactivityWatched, useInactivity, type InactivityClock } from './useInactivity.ts';

export function useStillPlaying(options: {
  attract: Readonly<Ref<boolean>>;
  /** The development entry's idle time in place of the venue's; null on a production cabinet. */
  overrideMs: number | null;
}): InactivityClock {
  const cabinet = useCabinetStore();
  const { snapshot, activeTilt, tableTotalMinor, connected } = storeToRefs(cabinet);
  const round = useRoundStore();
  const { voided } = storeToRefs(round);
  const { keyOn, role } = storeToRefs(useStaffStore());
  const { playerInactivityMs } = storeToRefs(useDisplayStore());
  const settings = useSettingsStore();

  return useInactivity({
    afterMs: computed(() => options.overrideMs ?? playerInactivityMs.value),
    watched: computed(() =>
      inactivityWatched({
        tableTotalMinor: tableTotalMinor.value,
        creditsMinor: snapshot.value?.creditsMinor ?? 0,
        roundBusy:
          round.busy ||
          voided.value !== null ||
          snapshot.value === null ||
          snapshot.value.phase === 'locked' ||
          snapshot.value.phase === 'dealt' ||
          // The reality check or a session limit is already asking the player (docs/responsible-gaming.md).
          snapshot.value.session?.realityCheck != null ||
          snapshot.value.session?.limitReached != null,
        tilted: activeTilt.value !== null,
        staffMenu: keyOn.value || role.value !== null,
        attract: options.attract.value,
        connected: connected.value,
      }),
    ),
    expired: () => {
      if (tableTotalMinor.value > 0) void cabinet.clear();
      settings.endSession();
    },
  });
}
