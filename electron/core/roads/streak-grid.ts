/**
 * The drawing rule shared by the big road and the three derived roads (docs/roads.md#drawing-a-streak-grid):
 * a run of equal marks goes down a column, a change starts the next column, and a run that reaches the
 * last row, or finds the cell below already taken, bends right along its row (the dragon tail).
 */
import { ROAD_ROWS } from './road-types.ts';

/** Where one mark of a streak grid sits: its logical streak and place in it, and its drawn cell (all from 0). */
export interface GridPlace {
  readonly column: number;
  readonly row: number;
  readonly x: number;
  readonly y: number;
}

/**
 * Lays out marks in order: a mark equal to the one before continues that streak, any other starts a
 * new one. The same input always gives the same places, and no two places share a drawn cell.
 */
export function layOutStreaks<K>(marks: readonly K[], rows: number = ROAD_ROWS): GridPlace[] {
  const taken = new Set<string>();
  const key = (x: number, y: number) => `${x},${y}`;
  const firstFreeRight = (x: number, y: number) => {
    let next = x + 1;
    while (taken.has(key(next, y))) next++;
    return next;
  };
  const places: GridPlace[] = [];
  let column = -1;
  let row = 0;
  let startX = -1;
  let x = 0;
  let y = 0;
  let bent = false;
  for (let index = 0; index < marks.length; index++) {
    if (index === 0 || marks[index] !== marks[index - 1]) {
      // A new streak heads the next drawn column whose top cell is free (an earlier tail may run along row 0).
      column++;
      row = 0;
      startX = firstFreeRight(startX, 0);
      x = startX;
      y = 0;
      bent = false;
    } else {
      row++;
      if (!bent && y + 1 < rows && !taken.has(key(x, y + 1))) {
        y++;
      } else {
        // The dragon tail: once bent, the streak stays on its row, skipping any cell already taken.
        bent = true;
        x = firstFreeRight(x, y);
      }
    }
    taken.add(key(x, y));
    places.push({ column, row, x, y });
  }
  return places;
}

/** The logical streak lengths of a layout: column n's length counts its tail too. */
export function streakLengths(places: readonly Pick<GridPlace, 'column'>[]): number[] {
  const lengths: number[] = [];
  for (const place of places) lengths[place.column] = (lengths[place.column] ?? 0) + 1;
  return lengths;
}
