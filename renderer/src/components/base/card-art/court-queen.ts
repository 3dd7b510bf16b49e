import { circle, ellipse, robe, SLEEVE_LEFT, SLEEVE_RIGHT, type CourtFigure } from './court-drawing.ts';

/**
 * The queen's upper half: a pearl crown over a veil, long hair, a laced gold
 * bodice under a low neckline with a necklace, a flower held up in her hand.
 * Drawn in CardCourt's 100×140 box, bottom layer first (CardCourt.vue adds the turned lower half).
 */
export const QUEEN: CourtFigure = {
  layers: [
    {
      paint: 'court-blue court-line',
      parts: ['M40.5 27 Q34.5 41 36 56 L45 49 Q42 38 44 29Z M59.5 27 Q65.5 41 64 56 L55 49 Q58 38 56 29Z'],
    },
    { paint: 'court-ink court-line', parts: [robe('L42 49.5 Q50 56 58 49.5')] },
    { paint: 'court-gold court-line', parts: ['M45 55.5 H55 L57.5 69.7 L42.5 71.1Z'] },
    {
      paint: 'court-stroke-ink',
      parts: ['M45.6 58 L54.6 61.5 M54.4 58 L45.4 61.5 M44.9 63.5 L55.3 67 M55.1 63.5 L44.7 67'],
    },
    { paint: 'court-trim', parts: ['M42 56 L40 71.3 M58 56 L60 69.4'] },
    { paint: 'court-blue court-line', parts: [SLEEVE_LEFT, SLEEVE_RIGHT] },
    { paint: 'court-trim', parts: ['M21.8 66.4 L30.2 65.6 M69.8 65.6 L78.2 66.4'] },
    {
      paint: 'court-skin court-line',
      parts: ['M46.4 41.5 h7.2 v7.5 h-7.2z M42 49.5 Q50 56 58 49.5 L56 48 Q50 51 44 48Z'],
    },
    {
      paint: 'court-gold court-line',
      parts: [
        'M44.6 51.2 a.9 .9 0 1 0 .01 0z M47.2 53.2 a.9 .9 0 1 0 .01 0z M50 54 a1 1 0 1 0 .01 0z M52.8 53.2 a.9 .9 0 1 0 .01 0z M55.4 51.2 a.9 .9 0 1 0 .01 0z',
      ],
    },
    { paint: 'court-hair court-line', parts: ['M42.5 28 Q39.5 40 42.8 49 L46 38Z M57.5 28 Q60.5 40 57.2 49 L54 38Z'] },
    { paint: 'court-skin court-line', parts: [ellipse(50, 34.5, 7.4, 8.8)] },
    {
      paint: 'court-hair court-line',
      parts: ['M42.8 31.5 Q44.5 25.5 50 25.5 Q55.5 25.5 57.2 31.5 Q53.5 28.8 50 29 Q46.5 28.8 42.8 31.5Z'],
    },
    { paint: 'court-stroke', parts: ['M45.3 32.2 q1.7 -1 3.4 0 M51.3 32.2 q1.7 -1 3.4 0 M50.2 34.4 q-1.1 3 .6 3.5'] },
    { paint: 'court-dark', parts: [ellipse(47, 34, 1, 0.7), ellipse(53, 34, 1, 0.7)] },
    { paint: 'court-lips', parts: ['M48 40 q2 1.4 4 0 q-2 -.8 -4 0z'] },
    { paint: 'court-cheek', parts: [circle(45.6, 37.5, 1.4), circle(54.4, 37.5, 1.4)] },
    { paint: 'court-gold court-line', parts: ['M43 24.6 L42.6 20 L46.6 22.6 L50 19.2 L53.4 22.6 L57.4 20 L57 24.6Z'] },
    { paint: 'court-gold court-line', parts: ['M43 24.3 h14 v3 h-14z'] },
    { paint: 'court-white court-line', parts: [circle(42.6, 20, 1), circle(50, 19.2, 1), circle(57.4, 20, 1)] },
    { paint: 'court-ink', parts: [circle(50, 25.8, 0.9)] },
    { paint: 'court-stem', parts: ['M29.6 62 Q27.8 48 29.8 35 M28.8 49 Q24 47 23.5 43.5 Q27.5 44 28.8 49Z'] },
    {
      paint: 'court-ink court-line',
      parts: [
        'M29.8 27.9 a2.3 2.3 0 1 0 .01 0z M27.6 29.5 a2.3 2.3 0 1 0 .01 0z M32 29.5 a2.3 2.3 0 1 0 .01 0z M28.4 32.1 a2.3 2.3 0 1 0 .01 0z M31.2 32.1 a2.3 2.3 0 1 0 .01 0z',
      ],
    },
    { paint: 'court-gold court-line', parts: [circle(29.8, 32.4, 1.5)] },
    { paint: 'court-skin court-line', parts: [ellipse(29.8, 62, 3, 2.5)] },
  ],
  /** The suit mark's corner of the frame, opposite the flower. */
  mark: 'translate(68 19.5) scale(0.1)',
};
