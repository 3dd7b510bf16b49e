/**
 * The bead plate (docs/roads.md#bead-plate): one cell per round, ties included, in columns of six
 * filled top to bottom. Each cell carries the whole outcome, so the renderer can show the winning total
 * or the letter and the pair dots without a second look-up.
 */
import { ROAD_ROWS, type BeadCell, type RoadOutcome } from './road-types.ts';

export function beadPlate(outcomes: readonly RoadOutcome[]): BeadCell[] {
  return outcomes.map((outcome, index) => ({
    x: Math.floor(index / ROAD_ROWS),
    y: index % ROAD_ROWS,
    outcome,
  }));
}
