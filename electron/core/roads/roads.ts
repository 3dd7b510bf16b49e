/**
 * Every road of a window of rounds (docs/roads.md), as one pure function of the outcomes, oldest first.
 * The window itself (how many recent rounds) is the caller's choice; the renderer only draws the result.
 */
import { askPreview } from './ask-preview.ts';
import { beadPlate } from './bead-plate.ts';
import { bigRoad } from './big-road.ts';
import { DERIVED_ROAD_DISTANCE, derivedRoad } from './derived-road.ts';
import { roadCounters } from './road-counters.ts';
import type { RoadOutcome, Roads } from './road-types.ts';

export function computeRoads(outcomes: readonly RoadOutcome[]): Roads {
  const big = bigRoad(outcomes);
  return {
    beadPlate: beadPlate(outcomes),
    bigRoad: big,
    bigEyeBoy: derivedRoad(big, DERIVED_ROAD_DISTANCE.bigEyeBoy),
    smallRoad: derivedRoad(big, DERIVED_ROAD_DISTANCE.smallRoad),
    cockroachPig: derivedRoad(big, DERIVED_ROAD_DISTANCE.cockroachPig),
    askBanker: askPreview(big, 'banker'),
    askPlayer: askPreview(big, 'player'),
    counters: roadCounters(outcomes),
  };
}
