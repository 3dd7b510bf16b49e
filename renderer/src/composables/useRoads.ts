/**
 * The roads at the table (docs/roads.md): drawn from main's window of outcomes (the snapshot's `roads`)
 * by the core's pure computeRoads, never from anything the screen saw or guessed. Main's window already
 * holds a round the moment it settles; while its cards are still being revealed that round is held back,
 * so the roads never tell the result before the felt does. An ask preview is the player's own toggle and
 * ends when the next round comes in.
 */
import { storeToRefs } from 'pinia';
import { computed, ref, watch } from 'vue';
import type { RoadOutcome } from '../../../electron/core/roads/road-types.ts';
import { computeRoads } from '../../../electron/core/roads/roads.ts';
import { DERIVED_ROADS, nextPlace, type DerivedRoadName } from '../format/road-marks.ts';
import { sameRoadWindow } from '../format/road-window-change.ts';
import { useCabinetStore } from '../stores/useCabinetStore.ts';
import { useRoundStore } from '../stores/useRoundStore.ts';

export type AskSide = 'banker' | 'player';
const NONE: readonly RoadOutcome[] = [];

export function useRoads() {
  const { snapshot } = storeToRefs(useCabinetStore());
  const { stage, round } = storeToRefs(useRoundStore());
  // Main's window comes as a fresh array with every snapshot: the previous one is kept while its rounds are the same,
  // so a bet, DEAL or a card's arrival never recomputes or redraws the roads (docs/benchmarks.md#the-deals-frames).
  const outcomes = computed<readonly RoadOutcome[]>((previous) => {
    const all = snapshot.value?.roads ?? NONE;
    const revealing = stage.value === 'dealing' ? round.value?.roundId : undefined;
    // During the reveal the roads stay as drawn before DEAL: a full window has also dropped its oldest round by
    // then, and redrawing the rest mid-deal cost the throttled page its longest task (docs/benchmarks.md#the-deals-frames).
    if (revealing !== undefined && previous !== undefined && !previous.some((o) => o.roundId === revealing)) {
      return previous;
    }
    const next = revealing === undefined ? all : all.filter((o) => o.roundId !== revealing);
    return previous !== undefined && sameRoadWindow(previous, next) ? previous : next;
  });
  const roads = computed(() => computeRoads(outcomes.value));
  const asking = ref<AskSide | null>(null);

  // A new round, a reset or a new window: the preview was about the road as it stood.
  // (Every snapshot brings a fresh array: only a change of the rounds themselves counts.)
  const windowKey = computed(() => {
    const o = outcomes.value;
    return `${o.length}|${o[0]?.roundId ?? ''}|${o.at(-1)?.roundId ?? ''}`;
  });
  watch(windowKey, () => {
    asking.value = null;
  });

  function toggleAsk(side: AskSide): void {
    asking.value = asking.value === side ? null : side;
  }

  /** The big road's next ring if the asked side won. */
  const bigRoadPreview = computed(() => {
    const side = asking.value;
    if (side === null) return null;
    const place = nextPlace(
      roads.value.bigRoad.map((c) => c.winner),
      side,
    );
    return { x: place.x, y: place.y, winner: side };
  });

  /** Each derived road's next mark if the asked side won; null where the road has not started. */
  function derivedPreview(name: DerivedRoadName) {
    const side = asking.value;
    if (side === null) return null;
    const colour = (side === 'banker' ? roads.value.askBanker : roads.value.askPlayer)[name];
    if (colour === null) return null;
    const place = nextPlace(roads.value[name].marks, colour);
    return { x: place.x, y: place.y, colour };
  }
  const derivedPreviews = computed(
    () =>
      Object.fromEntries(DERIVED_ROADS.map((n) => [n, derivedPreview(n)])) as Record<
        DerivedRoadName,
        ReturnType<typeof derivedPreview>
      >,
  );

  return { outcomes, roads, asking, toggleAsk, bigRoadPreview, derivedPreviews };
}
