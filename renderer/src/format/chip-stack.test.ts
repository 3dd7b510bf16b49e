import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chipStackView } from './chip-stack.ts';

describe('a spot draws its chips as a stack that grows up to a cap', () => {
  it('an empty spot draws nothing and has no top chip', () => {
    expect(chipStackView([], 10)).toEqual({ layers: [], top: null, count: 0, hidden: 0 });
  });

  it('the chip placed last is on top', () => {
    expect(chipStackView([500, 100, 2500], 10).top).toBe(2500);
  });

  it('a stack taller than the cap draws the newest chips and counts every one', () => {
    const view = chipStackView([100, 100, 100, 500, 500], 3);
    expect(view.layers).toEqual([100, 500, 500]);
    expect(view.count).toBe(5);
    expect(view.hidden).toBe(2);
  });

  it('refuses a cap under one layer, saying what is allowed', () => {
    expect(() => chipStackView([100], 0)).toThrow(/at least one layer; got a cap of 0/);
  });

  it('height grows with the chips until the cap, never beyond it, and nothing is lost from the count', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 100_000 }), { maxLength: 40 }),
        fc.integer({ min: 1, max: 12 }),
        (chips, cap) => {
          const view = chipStackView(chips, cap);
          expect(view.layers.length).toBe(Math.min(chips.length, cap));
          expect(view.layers.length + view.hidden).toBe(view.count);
          expect(view.count).toBe(chips.length);
          expect(view.top).toBe(chips.length > 0 ? chips[chips.length - 1] : null);
        },
      ),
    );
  });
});
