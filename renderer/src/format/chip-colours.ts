/**
 * Chip colours by value (minor units), like a casino's chip set: one table for the chip faces (BaseChip)
 * and the edges of a stack on the felt (TableSpot), so a chip looks the same from the top and the side.
 * A value between two entries takes the colour of the one below it; anything under the first takes the first.
 */
const PALETTE: readonly (readonly [minor: number, body: string, text: string])[] = [
  [50, '#7d8a96', '#ffffff'],
  [100, '#f2f2f2', '#1b2a6b'],
  [200, '#e0a100', '#1a1a1a'],
  [500, '#c62828', '#ffffff'],
  [1000, '#1f4fb8', '#ffffff'],
  [2000, '#00838f', '#ffffff'],
  [2500, '#2e7d32', '#ffffff'],
  [5000, '#e65100', '#ffffff'],
  [10000, '#1c1c1c', '#f3dc9b'],
  [50000, '#6a1b9a', '#ffffff'],
  [100000, '#f5c518', '#1a1a1a'],
];

export interface ChipColours {
  readonly body: string;
  readonly text: string;
}

export function chipColours(minor: number): ChipColours {
  let best = PALETTE[0]!;
  for (const p of PALETTE) if (p[0] <= minor) best = p;
  return { body: best[1], text: best[2] };
}
