import { computed, type ComputedRef } from 'vue';

/**
 * A computed that keeps its last value while the getter's new one has the same content. Main sends the whole
 * snapshot at every step of a round, so each carries fresh copies of settings that rarely change (the venue's
 * currency, the chips); kept, they redraw nothing that reads them (docs/benchmarks.md#the-deals-frames).
 */
export function keptWhileEqual<T>(getter: () => T): ComputedRef<T> {
  return computed<T>((before) => {
    const next = getter();
    return before !== undefined && sameContent(before, next) ? before : next;
  });
}

/** Plain data (what crosses the IPC channel) with the same content: its JSON is the same. */
export function sameContent(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}
