/**
 * The game recall view: main's rounds newest first, a page at a time (keyset-pager.ts), from a round number or
 * within a time, and a round dealt again through the engine to check it (docs/cabinet-rules.md#game-recall).
 */
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { RoundRecord } from '../../../../electron/core/model/round-record.ts';
import type { ResponseOf } from '../../../../electron/ipc/contract.ts';
import { boundField, firstPage, hasNewer, newerPage, olderPage, type KeysetPager } from '../../format/keyset-pager.ts';
import { useStaffStore } from '../useStaffStore.ts';
import { sessionRef } from './session-scoped.ts';

export const RECALL_PAGE = 8;
export type ReplayCheck = ResponseOf<'tech:recall:replay'>;

export const useStaffRecallStore = defineStore('staff-recall', () => {
  const session = useStaffStore();
  const recall = sessionRef<RoundRecord[] | null>(null);
  const replay = sessionRef<ReplayCheck | null>(null);
  const pager = ref<KeysetPager>(firstPage());
  let fromTime: string | undefined;

  async function show(next: KeysetPager): Promise<void> {
    pager.value = next;
    replay.value = null;
    const query = { ...boundField('toRoundId', next), ...(fromTime ? { fromTime } : {}), limit: RECALL_PAGE };
    recall.value = (await session.ask('tech:recall', query)) ?? [];
  }

  /** The newest page (since `since`, an ISO instant, when given), or the page that starts at round `fromRound`. */
  async function load(options: { since?: string; fromRound?: number } = {}): Promise<void> {
    fromTime = options.since;
    await show(firstPage(options.fromRound));
  }

  /** The page on show, counted from the newest (1). */
  const page = computed(() => pager.value.before.length + 1);
  const canGoNewer = computed(() => hasNewer(pager.value));

  async function older(): Promise<void> {
    const last = recall.value?.at(-1);
    if (last) await show(olderPage(pager.value, last.roundId));
  }

  async function newer(): Promise<void> {
    await show(newerPage(pager.value));
  }

  async function replayRound(roundId: number): Promise<void> {
    replay.value = null;
    replay.value = await session.ask('tech:recall:replay', { roundId });
  }

  return { recall, replay, pager, load, older, newer, replayRound, page, canGoNewer };
});
