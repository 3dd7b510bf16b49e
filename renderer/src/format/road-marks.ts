/**
 * How the roads panel draws its marks (docs/roads.md): the colours of Banker, Player and Tie, the colours
 * of the derived roads, and where a previewed mark would go. The roads themselves come from the core's
 * computeRoads on main's outcomes; nothing here decides a road.
 */
import type { Winner } from '../../../electron/core/engine/round.ts';
import type { RoadColour } from '../../../electron/core/roads/road-types.ts';
import { layOutStreaks, type GridPlace } from '../../../electron/core/roads/streak-grid.ts';

/** On the panel's light board: dark enough for a thin ring to read from the seat. */
export const WINNER_COLOUR: Readonly<Record<Winner, string>> = {
  banker: '#c62828',
  player: '#1452b8',
  tie: '#1e7b3c',
};

/** Red repeats, blue chops: the derived roads' own colours (not Banker red or Player blue). */
export const ROAD_COLOUR: Readonly<Record<RoadColour, string>> = { red: '#c62828', blue: '#1452b8' };

export const DERIVED_ROADS = ['bigEyeBoy', 'smallRoad', 'cockroachPig'] as const;
export type DerivedRoadName = (typeof DERIVED_ROADS)[number];

/**
 * Where `next` would be drawn after `marks` (the same streak rule the core lays the road out with), so an
 * ask preview shows its mark in the very cell it would take.
 */
export function nextPlace<K>(marks: readonly K[], next: K): GridPlace {
  return layOutStreaks([...marks, next]).at(-1)!;
}

/** How many columns a grid needs: the drawn cells, at least `visible`, plus one empty column to grow into. */
export function gridColumns(cells: readonly { readonly x: number }[], visible: number): number {
  const used = cells.reduce((most, c) => Math.max(most, c.x + 1), 0);
  return Math.max(visible, used + 1);
}
