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
