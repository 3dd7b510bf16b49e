/**
 * Figures on the stadium screens in the screen's language: seconds and milliseconds with the locale's own unit
 * words (Intl), and the terminal count's sentence chosen by the locale's plural rules. The message tree has one
 * key per plural category that any of the six languages uses for whole numbers (one, few, other).
 */
import type { StadiumScene } from './stadium-scene.ts';

export type CountForm = 'one' | 'few' | 'other';

/** vue-i18n's t, as a component hands it over. */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** The plural category of `n` in `locale`, among the forms the message tree holds. */
export function countForm(locale: string, n: number): CountForm {
  const form = new Intl.PluralRules(locale).select(n);
  return form === 'one' || form === 'few' ? form : 'other';
}

function unit(locale: string, name: 'second' | 'millisecond', value: number): string {
  // No-break spaces: the figure and its unit never part at a line end.
  return new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' })
    .format(value)
    .replace(/ /g, '\u00a0');
}

/** "12 sec", "12 Sek.", "12 s": the countdown's figure. */
export function secondsText(locale: string, seconds: number): string {
  return unit(locale, 'second', seconds);
}

/** The link's lag for the staff menu. */
export function millisecondsText(locale: string, ms: number): string {
  return unit(locale, 'millisecond', Math.round(ms));
}

/** The stadium line's two rows for a scene: what the table does now, and the terminals at it. */
export function stadiumLines(
  scene: StadiumScene,
  terminals: number,
  t: Translate,
  locale: string,
): { line: string; detail: string } {
  const count = t(`stadium.terminals.${countForm(locale, terminals)}`, { n: terminals });
  switch (scene.kind) {
    case 'open':
      return {
        line: t('stadium.closesIn', { time: secondsText(locale, scene.seconds) }),
        // A reminder before the count that this terminal sits the open round out.
        detail: scene.skipping ? `${t('stadium.skippingOpen')} · ${count}` : count,
      };
    case 'closing':
      return { line: t('stadium.closing'), detail: count };
    case 'locked':
      return { line: t('stadium.locked'), detail: count };
    case 'waiting':
      return { line: t(scene.skipping ? 'stadium.skippingWaiting' : 'stadium.waiting'), detail: count };
    default:
      return { line: '', detail: '' };
  }
}
