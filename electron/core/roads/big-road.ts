/**
 * The big road (docs/roads.md#big-road): one cell per Banker or Player result, laid out as streaks with
 * dragon tails (streak-grid.ts). Ties take no cell: each adds one to the latest cell's slash count, and
 * ties before the first Banker or Player result are kept and drawn on the first cell.
 */
import { layOutStreaks } from './streak-grid.ts';
import type { BigRoadCell, RoadOutcome } from './road-types.ts';

export function bigRoad(outcomes: readonly RoadOutcome[]): BigRoadCell[] {
  const decided: { outcome: RoadOutcome; winner: 'banker' | 'player'; ties: number }[] = [];
  let tiesBeforeFirst = 0;
  for (const outcome of outcomes) {
    const last = decided.at(-1);
    if (outcome.winner !== 'tie') {
      decided.push({ outcome, winner: outcome.winner, ties: last === undefined ? tiesBeforeFirst : 0 });
    } else if (last === undefined) {
      tiesBeforeFirst++;
    } else {
      last.ties++;
    }
  }
  const places = layOutStreaks(decided.map((entry) => entry.winner));
  return decided.map((entry, index) => {
    const place = places[index]!;
    return {
      column: place.column,
      row: place.row,
      x: place.x,
      y: place.y,
      winner: entry.winner,
      ties: entry.ties,
      playerPair: entry.outcome.playerPair,
      bankerPair: entry.outcome.bankerPair,
    };
  });
}
