/**
 * What the three court figures share, and the one rule for their lower halves. A figure is drawn as
 * its upper half in a 100×140 box (the card's picture area), bottom layer first; the lower half is the
 * same drawing turned 180° about the centre (50, 70), like a printed double-headed court card.
 *
 * Each layer is a single SVG path of one paint: the deal animates these cards on a screen rastered in
 * software, so every element costs, and shapes of one paint are drawn as one path wherever nothing
 * drawn between them overlaps them (moving them would change the picture). The upper and the lower
 * half of a layer share its path too, so a card has one element per layer, not two.
 */

/** The paints are the classes CardCourt.vue styles (theme.css `--card-court-*`, the suit's colour for ink). */
export interface CourtLayer {
  readonly paint: string;
  /** The layer's shapes, each a closed or open subpath in absolute-first SVG path syntax. */
  readonly parts: readonly string[];
}

export interface CourtFigure {
  readonly layers: readonly CourtLayer[];
  /** Where the small suit mark sits (SVG transform of a 100×100 suit shape), on the side the figure leaves free. */
  readonly mark: string;
}

const CENTRE_X2 = 100;
const CENTRE_Y2 = 140;

/** An ellipse (or a circle) as a path: two half arcs from its leftmost point. */
export function ellipse(cx: number, cy: number, rx: number, ry: number): string {
  return `M${cx - rx} ${cy} a${rx} ${ry} 0 1 0 ${2 * rx} 0 a${rx} ${ry} 0 1 0 ${-2 * rx} 0Z`;
}

export function circle(cx: number, cy: number, r: number): string {
  return ellipse(cx, cy, r, r);
}

/**
 * The robe in the suit's colour: shoulders from the frame's left edge to its right, down to the
 * divider. `neckline` runs from the left shoulder's inner point to the right one's (x 30 to 70);
 * `shoulder` is the height where the shoulders meet the neck (the king's sit a little higher).
 */
export function robe(neckline: string, shoulder = 52): string {
  return `M19.5 73.6 V${shoulder + 7.5} Q21 ${shoulder + 1.8} 30 ${shoulder} ${neckline} L70 ${shoulder} Q79 ${shoulder + 1.8} 80.5 ${shoulder + 7.5} V66.4Z`;
}

/** The queen's and the jack's sleeves (the king wears a cape instead). */
export const SLEEVE_LEFT = 'M29 53 Q22 58 21.5 68 L30 67.2 Q31 61 36 57Z';
export const SLEEVE_RIGHT = 'M71 53 Q78 58 78.5 68 L70 67.2 Q69 61 64 57Z';

const COMMAND = /[MmLlHhVvQqCcSsTtAaZz]|-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?/g;
/** How many numbers each command takes, and which of them are x and y coordinates. */
const ARGS: Record<string, { n: number; x: number[]; y: number[] }> = {
  M: { n: 2, x: [0], y: [1] },
  L: { n: 2, x: [0], y: [1] },
  T: { n: 2, x: [0], y: [1] },
  H: { n: 1, x: [0], y: [] },
  V: { n: 1, x: [], y: [0] },
  Q: { n: 4, x: [0, 2], y: [1, 3] },
  S: { n: 4, x: [0, 2], y: [1, 3] },
  C: { n: 6, x: [0, 2, 4], y: [1, 3, 5] },
  // rx ry rotation large-arc sweep x y: a half turn keeps the radii, the rotation and both flags.
  A: { n: 7, x: [5], y: [6] },
  Z: { n: 0, x: [], y: [] },
};

/**
 * A path turned 180° about the card's centre: absolute points (x, y) become (100 − x, 140 − y),
 * relative steps change sign. Throws on anything that is not path data, naming the token.
 */
export function turned(d: string): string {
  const stray = d.replace(COMMAND, '').replace(/[\s,]/g, '');
  if (stray) throw new Error(`turned: "${stray}" in "${d}" is not SVG path data`);
  const tokens = d.match(COMMAND) ?? [];
  const out: string[] = [];
  let command = '';
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i]!;
    if (/[a-z]/i.test(token)) {
      command = token;
      out.push(token);
      i++;
      if (command.toUpperCase() === 'Z') continue;
    }
    const spec = ARGS[command.toUpperCase()];
    if (!spec || spec.n === 0) throw new Error(`turned: "${token}" in "${d}" is not SVG path data`);
    const relative = command === command.toLowerCase();
    const args = tokens.slice(i, i + spec.n).map(Number);
    if (args.length < spec.n || args.some(Number.isNaN)) {
      throw new Error(`turned: ${command} in "${d}" needs ${spec.n} numbers`);
    }
    const flip = (k: number, whole: number): number => (relative ? -args[k]! : whole - args[k]!);
    const mapped = args.map((v, k) =>
      spec.x.includes(k) ? flip(k, CENTRE_X2) : spec.y.includes(k) ? flip(k, CENTRE_Y2) : v,
    );
    out.push(mapped.map((v) => String(Math.round(v * 1e6) / 1e6)).join(' '));
    i += spec.n;
  }
  return out.join(' ');
}

/** One path's data for a layer: its shapes in the upper half, then the same shapes turned. */
export function layerPath(layer: CourtLayer): string {
  const upper = layer.parts.join(' ');
  return `${upper} ${turned(upper)}`;
}
