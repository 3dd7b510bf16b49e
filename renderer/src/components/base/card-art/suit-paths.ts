import type { Card } from '../../../../../electron/core/cards/card.ts';

/**
 * The four suit shapes as single SVG paths in a 100×100 box, shared by the pips (BaseSuit.vue) and the
 * court figures' suit marks, so every suit on a card is the same drawing.
 */
function circle(cx: number, cy: number, r: number): string {
  return `M${cx - r} ${cy} a${r} ${r} 0 1 0 ${2 * r} 0 a${r} ${r} 0 1 0 ${-2 * r} 0Z`;
}

export const SUIT_PATH: Readonly<Record<Card['suit'], string>> = {
  H: 'M50 90 C22 68 4 50 4 30 C4 14 16 4 30 4 C40 4 47 10 50 18 C53 10 60 4 70 4 C84 4 96 14 96 30 C96 50 78 68 50 90Z',
  D: 'M50 2 L90 50 L50 98 L10 50Z',
  S: 'M50 4 C64 24 93 40 93 61 C93 75 82 84 69 84 C61 84 56 80 53 75 C54 86 59 92 67 96 L33 96 C41 92 46 86 47 75 C44 80 39 84 31 84 C18 84 7 75 7 61 C7 40 36 24 50 4Z',
  C: [
    circle(50, 27, 20),
    circle(27, 58, 20),
    circle(73, 58, 20),
    'M46 52 C46 74 42 88 31 96 L69 96 C58 88 54 74 54 52Z',
  ].join(' '),
};
