import { circle, ellipse, robe, type CourtFigure } from './court-drawing.ts';

/**
 * The king's upper half: a pointed crown over a cap, a full beard, an ermine
 * cape over a robe with a gold front, a sword raised in his right hand.
 * Drawn in CardCourt's 100×140 box, bottom layer first (CardCourt.vue adds the turned lower half).
 */
export const KING: CourtFigure = {
  layers: [
    { paint: 'court-steel court-line', parts: ['M70.2 23 L71.6 19 L73 23 V53.6 H70.2Z'] },
    { paint: 'court-ink court-line', parts: [robe('L40 49 H60', 51)] },
    { paint: 'court-gold court-line', parts: ['M44 51 H56 L58.5 69.6 L41.5 71.2Z'] },
    { paint: 'court-stroke-ink', parts: ['M50 53 V70.4'] },
    { paint: 'court-ink', parts: ['M50 56.5 l1.7 2.2 -1.7 2.2 -1.7 -2.2z M50 62.5 l1.7 2.2 -1.7 2.2 -1.7 -2.2z'] },
    { paint: 'court-trim', parts: ['M41 52 L38.6 71.4 M59 52 L61.4 69.2 M24 64 L34 63 M66 62 L76 61'] },
    {
      paint: 'court-blue court-line',
      parts: [
        'M29 52.5 Q22 57.5 21.5 67.5 L30 66.7 Q31 60.5 36 56.5Z',
        'M71 52.5 Q77.5 55 77.5 61 L67.5 62 Q67 57.5 64.5 55Z',
      ],
    },
    { paint: 'court-trim', parts: ['M21.8 65.8 L30.2 65'] },
    { paint: 'court-white court-line', parts: ['M30 52 Q50 59.5 70 52 L64 48.3 Q50 53.5 36 48.3Z'] },
    {
      paint: 'court-dark',
      parts: [
        'M38 50.8 l-.7 1.7 h1.4z M44 53.2 l-.7 1.7 h1.4z M50 54.2 l-.7 1.7 h1.4z M56 53.2 l-.7 1.7 h1.4z M62 50.8 l-.7 1.7 h1.4z',
      ],
    },
    { paint: 'court-skin court-line', parts: ['M46 41 h8 v8 h-8z'] },
    {
      paint: 'court-hair court-line',
      parts: ['M41 27.5 Q38.5 38.5 41.5 46.5 L44.5 37.5Z M59 27.5 Q61.5 38.5 58.5 46.5 L55.5 37.5Z'],
    },
    { paint: 'court-skin court-line', parts: [ellipse(50, 34, 8, 9.5)] },
    {
      paint: 'court-hair court-line',
      parts: ['M42 35.5 Q41.5 47.5 50 51 Q58.5 47.5 58 35.5 Q55 43 50 43 Q45 43 42 35.5Z'],
    },
    { paint: 'court-stroke', parts: ['M46 45.5 q1 1.5 0 3 M50 46.5 q1 1.5 0 3 M54 45.5 q1 1.5 0 3'] },
    {
      paint: 'court-hair court-line',
      parts: ['M45 40.7 Q47.8 38.7 50 40.2 Q52.2 38.7 55 40.7 Q52.4 42.1 50 41.3 Q47.6 42.1 45 40.7Z'],
    },
    { paint: 'court-stroke', parts: ['M44.6 31.1 q2 -1.2 4 0 M51.4 31.1 q2 -1.2 4 0 M50.3 33.3 q-1.3 3.6 .7 4.2'] },
    { paint: 'court-dark', parts: [ellipse(46.7, 33, 1.15, 0.8), ellipse(53.3, 33, 1.15, 0.8)] },
    { paint: 'court-ink court-line', parts: ['M43 24.4 Q50 18.5 57 24.4Z'] },
    {
      paint: 'court-gold court-line',
      parts: ['M41.5 24.4 L41 19.8 L45.6 22.6 L50 19 L54.4 22.6 L59 19.8 L58.5 24.4Z'],
    },
    {
      paint: 'court-gold court-line',
      parts: ['M41.3 24 h17.4 v3.6 h-17.4z', circle(41, 19.8, 0.9), circle(50, 19, 0.9), circle(59, 19.8, 0.9)],
    },
    { paint: 'court-blue', parts: [circle(50, 25.8, 1.2)] },
    { paint: 'court-ink', parts: [circle(45.2, 25.8, 0.9), circle(54.8, 25.8, 0.9)] },
    { paint: 'court-wood court-line', parts: ['M70.6 55 h2 v3 h-2z'] },
    { paint: 'court-gold court-line', parts: ['M66.6 52.6 h10 v2.2 h-10z'] },
    { paint: 'court-skin court-line', parts: [ellipse(71.6, 58.8, 3.2, 2.7)] },
  ],
  /** The suit mark's corner of the frame, opposite the sword. */
  mark: 'translate(22 19.5) scale(0.1)',
};
