/**
 * What a development entry adds to the cabinet's screen (renderer/src/dev/main.ts): the service panel and the
 * test-only idle times. The production entry (renderer/src/main.ts) provides nothing, so the packaged
 * touchscreen carries none of it (docs/architecture.md#the-development-entry); App.vue only asks.
 */
import { inject, type Component, type InjectionKey } from 'vue';

export interface DevAdditions {
  /** Replaces the venue's attract idle time (e2e tests shorten or lengthen it). */
  readonly attractOverrideMs: number | null;
  /** Replaces the venue's "Still playing?" idle time. */
  readonly inactivityOverrideMs: number | null;
  /** Drawn over the stage while the service key (Shift+I) has it open; it takes the stage's orientation. */
  readonly servicePanel: Component | null;
  /** The panel is open from the first frame. */
  readonly servicePanelOpen: boolean;
}

export const DEV_ADDITIONS: InjectionKey<DevAdditions> = Symbol('dev-additions');

/** A production cabinet: no panel, the venue's idle times. */
export const NO_DEV_ADDITIONS: DevAdditions = {
  attractOverrideMs: null,
  inactivityOverrideMs: null,
  servicePanel: null,
  servicePanelOpen: false,
};

export function useDevAdditions(): DevAdditions {
  return inject(DEV_ADDITIONS, NO_DEV_ADDITIONS);
}
