/**
 * The derived roads (docs/roads.md#derived-roads): Big Eye Boy, Small Road and Cockroach Pig compare the
 * big road with itself k = 1, 2, 3 logical columns to the left. Logical columns count every result of a
 * streak, its dragon tail included, so a bend in the drawing never changes a colour.
 */
import { layOutStreaks, streakLengths } from './streak-grid.ts';
import type { BigRoadCell, DerivedRoad, RoadColour } from './road-types.ts';

/** The distance k of each derived road. */
export const DERIVED_ROAD_DISTANCE = { bigEyeBoy: 1, smallRoad: 2, cockroachPig: 3 } as const;

/**
 * The colour a big-road result at logical `column`, `row` (from 0) adds to the road of distance k, or
 * null when the road has not started yet (docs/roads.md#start-cell). `lengths` are the logical column
 * lengths; only the columns before `column` are read, and those are complete.
 */
export function derivedColour(lengths: readonly number[], column: number, row: number, k: number): RoadColour | null {
  // The rule is stated 1-based (docs/roads.md#colour-rule): column n, row m.
  const n = column + 1;
  const m = row + 1;
  const length = (of: number) => lengths[of - 1] ?? 0;
  if (n < k + 1 || (n === k + 1 && m === 1)) return null;
  if (m === 1) return length(n - 1) === length(n - 1 - k) ? 'red' : 'blue';
  const p = length(n - k);
  return m === p + 1 ? 'blue' : 'red';
}

/** One derived road of the big road: its marks in order and their cells, laid out like a big road. */
export function derivedRoad(big: readonly BigRoadCell[], k: number): DerivedRoad {
  const lengths = streakLengths(big);
  const marks = big.flatMap((cell) => derivedColour(lengths, cell.column, cell.row, k) ?? []);
  const places = layOutStreaks(marks);
  return {
    marks,
    cells: marks.map((colour, index) => ({ ...places[index]!, colour })),
  };
}
