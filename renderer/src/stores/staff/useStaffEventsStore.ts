/** The event log view: main's rows for a filter, a page at a time newest first (keyset-pager.ts). */
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { EventLogEntry } from '../../../../electron/core/model/event-log.ts';
import type { RequestOf } from '../../../../electron/ipc/contract.ts';
import { boundField, firstPage, hasNewer, newerPage, olderPage, type KeysetPager } from '../../format/keyset-pager.ts';
import { useStaffStore } from '../useStaffStore.ts';
import { sessionRef } from './session-scoped.ts';

export const EVENT_PAGE = 12;
/** What the screen filters by; the page and its size are this store's. */
export type EventFilter = Omit<RequestOf<'tech:events'>, 'limit' | 'toId'>;

export const useStaffEventsStore = defineStore('staff-events', () => {
  const session = useStaffStore();
  const events = sessionRef<EventLogEntry[] | null>(null);
  const pager = ref<KeysetPager>(firstPage());
  let filter: EventFilter = {};

  async function show(next: KeysetPager): Promise<void> {
    pager.value = next;
    events.value =
      (await session.ask('tech:events', { ...filter, ...boundField('toId', next), limit: EVENT_PAGE })) ?? [];
  }

  /** The newest page for a filter (none: every kind, any time). */
  async function load(by: EventFilter = {}): Promise<void> {
    filter = by;
    await show(firstPage());
  }

  /** The page on show, counted from the newest (1). */
  const page = computed(() => pager.value.before.length + 1);
  const canGoNewer = computed(() => hasNewer(pager.value));

  async function older(): Promise<void> {
    const last = events.value?.at(-1);
    if (last) await show(olderPage(pager.value, last.id));
  }

  async function newer(): Promise<void> {
    await show(newerPage(pager.value));
  }

  return { events, pager, load, older, newer, page, canGoNewer };
});
