/**
 * The stadium screen's scene on the page's own clock (docs/stadium.md#the-terminals-screen): each snapshot's
 * `closesInMs` is counted down from the moment that snapshot arrived here, and a link that keeps saying
 * `connecting` turns into the unreachable screen after a moment. The clock is performance.now(), which a step of
 * this machine's wall clock does not move. It ticks only while something counts.
 * Must be created inside a component's setup, a store or an effect scope (it watches the view).
 */
import { computed, onScopeDispose, shallowRef, watch, type Ref } from 'vue';
import type { StadiumView } from '../../../electron/core/model/stadium-terminal.ts';
import { stadiumScene, type StadiumScene } from '../format/stadium-scene.ts';

/** How often the countdown is read again: well under a second, so the figure never lags a whole second. */
export const TICK_MS = 200;

export function useStadiumClock(view: Readonly<Ref<StadiumView | null>>): Readonly<Ref<StadiumScene>> {
  /** The page's clock when the current view arrived, and when the link last began to say `connecting`. */
  let arrivedAt = performance.now();
  let connectingSince: number | null = null;
  const now = shallowRef(arrivedAt);
  let tick: ReturnType<typeof setInterval> | undefined;

  const counting = (v: StadiumView | null): boolean =>
    v !== null && ((v.window === 'open' && v.link !== 'unreachable') || v.link === 'connecting');

  watch(
    view,
    (v, before) => {
      arrivedAt = performance.now();
      now.value = arrivedAt;
      if (v?.link !== 'connecting') connectingSince = null;
      else if (before?.link !== 'connecting' || connectingSince === null) connectingSince = arrivedAt;
      clearInterval(tick);
      if (counting(v)) tick = setInterval(() => (now.value = performance.now()), TICK_MS);
    },
    { immediate: true },
  );
  onScopeDispose(() => clearInterval(tick));

  return computed(() =>
    stadiumScene(view.value, {
      sinceArrivalMs: now.value - arrivedAt,
      connectingForMs: connectingSince === null ? 0 : now.value - connectingSince,
    }),
  );
}
