/**
 * The ask previews (docs/roads.md#ask-previews): the next mark of each derived road if the next round
 * were won by Banker or by Player. Nothing is stored; the colour rule is applied to the big road as it
 * would be with that result appended (ties change no derived road, so there is no tie preview).
 */
import { DERIVED_ROAD_DISTANCE, derivedColour } from './derived-road.ts';
import { streakLengths } from './streak-grid.ts';
import type { AskPreview, BigRoadCell } from './road-types.ts';

export function askPreview(big: readonly BigRoadCell[], next: 'banker' | 'player'): AskPreview {
  const last = big.at(-1);
  // Where the appended result would sit: one row further down the same streak, or the head of the next.
  const column = last === undefined ? 0 : last.winner === next ? last.column : last.column + 1;
  const row = last !== undefined && last.winner === next ? last.row + 1 : 0;
  const lengths = streakLengths(big);
  const colour = (k: number) => derivedColour(lengths, column, row, k);
  return {
    bigEyeBoy: colour(DERIVED_ROAD_DISTANCE.bigEyeBoy),
    smallRoad: colour(DERIVED_ROAD_DISTANCE.smallRoad),
    cockroachPig: colour(DERIVED_ROAD_DISTANCE.cockroachPig),
  };
}
