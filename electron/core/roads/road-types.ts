/**
 * The roads' data shapes (docs/roads.md): what the pure road computation in this folder takes and
 * gives. The renderer draws these; it never computes a road of its own.
 */
import type { Winner } from '../engine/round.ts';

/** One round as the roads see it: its winner, its totals, and its pair and natural flags. */
export interface RoadOutcome {
  readonly winner: Winner;
  readonly playerTotal: number;
  readonly bankerTotal: number;
  readonly playerPair: boolean;
  readonly bankerPair: boolean;
  readonly natural: boolean;
  /** The journal's round id when the outcome is a recorded round; absent for previews and the CLI. */
  readonly roundId?: number;
}

/** A bead-plate cell: columns of six, filled top to bottom (x = column, y = row, from 0). */
export interface BeadCell {
  readonly x: number;
  readonly y: number;
  readonly outcome: RoadOutcome;
}

/** A big-road cell: `column`/`row` are the logical streak and the place in it; `x`/`y` the drawn cell. */
export interface BigRoadCell {
  readonly column: number;
  readonly row: number;
  readonly x: number;
  readonly y: number;
  readonly winner: 'banker' | 'player';
  /** Ties drawn on this cell as a slash (with a count when more than one). */
  readonly ties: number;
  readonly playerPair: boolean;
  readonly bankerPair: boolean;
}

/** Red: the big road repeats what it did k columns earlier. Blue: it is choppy. */
export type RoadColour = 'red' | 'blue';

/** A derived-road mark, laid out like a big road of colours (same colour goes down). */
export interface DerivedCell {
  readonly column: number;
  readonly row: number;
  readonly x: number;
  readonly y: number;
  readonly colour: RoadColour;
}

export interface DerivedRoad {
  /** The marks in order, one per big-road entry from the road's start cell on. */
  readonly marks: readonly RoadColour[];
  readonly cells: readonly DerivedCell[];
}

/** The next mark of each derived road if the next round were won by one side; null before a road starts. */
export interface AskPreview {
  readonly bigEyeBoy: RoadColour | null;
  readonly smallRoad: RoadColour | null;
  readonly cockroachPig: RoadColour | null;
}

export interface RoadCounters {
  readonly rounds: number;
  readonly banker: number;
  readonly player: number;
  readonly tie: number;
  readonly bankerPair: number;
  readonly playerPair: number;
  readonly natural: number;
}

export interface Roads {
  readonly beadPlate: readonly BeadCell[];
  readonly bigRoad: readonly BigRoadCell[];
  readonly bigEyeBoy: DerivedRoad;
  readonly smallRoad: DerivedRoad;
  readonly cockroachPig: DerivedRoad;
  readonly askBanker: AskPreview;
  readonly askPlayer: AskPreview;
  readonly counters: RoadCounters;
}

/** Rows of every grid: a road bends right (the dragon tail) at the sixth row. */
export const ROAD_ROWS = 6;
