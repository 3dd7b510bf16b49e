import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fittedFontPx } from './useAttractFit.ts';

describe('attract text keeps its size when it fits and shrinks just enough when it does not', () => {
  it('a line that fits keeps the full size', () => {
    expect(fittedFontPx(700, 984, 64, 40)).toBe(64);
  });
  it('a line too long shrinks in proportion, to a size at which it fits', () => {
    expect(fittedFontPx(1_200, 984, 64, 40)).toBe(52);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 100, max: 2_000 }), (natural, room) => {
        const px = fittedFontPx(natural, room, 64, 40);
        expect(px).toBeGreaterThanOrEqual(40);
        expect(px).toBeLessThanOrEqual(64);
        if (px > 40) expect((natural * px) / 64).toBeLessThanOrEqual(room);
      }),
    );
  });
  it('never below the floor: below it the text wraps instead', () => {
    expect(fittedFontPx(5_000, 984, 64, 40)).toBe(40);
  });
});
