import { circle, ellipse, robe, SLEEVE_LEFT, SLEEVE_RIGHT, type CourtFigure } from './court-drawing.ts';

/**
 * The jack's upper half: a soft cap with a long feather, short hair, a ruffed
 * collar over a buttoned tunic with parti-coloured sleeves, a halberd in his hand.
 * Drawn in CardCourt's 100×140 box, bottom layer first (CardCourt.vue adds the turned lower half).
 */
export const JACK: CourtFigure = {
  layers: [
    { paint: 'court-wood court-line', parts: ['M26.3 22 h1.8 v38 h-1.8z'] },
    {
      paint: 'court-steel court-line',
      parts: ['M27.2 17.6 L29.4 22.6 H25Z M28.1 24 Q34.5 25.5 33.6 31.5 Q30.8 29.2 28.1 30Z'],
    },
    { paint: 'court-ink court-line', parts: [robe('L40 50 Q50 53.5 60 50')] },
    { paint: 'court-blue court-line', parts: [SLEEVE_LEFT, 'M45 54 H55 L57.5 69.7 L42.5 71.1Z'] },
    { paint: 'court-gold court-line', parts: [SLEEVE_RIGHT] },
    { paint: 'court-stroke-ink', parts: ['M73 58 L77 62 M71 61 L76 66'] },
    { paint: 'court-trim', parts: ['M42 55 L40 71.3 M58 55 L60 69.4'] },
    { paint: 'court-gold court-line', parts: [circle(50, 57.5, 1.1), circle(50, 62, 1.1), circle(50, 66.5, 1.1)] },
    { paint: 'court-skin court-line', parts: ['M46.6 42 h6.8 v7.5 h-6.8z'] },
    {
      paint: 'court-white court-line',
      parts: [
        'M38 48.5 L41 51.6 L44 48.8 L47 52 L50 49 L53 52 L56 48.8 L59 51.6 L62 48.5 L62.5 52.5 Q50 57.5 37.5 52.5Z',
      ],
    },
    { paint: 'court-hair court-line', parts: ['M42.6 30 Q40 37 43 43 L45 35Z M57.4 30 Q60 37 57 43 L55 35Z'] },
    { paint: 'court-skin court-line', parts: [ellipse(50, 35.5, 7.4, 8.6), ellipse(27.2, 58.8, 3, 2.5)] },
    {
      paint: 'court-stroke',
      parts: ['M45.4 33 q1.6 -1 3.2 0 M51.4 33 q1.6 -1 3.2 0 M50.2 35.2 q-1 2.8 .6 3.3 M48.3 40.6 q1.7 .9 3.4 0'],
    },
    { paint: 'court-dark', parts: [ellipse(47.2, 34.8, 1, 0.7), ellipse(52.8, 34.8, 1, 0.7)] },
    { paint: 'court-cheek', parts: [circle(45.4, 38.4, 1.3), circle(54.6, 38.4, 1.3)] },
    { paint: 'court-ink court-line', parts: ['M41 30.5 Q39.5 20.5 50 19 Q61 19.5 60.5 29.5 Q50 26 41 30.5Z'] },
    { paint: 'court-gold court-line', parts: ['M41 30.5 Q50 26 60.5 29.5 L60.2 27 Q50 23.5 41.2 28Z'] },
    { paint: 'court-white court-line', parts: ['M57.5 22.5 Q63 16.5 74 18 Q66 18.8 60.5 25Z'] },
    { paint: 'court-stroke', parts: ['M60 23 Q65 18.8 72 18.3'] },
  ],
  /** The suit mark's corner of the frame, opposite the halberd. */
  mark: 'translate(69 21.5) scale(0.1)',
};
