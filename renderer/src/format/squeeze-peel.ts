/**
 * The geometry of a squeezed card (docs/squeeze.md#the-peel): where a press takes hold of the card, how far a drag
 * has folded it back, and when it has shown enough to turn over. Pure numbers in the card's own pixels, origin at
 * its top-left corner, so the component only reads the pointer and writes one clip-path per frame.
 */

export interface Point {
  readonly x: number;
  readonly y: number;
}
export interface Size {
  readonly w: number;
  readonly h: number;
}
/** A screen rectangle as getBoundingClientRect gives it. */
export interface ScreenRect {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** Past this share of its face shown, a peeled card turns over by itself. */
export const PEEL_TURN_SHARE = 0.45;
/** A press this close to two edges (as a share of the card's width) takes the corner, as a player lifts a corner. */
export const CORNER_REACH = 0.25;

/**
 * A point on the screen in the card's own pixels. A third card lies across its slot, turned a quarter clockwise
 * (TableHandCard.vue), so its screen box is the card's on its side.
 */
export function toCardPoint(screen: Point, rect: ScreenRect, sideways: boolean): Point {
  if (!sideways) return { x: screen.x - rect.left, y: screen.y - rect.top };
  const cx = rect.left + rect.width / 2;
  const cy = rect.top + rect.height / 2;
  return { x: screen.y - cy + rect.height / 2, y: -(screen.x - cx) + rect.width / 2 };
}

/** The card's own size from its screen box (width and height swap for a card on its side). */
export function cardSize(rect: ScreenRect, sideways: boolean): Size {
  return sideways ? { w: rect.height, h: rect.width } : { w: rect.width, h: rect.height };
}

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

/**
 * Where the card is held: the press moved to the nearest edge, or to the corner when it lies near two edges. A live
 * squeeze lifts the card from its edge; the fold starts there whatever part of the card was touched.
 */
export function peelAnchor(press: Point, size: Size): Point {
  const x = clamp(press.x, 0, size.w);
  const y = clamp(press.y, 0, size.h);
  const reach = CORNER_REACH * size.w;
  const nearX = x < size.w - x ? 0 : size.w;
  const nearY = y < size.h - y ? 0 : size.h;
  const dx = Math.abs(x - nearX);
  const dy = Math.abs(y - nearY);
  if (dx <= reach && dy <= reach) return { x: nearX, y: nearY };
  return dx <= dy ? { x: nearX, y } : { x, y: nearY };
}

/** The card's rectangle clipped to the half-plane where (p − origin)·normal ≥ offset (Sutherland–Hodgman, one edge). */
function clipRect(size: Size, normal: Point, offset: number): Point[] {
  const corners: Point[] = [
    { x: 0, y: 0 },
    { x: size.w, y: 0 },
    { x: size.w, y: size.h },
    { x: 0, y: size.h },
  ];
  const side = (p: Point): number => p.x * normal.x + p.y * normal.y - offset;
  const out: Point[] = [];
  corners.forEach((a, i) => {
    const b = corners[(i + 1) % corners.length]!;
    const sa = side(a);
    const sb = side(b);
    if (sa >= 0) out.push(a);
    if (sa >= 0 !== sb >= 0) {
      const t = sa / (sa - sb);
      out.push({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
    }
  });
  return out;
}

function area(polygon: readonly Point[]): number {
  let twice = 0;
  polygon.forEach((a, i) => {
    const b = polygon[(i + 1) % polygon.length]!;
    twice += a.x * b.y - b.x * a.y;
  });
  return Math.abs(twice) / 2;
}

export interface Peel {
  /** The part of the card whose back still shows, in the card's pixels (empty: all of the face shows). */
  readonly back: readonly Point[];
  /** The share of the face in view, 0 to 1. */
  readonly shown: number;
}

/**
 * The card held at `anchor` and drawn to `to`: it folds along the line halfway between them, square to the drag, as
 * paper does. Everything on the anchor's side of the fold shows its face; the rest still shows the back.
 */
export function peel(anchor: Point, to: Point, size: Size): Peel {
  const d = { x: to.x - anchor.x, y: to.y - anchor.y };
  const full = size.w * size.h;
  if (full <= 0 || d.x * d.x + d.y * d.y < 1e-9) return { back: clipRect(size, { x: 0, y: 0 }, 0), shown: 0 };
  const mid = { x: (anchor.x + to.x) / 2, y: (anchor.y + to.y) / 2 };
  const back = clipRect(size, d, mid.x * d.x + mid.y * d.y);
  return { back, shown: clamp(1 - area(back) / full, 0, 1) };
}

/**
 * The fold of a drag, for the shade along it: the point halfway between where the card is held and the pointer, and
 * the turn (degrees) that lays a band's top edge on the fold with its face toward the held edge. null: no drag yet.
 */
export function foldLine(anchor: Point, to: Point): { x: number; y: number; angleDeg: number } | null {
  const dx = to.x - anchor.x;
  const dy = to.y - anchor.y;
  if (dx * dx + dy * dy < 1e-9) return null;
  return { x: (anchor.x + to.x) / 2, y: (anchor.y + to.y) / 2, angleDeg: (Math.atan2(dy, dx) * 180) / Math.PI + 90 };
}

/** Whether a peel has shown enough for the card to turn over. */
export function peelTurns(p: Peel): boolean {
  return p.shown >= PEEL_TURN_SHARE;
}

/** The back's outline as a CSS clip-path, in percentages of the card's own box (it scales with the stage). */
export function peelClipPath(p: Peel, size: Size): string {
  if (p.back.length === 0) return 'polygon(0 0, 0 0, 0 0)';
  const pct = (v: number, of: number): string => `${((v / of) * 100).toFixed(2)}%`;
  return `polygon(${p.back.map((q) => `${pct(q.x, size.w)} ${pct(q.y, size.h)}`).join(', ')})`;
}
