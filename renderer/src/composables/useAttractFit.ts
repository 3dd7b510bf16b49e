/**
 * Fits a line of attract text to the room it has (docs/venue-config.md#the-attract-loop): the text keeps its
 * full size when it fits on one line, shrinks (down to a floor) when a language's words are longer, and only
 * below that floor wraps onto centred lines. It is measured again whenever the language changes, so "ZUM
 * SPIELEN BERÜHREN" on a 1080 px wide screen is as whole as "TOUCH TO PLAY".
 */
import { nextTick, onMounted, watch, type Ref, type WatchSource } from 'vue';

/** The largest font size at which a line `naturalPx` wide at `basePx` fits `roomPx`, never under `minPx`. */
export function fittedFontPx(naturalPx: number, roomPx: number, basePx: number, minPx: number): number {
  if (naturalPx <= roomPx || naturalPx <= 0) return basePx;
  return Math.max(minPx, Math.floor((basePx * roomPx) / naturalPx));
}

/**
 * The width of `box`'s text in layout px. A text too long for its box runs into the end padding without making
 * the box scroll, so the box's own widths cannot tell; the text's own rectangle can (unscaled from the stage's
 * transform, which App.vue applies to fit the window).
 */
function textWidth(box: HTMLElement): number {
  const range = document.createRange();
  range.selectNodeContents(box);
  const scale = box.offsetWidth > 0 ? box.getBoundingClientRect().width / box.offsetWidth : 1;
  return range.getBoundingClientRect().width / (scale || 1);
}

/** Keeps `el`'s text on one line at the largest size from `basePx` down to `minPx` that fits its box. */
export function useAttractFit(
  el: Readonly<Ref<HTMLElement | null>>,
  changes: WatchSource,
  size: { basePx: number; minPx: number },
): void {
  const fit = (): void => {
    const box = el.value;
    if (!box) return;
    const style = box.style;
    // Sizes must apply at once to be measured: no transition (the reduced-motion theme gives every property a
    // short one, during which the old size is still what layout sees).
    style.setProperty('transition', 'none', 'important');
    style.fontSize = `${size.basePx}px`;
    style.whiteSpace = 'nowrap';
    const css = getComputedStyle(box);
    const room = box.clientWidth - parseFloat(css.paddingLeft) - parseFloat(css.paddingRight);
    let px = fittedFontPx(textWidth(box), room, size.basePx, size.minPx);
    style.fontSize = `${px}px`;
    // Glyphs do not scale exactly with the size: step down until the line fits or the floor is reached (one pixel
    // of rounding is no overflow).
    const overflows = (): boolean => textWidth(box) > room + 1;
    while (overflows() && px > size.minPx) style.fontSize = `${(px = Math.max(size.minPx, px - 2))}px`;
    // Still too long at the floor: centred lines rather than a clipped one.
    if (overflows()) style.whiteSpace = 'normal';
  };
  onMounted(() => {
    fit();
    // A web font that arrives late changes every width.
    void document.fonts?.ready.then(fit);
  });
  watch(changes, () => void nextTick(fit), { flush: 'post' });
}
