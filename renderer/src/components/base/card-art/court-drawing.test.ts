import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { circle, layerPath, robe, turned } from './court-drawing.ts';
import { JACK } from './court-jack.ts';
import { KING } from './court-king.ts';
import { QUEEN } from './court-queen.ts';

/** The numbers of a path, in order (to compare paths by value, not by spelling). */
const numbers = (d: string): number[] => (d.match(/-?(?:\d+\.?\d*|\.\d+)/g) ?? []).map(Number);

describe('the lower half of a court card', () => {
  it('turns absolute points about the centre (50, 70) and reverses relative steps', () => {
    expect(turned('M10 20 L30 40 H60 V100 Z')).toBe('M 90 120 L 70 100 H 40 V 40 Z');
    expect(turned('M50 56.5 l1.7 2.2 -1.7 2.2z')).toBe('M 50 83.5 l -1.7 -2.2 1.7 -2.2 z');
    expect(turned('M0 0 Q10 20 30 40')).toBe('M 100 140 Q 90 120 70 100');
  });

  it('keeps an arc’s radii, rotation and flags and moves only its end point', () => {
    expect(turned('M41 30 a9 8 0 1 0 18 0')).toBe('M 59 110 a 9 8 0 1 0 -18 0');
  });

  it('turned twice is the drawing it started from', () => {
    const point = fc.tuple(fc.integer({ min: -200, max: 300 }), fc.integer({ min: -200, max: 300 }));
    fc.assert(
      fc.property(fc.array(point, { minLength: 1, maxLength: 8 }), fc.boolean(), (points, relative) => {
        const d = points.map(([x, y], i) => `${i === 0 ? 'M' : relative ? 'l' : 'L'}${x / 10} ${y / 10}`).join(' ');
        expect(numbers(turned(turned(d)))).toEqual(numbers(d));
      }),
    );
  });

  it('refuses what is not path data, saying what it met', () => {
    expect(() => turned('M10 20 X5 5')).toThrow('"X" in "M10 20 X5 5" is not SVG path data');
    expect(() => turned('M10')).toThrow('M in "M10" needs 2 numbers');
  });
});

describe('the court figures', () => {
  it('draw each layer once for both halves: the upper shapes and the same shapes turned', () => {
    for (const figure of [KING, QUEEN, JACK]) {
      for (const layer of figure.layers) {
        const d = layerPath(layer);
        const upper = layer.parts.join(' ');
        expect(d.startsWith(upper)).toBe(true);
        expect(numbers(d)).toHaveLength(2 * numbers(upper).length);
      }
    }
  });

  it('wear the shared robe in the suit colour, the king’s shoulders a unit higher', () => {
    const robeOf = (figure: typeof KING): string | undefined =>
      figure.layers.find((l) => l.paint === 'court-ink court-line')?.parts.find((p) => p.startsWith('M19.5 73.6'));
    expect(robeOf(KING)).toBe(robe('L40 49 H60', 51));
    expect(robeOf(QUEEN)).toBe(robe('L42 49.5 Q50 56 58 49.5'));
    expect(robeOf(JACK)).toBe(robe('L40 50 Q50 53.5 60 50'));
    expect(robe('L40 49 H60', 51)).toBe('M19.5 73.6 V58.5 Q21 52.8 30 51 L40 49 H60 L70 51 Q79 52.8 80.5 58.5 V66.4Z');
  });

  it('paint only with the paints CardCourt.vue styles', () => {
    const css = readFileSync(new URL('./CardCourt.vue', import.meta.url), 'utf8');
    const styled = new Set([...css.matchAll(/\.court \.(court-[a-z-]+)/g)].map((m) => m[1]));
    for (const figure of [KING, QUEEN, JACK]) {
      for (const layer of figure.layers) for (const paint of layer.paint.split(' ')) expect(styled).toContain(paint);
    }
    expect(circle(50, 25.8, 1)).toBe('M49 25.8 a1 1 0 1 0 2 0 a1 1 0 1 0 -2 0Z');
  });
});
