import { onBeforeUnmount, onMounted, ref } from 'vue';

export type Orientation = 'landscape' | 'portrait';

export interface StageFit {
  orientation: Orientation;
  width: number;
  height: number;
  scale: number;
  left: number;
  top: number;
}

/**
 * The cabinet screens are 1920×1080 landscape or 1080×1920 portrait. The table is laid out at exactly that
 * size and scaled to the window, so it looks the same on every cabinet and in the test browser.
 */
export function fitStage(winW: number, winH: number): StageFit {
  const portrait = winH > winW;
  const width = portrait ? 1080 : 1920;
  const height = portrait ? 1920 : 1080;
  const scale = Math.min(winW / width, winH / height);
  return {
    orientation: portrait ? 'portrait' : 'landscape',
    width,
    height,
    scale,
    left: (winW - width * scale) / 2,
    top: (winH - height * scale) / 2,
  };
}

export function useStage() {
  const fit = ref<StageFit>(fitStage(window.innerWidth, window.innerHeight));
  const onResize = (): void => {
    fit.value = fitStage(window.innerWidth, window.innerHeight);
  };
  onMounted(() => window.addEventListener('resize', onResize));
  onBeforeUnmount(() => window.removeEventListener('resize', onResize));
  return fit;
}

/** How one dealt card moves on the felt (TableHandCard.vue): slide from the shoe face down, then turn over. */
export interface CardMotion {
  /** Shoe to slot, face down. 0: no slide (the card fades in where it lies). */
  slideMs: number;
  /** The turn-over after it lands. 0: no turn (it arrives face up). */
  flipMs: number;
  /** The fade-in used instead of the slide when motion is reduced. */
  fadeMs: number;
}

/**
 * Card motion for the three replay paces of the round store (useRoundStore's timing: a card every
 * 700 ms, 240 ms with fast play, 350 ms with reduced motion). Each card's whole motion ends before the
 * next card is shown, so cards land in deal order and the result never shows over a moving card.
 */
export function cardMotion(options: { fast: boolean; reduced: boolean }): CardMotion {
  if (options.reduced) return { slideMs: 0, flipMs: 0, fadeMs: 150 };
  if (options.fast) return { slideMs: 130, flipMs: 90, fadeMs: 0 };
  return { slideMs: 380, flipMs: 260, fadeMs: 0 };
}

export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}
