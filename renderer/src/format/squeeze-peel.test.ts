import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cardSize,
  foldLine,
  peel,
  peelAnchor,
  peelClipPath,
  peelTurns,
  toCardPoint,
  PEEL_TURN_SHARE,
  type Point,
  type Size,
} from './squeeze-peel.ts';

const CARD: Size = { w: 184, h: 258 };
const inside = (size: Size) =>
  fc.record({ x: fc.double({ min: 0, max: size.w, noNaN: true }), y: fc.double({ min: 0, max: size.h, noNaN: true }) });
const anywhere = fc.record({
  x: fc.double({ min: -500, max: 700, noNaN: true }),
  y: fc.double({ min: -500, max: 700, noNaN: true }),
});
const onEdge = (p: Point, size: Size): boolean =>
  p.x === 0 || p.y === 0 || Math.abs(p.x - size.w) < 1e-9 || Math.abs(p.y - size.h) < 1e-9;

describe('where a press takes hold of the card', () => {
  it('a press near a corner takes the corner', () => {
    expect(peelAnchor({ x: 170, y: 245 }, CARD)).toEqual({ x: 184, y: 258 });
    expect(peelAnchor({ x: 10, y: 20 }, CARD)).toEqual({ x: 0, y: 0 });
  });
  it('a press near one edge takes that edge at the same height or width', () => {
    expect(peelAnchor({ x: 92, y: 240 }, CARD)).toEqual({ x: 92, y: 258 });
    expect(peelAnchor({ x: 5, y: 129 }, CARD)).toEqual({ x: 0, y: 129 });
  });
  it('for any press, on or off the card, is a point of its edge', () => {
    fc.assert(
      fc.property(anywhere, (press) => {
        const a = peelAnchor(press, CARD);
        expect(onEdge(a, CARD)).toBe(true);
        expect(a.x).toBeGreaterThanOrEqual(0);
        expect(a.y).toBeLessThanOrEqual(CARD.h);
      }),
    );
  });
});

describe('how far a drag has folded the card', () => {
  it('shows nothing before the pointer moves', () => {
    expect(peel({ x: 0, y: 258 }, { x: 0, y: 258 }, CARD).shown).toBe(0);
  });
  it('a corner drawn a little way shows a small triangle of the face, the rest still shows the back', () => {
    const p = peel({ x: 184, y: 258 }, { x: 144, y: 218 }, CARD);
    // Fold through (164, 238) square to the diagonal: a right triangle with legs of 40 px.
    expect(p.shown).toBeCloseTo((40 * 40) / 2 / (184 * 258), 6);
    expect(peelTurns(p)).toBe(false);
  });
  it('the bottom edge lifted half way up the card shows a quarter of it', () => {
    const p = peel({ x: 92, y: 258 }, { x: 92, y: 129 }, CARD);
    expect(p.shown).toBeCloseTo(0.25, 6);
    expect(peelClipPath(p, CARD)).toBe('polygon(0.00% 0.00%, 100.00% 0.00%, 100.00% 75.00%, 0.00% 75.00%)');
  });
  it('turns the card once the share of its face shown reaches the threshold', () => {
    const lift = (share: number) => peel({ x: 92, y: 258 }, { x: 92, y: 258 - 2 * share * 258 }, CARD);
    expect(peelTurns(lift(PEEL_TURN_SHARE - 0.01))).toBe(false);
    expect(peelTurns(lift(PEEL_TURN_SHARE))).toBe(true);
  });
  it('for any drag, shows a share from 0 to 1 and keeps the back inside the card', () => {
    fc.assert(
      fc.property(anywhere, anywhere, (press, to) => {
        const p = peel(peelAnchor(press, CARD), to, CARD);
        expect(p.shown).toBeGreaterThanOrEqual(0);
        expect(p.shown).toBeLessThanOrEqual(1);
        for (const q of p.back) {
          expect(q.x).toBeGreaterThanOrEqual(-1e-6);
          expect(q.x).toBeLessThanOrEqual(CARD.w + 1e-6);
          expect(q.y).toBeGreaterThanOrEqual(-1e-6);
          expect(q.y).toBeLessThanOrEqual(CARD.h + 1e-6);
        }
      }),
    );
  });
  it('for any direction, drawing further never shows less, and far enough shows all of it', () => {
    fc.assert(
      fc.property(
        anywhere,
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.double({ min: 0, max: 400, noNaN: true }),
        fc.double({ min: 0, max: 400, noNaN: true }),
        (press, angle, a, b) => {
          const anchor = peelAnchor(press, CARD);
          const at = (t: number) => ({ x: anchor.x + Math.cos(angle) * t, y: anchor.y + Math.sin(angle) * t });
          const [near, far] = a < b ? [a, b] : [b, a];
          expect(peel(anchor, at(far), CARD).shown).toBeGreaterThanOrEqual(peel(anchor, at(near), CARD).shown - 1e-9);
          const diagonal = Math.hypot(CARD.w, CARD.h);
          expect(peel(anchor, at(2 * diagonal + 1), CARD).shown).toBe(1);
        },
      ),
    );
  });
});

describe('the shade along the fold', () => {
  it('lies halfway along the drag, square to it, facing the held edge', () => {
    expect(foldLine({ x: 92, y: 258 }, { x: 92, y: 258 })).toBeNull();
    // Drawn straight up from the bottom edge: the fold is level, and the band hangs down toward the held edge.
    expect(foldLine({ x: 92, y: 258 }, { x: 92, y: 158 })).toEqual({ x: 92, y: 208, angleDeg: 0 });
    // Drawn right from the left edge: the fold stands upright, the band facing left.
    const f = foldLine({ x: 0, y: 0 }, { x: 40, y: 0 })!;
    expect([f.x, f.y, f.angleDeg]).toEqual([20, 0, 90]);
  });
});

describe("a pointer on the screen in the card's own pixels", () => {
  const rect = { left: 100, top: 50, width: 184, height: 258 };
  it('an upright card: the offset from its top-left corner', () => {
    expect(toCardPoint({ x: 110, y: 60 }, rect, false)).toEqual({ x: 10, y: 10 });
    expect(cardSize(rect, false)).toEqual({ w: 184, h: 258 });
  });
  it("a third card on its side (a quarter turn clockwise): the screen's top-right corner is the card's top-left", () => {
    const side = { left: 100, top: 50, width: 258, height: 184 };
    expect(cardSize(side, true)).toEqual({ w: 184, h: 258 });
    expect(toCardPoint({ x: 358, y: 50 }, side, true)).toEqual({ x: 0, y: 0 });
    expect(toCardPoint({ x: 100, y: 234 }, side, true)).toEqual({ x: 184, y: 258 });
  });
  it('for any point of a card on its side, lands inside the card', () => {
    const side = { left: 100, top: 50, width: 258, height: 184 };
    fc.assert(
      fc.property(inside({ w: 258, h: 184 }), (p) => {
        const q = toCardPoint({ x: p.x + 100, y: p.y + 50 }, side, true);
        expect(q.x).toBeGreaterThanOrEqual(-1e-9);
        expect(q.x).toBeLessThanOrEqual(184 + 1e-9);
        expect(q.y).toBeGreaterThanOrEqual(-1e-9);
        expect(q.y).toBeLessThanOrEqual(258 + 1e-9);
      }),
    );
  });
});
