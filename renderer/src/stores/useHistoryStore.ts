import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { PlayerHistoryPage } from '../../../electron/core/model/player-history-page.ts';
import { clampPage, pageRequest } from '../format/history-page.ts';
import { useCabinetApi } from '../bridge/useCabinetApi.ts';

/**
 * The page of the player's game history on the screen (docs/rules.md#game-history). Every round in it
 * is main's answer to `history:list`; this store only remembers which page is shown and keeps the last
 * page up while the next one loads, so paging never flashes an empty list.
 */
export const useHistoryStore = defineStore('history', () => {
  const api = useCabinetApi();
  /** The page shown; null until the first answer. */
  const page = shallowRef<PlayerHistoryPage | null>(null);
  /** The page shown, 0-based. */
  const pageIndex = ref(0);
  const loading = ref(false);
  /** The last request was refused or lost (the screen offers to try again). */
  const failed = ref(false);
  let latest = 0;

  /** Asks main for page `index` of `perPage` rounds; a later request overtakes an earlier one. */
  async function show(index: number, perPage: number): Promise<void> {
    const asked = ++latest;
    loading.value = true;
    const result = await api.request('history:list', pageRequest(index, perPage));
    if (asked !== latest) return;
    loading.value = false;
    if (!result.ok) {
      failed.value = true;
      return;
    }
    failed.value = false;
    const answer = result.value;
    const existing = clampPage(index, answer.total, perPage);
    // The history can shrink under a page (a RAM clear): show the last page that still exists.
    if (existing !== index && answer.total > 0) return show(existing, perPage);
    page.value = answer;
    pageIndex.value = existing;
  }

  /** Forgets the page, so the next opening starts from the newest rounds. */
  function reset(): void {
    latest++;
    page.value = null;
    pageIndex.value = 0;
    loading.value = false;
    failed.value = false;
  }

  return { page, pageIndex, loading, failed, show, reset };
});
