/**
 * Attract mode rules: it may start only when the table is empty, no round is being dealt or shown, and the
 * cabinet is not tilted; it is purely visual and never calls a dealing channel.
 */
import { onBeforeUnmount, onMounted, watch, type Ref } from 'vue';

export interface AttractConditions {
  readonly tableTotalMinor: number;
  readonly roundBusy: boolean;
  readonly tilted: boolean;
  readonly dialogOpen: boolean;
}

export function attractAllowed(c: AttractConditions): boolean {
  return c.tableTotalMinor === 0 && !c.roundBusy && !c.tilted && !c.dialogOpen;
}

export const DEFAULT_ATTRACT_AFTER_MS = 60_000;

/** `?attractAfterMs=` from the page URL (so e2e tests can shorten it); falls back to 60 s on bad input. */
export function attractAfterFromQuery(search: string): number {
  const raw = new URLSearchParams(search).get('attractAfterMs');
  if (raw === null || !/^\d{1,9}$/.test(raw)) return DEFAULT_ATTRACT_AFTER_MS;
  const n = Number(raw);
  return n >= 500 ? n : 500;
}

type Demo = readonly [string, string][];
/** Fixed example hands for the attract loop: [player cards, banker cards] as rank+suit. Never dealt money. */
export const DEMO_HANDS: readonly { player: Demo; banker: Demo }[] = [
  {
    player: [
      ['9', 'H'],
      ['K', 'S'],
    ],
    banker: [
      ['7', 'C'],
      ['Q', 'D'],
    ],
  },
  {
    player: [
      ['3', 'D'],
      ['2', 'C'],
      ['J', 'H'],
    ],
    banker: [
      ['4', 'S'],
      ['A', 'H'],
      ['2', 'D'],
    ],
  },
  {
    player: [
      ['5', 'S'],
      ['Q', 'H'],
      ['3', 'C'],
    ],
    banker: [
      ['6', 'D'],
      ['2', 'S'],
    ],
  },
  {
    player: [
      ['A', 'C'],
      ['6', 'S'],
    ],
    banker: [
      ['8', 'H'],
      ['9', 'C'],
    ],
  },
];

/**
 * Starts attract mode after `afterMs` of no input while `allowed` holds; any pointer or key input ends it
 * at once (the overlay is removed synchronously, well within 300 ms) and restarts the idle clock.
 */
export function useAttract(options: { afterMs: number; allowed: Ref<boolean>; active: Ref<boolean> }): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The touch that ends attract mode must not also press whatever lies under it on the table. */
  let swallowClick = false;
  const onClick = (e: Event): void => {
    if (swallowClick) {
      swallowClick = false;
      e.preventDefault();
      e.stopPropagation();
    }
  };
  const arm = (): void => {
    clearTimeout(timer);
    if (options.allowed.value && !options.active.value) {
      timer = setTimeout(() => {
        if (options.allowed.value) options.active.value = true;
      }, options.afterMs);
    }
  };
  const onInput = (e: Event): void => {
    if (options.active.value) {
      options.active.value = false;
      // Only the click of this same gesture is swallowed; the next touch starts afresh.
      swallowClick = e.type === 'pointerdown' || e.type === 'touchstart';
      e.preventDefault();
      e.stopPropagation();
    } else if (e.type === 'pointerdown') {
      swallowClick = false;
    }
    arm();
  };
  watch(options.allowed, (ok) => {
    if (!ok) options.active.value = false;
    arm();
  });
  onMounted(() => {
    for (const type of ['pointerdown', 'keydown', 'wheel', 'touchstart'])
      window.addEventListener(type, onInput, { capture: true });
    window.addEventListener('click', onClick, { capture: true });
    arm();
  });
  onBeforeUnmount(() => {
    clearTimeout(timer);
    for (const type of ['pointerdown', 'keydown', 'wheel', 'touchstart'])
      window.removeEventListener(type, onInput, { capture: true });
    window.removeEventListener('click', onClick, { capture: true });
  });
}
