import { shallowRef } from 'vue';
import type { CardMotion } from './useStage.ts';

/**
 * The deal's movement on the felt: where the shoe's mouth is (TableShoe.vue registers it) and the
 * animations of one card from there to its slot (TableHandCard.vue). Transform and opacity only, with
 * the Web Animations API, so the compositor does the work. What is shown when stays with the round store.
 */
const shoeMouth = shallowRef<HTMLElement | null>(null);

export function registerShoeMouth(el: HTMLElement | null): void {
  shoeMouth.value = el;
}

export interface RectLike {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Offset in stage pixels from a card's resting place to the shoe's mouth, centre to centre. Screen
 * rectangles are scaled with the stage (App.vue scales the 1920×1080 layout to the window), the card's
 * transform is not, hence the division by the scale.
 */
export function slideOffset(mouth: RectLike, slot: RectLike, scale: number): { dx: number; dy: number } {
  const s = scale > 0 ? scale : 1;
  return {
    dx: (mouth.left + mouth.width / 2 - (slot.left + slot.width / 2)) / s,
    dy: (mouth.top + mouth.height / 2 - (slot.top + slot.height / 2)) / s,
  };
}

export interface DealParts {
  /** The card's box in its slot: it travels. */
  card: HTMLElement;
  /** Its face and its back: they turn. */
  face: HTMLElement;
  back: HTMLElement;
  /** Laid sideways (a third card) at rest. */
  sideways: boolean;
  /** It arrives and stays face down, for the player to squeeze (docs/squeeze.md#the-reveal): no turn. */
  faceDown?: boolean;
  /** Where the shoe is from the card's slot, measured ahead (aimFromShoe); absent: measured now. */
  aim?: { dx: number; dy: number };
}

/**
 * Where the shoe's mouth is from a card lying in its slot, in stage pixels. It reads the layout: a card waiting
 * hidden in its slot is aimed when the reveal starts, so its arrival reads nothing (docs/benchmarks.md#the-deals-frames).
 */
export function aimFromShoe(card: HTMLElement, sideways: boolean): { dx: number; dy: number } {
  const mouth = shoeMouth.value;
  const slotBox = card.getBoundingClientRect();
  const scale = card.offsetWidth > 0 ? (sideways ? slotBox.height : slotBox.width) / card.offsetWidth : 1;
  return mouth ? slideOffset(mouth.getBoundingClientRect(), slotBox, scale) : { dx: 0, dy: -320 };
}

/** The back turns away and the face turns in, each in half of `flipMs`, after `delayMs`. */
function turnOver(face: HTMLElement, back: HTMLElement, flipMs: number, delayMs: number): Animation[] {
  const half = flipMs / 2;
  return [
    back.animate(
      [{ transform: 'perspective(900px) rotateY(0deg)' }, { transform: 'perspective(900px) rotateY(90deg)' }],
      { duration: half, delay: delayMs, easing: 'ease-in', fill: 'both' },
    ),
    face.animate(
      [{ transform: 'perspective(900px) rotateY(-90deg)' }, { transform: 'perspective(900px) rotateY(0deg)' }],
      { duration: half, delay: delayMs + half, easing: 'ease-out', fill: 'both' },
    ),
  ];
}

/**
 * A squeezed card turning face up in its slot (docs/squeeze.md#the-reveal): a card still wholly face down turns over;
 * one the player has peeled past half-way lets its back go. Resolves when the face shows alone.
 */
export function playTurn(
  parts: { face: HTMLElement; back: HTMLElement; peeled: boolean },
  flipMs: number,
): Promise<void> {
  const animations = parts.peeled
    ? [parts.back.animate([{ opacity: 1 }, { opacity: 0 }], { duration: flipMs / 2, easing: 'ease-out', fill: 'both' })]
    : turnOver(parts.face, parts.back, flipMs, 0);
  return Promise.all(animations.map((a) => a.finished.catch(() => a))).then(() => undefined);
}

/** Plays one card's arrival; resolves when it lies face up in its slot (also when cancelled). */
export function playDeal(parts: DealParts, motion: CardMotion): { done: Promise<void>; cancel: () => void } {
  const rest = parts.sideways ? 'rotate(90deg)' : 'rotate(0deg)';
  const animations: Animation[] = [];
  if (motion.slideMs <= 0) {
    animations.push(
      parts.card.animate([{ opacity: 0 }, { opacity: 1 }], { duration: motion.fadeMs, easing: 'ease-out' }),
    );
  } else {
    const { dx, dy } = parts.aim ?? aimFromShoe(parts.card, parts.sideways);
    const start = parts.sideways ? 'rotate(24deg)' : 'rotate(-14deg)';
    animations.push(
      parts.card.animate(
        [
          { transform: `translate(${dx}px, ${dy}px) ${start} scale(0.72)`, opacity: 0.4 },
          { opacity: 1, offset: 0.2 },
          { transform: `translate(0px, 0px) ${rest} scale(1)`, opacity: 1 },
        ],
        { duration: motion.slideMs, easing: 'cubic-bezier(0.2, 0.75, 0.25, 1)' },
      ),
    );
    if (!parts.faceDown) animations.push(...turnOver(parts.face, parts.back, motion.flipMs, motion.slideMs));
  }
  const done = Promise.all(animations.map((a) => a.finished.catch(() => a))).then(() => {
    animations.forEach((a) => a.cancel());
  });
  return { done, cancel: () => animations.forEach((a) => a.cancel()) };
}
