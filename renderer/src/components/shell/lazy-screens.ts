/**
 * The screens the table's first paint does without (docs/benchmarks.md#restart-after-a-power-cut): the player's menu
 * (paytable, rules, history), the paytable panel, the cash-out question, the responsible-gaming dialogs, attract and
 * the staff screens. Each is its own chunk, loaded when first shown, so a restart parses and renders only the table.
 * Some seconds after the table is up, `loadLaterScreens` fetches them all in idle time, so a screen opened later
 * shows at once.
 * The lock, void, connection and error screens stay in the first chunk: a lock must never wait on a load.
 */
import { defineAsyncComponent, type Component } from 'vue';

const LOADERS = {
  TheSettingsMenu: () => import('../settings/TheSettingsMenu.vue'),
  ThePaytablePanel: () => import('../rules/ThePaytablePanel.vue'),
  TheCashoutDialog: () => import('../table/TheCashoutDialog.vue'),
  TheStillPlaying: () => import('./TheStillPlaying.vue'),
  TheRealityCheck: () => import('../responsible/TheRealityCheck.vue'),
  TheSessionLimit: () => import('../responsible/TheSessionLimit.vue'),
  TheAttract: () => import('../attract/TheAttract.vue'),
  TheStaffMenuNotice: () => import('../staff/TheStaffMenuNotice.vue'),
  TheStaffMenu: () => import('../staff/TheStaffMenu.vue'),
} satisfies Record<string, () => Promise<{ default: Component }>>;

export type LaterScreen = keyof typeof LOADERS;

/** The names of the screens loaded after the first paint (the first-load test checks none is in the first chunk). */
export const LATER_SCREENS = Object.keys(LOADERS) as LaterScreen[];

export const TheSettingsMenu = defineAsyncComponent(LOADERS.TheSettingsMenu);
export const ThePaytablePanel = defineAsyncComponent(LOADERS.ThePaytablePanel);
export const TheCashoutDialog = defineAsyncComponent(LOADERS.TheCashoutDialog);
export const TheStillPlaying = defineAsyncComponent(LOADERS.TheStillPlaying);
export const TheRealityCheck = defineAsyncComponent(LOADERS.TheRealityCheck);
export const TheSessionLimit = defineAsyncComponent(LOADERS.TheSessionLimit);
export const TheAttract = defineAsyncComponent(LOADERS.TheAttract);
export const TheStaffMenuNotice = defineAsyncComponent(LOADERS.TheStaffMenuNotice);
export const TheStaffMenu = defineAsyncComponent(LOADERS.TheStaffMenu);

/**
 * Fetches every later screen's chunk `afterMs` after the table is up, in the page's idle time: not at once, where
 * the fetch and the chunks' evaluation would compete with the table's first touch. A screen shown before then loads
 * its own chunk; a chunk that fails to load is tried again when its screen is shown.
 */
export function loadLaterScreens(afterMs = 10_000): void {
  const load = (): void => {
    for (const loader of Object.values(LOADERS)) loader().catch(() => undefined);
  };
  setTimeout(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(load, { timeout: 2_000 });
    else load();
  }, afterMs);
}
