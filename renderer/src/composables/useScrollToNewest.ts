/**
 * Keeps a horizontally scrolling road showing its newest column: after every change of `source` the
 * scroller moves to its right end (docs/roads.md), so the latest round is always in view.
 */
import { nextTick, onMounted, watch, type Ref, type WatchSource } from 'vue';

export function useScrollToNewest(scroller: Readonly<Ref<HTMLElement | null>>, source: WatchSource): void {
  const toEnd = (): void => {
    const el = scroller.value;
    if (el) el.scrollLeft = el.scrollWidth;
  };
  onMounted(toEnd);
  watch(source, () => void nextTick(toEnd), { flush: 'post' });
}
