import { onBeforeUnmount, onMounted, type Ref } from 'vue';

/**
 * Keeps a horizontally scrolling road showing its newest column (docs/roads.md), so the latest round is always in
 * view: the scroller moves to its right end whenever its board grows a column or the panel comes back into view
 * (it stays mounted, hidden, while the result shows). A ResizeObserver reports after layout, so the scroll position
 * is set from a layout already done, never by forcing one in the middle of a render
 * (docs/benchmarks.md#the-deals-frames).
 */
export function useScrollToNewest(scroller: Ref<HTMLElement | null>): void {
  let observer: ResizeObserver | null = null;
  onMounted(() => {
    const el = scroller.value;
    if (!el) return;
    observer = new ResizeObserver(() => {
      el.scrollLeft = el.scrollWidth;
    });
    // The scroller changes size when it is shown again; the board, when it grows a column.
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
  });
  onBeforeUnmount(() => observer?.disconnect());
}
