/**
 * The counters beside the roads (docs/roads.md#counters): rounds in the window, wins per side, ties,
 * each side's pairs and the naturals. A round with both pairs counts once for each.
 */
import type { RoadCounters, RoadOutcome } from './road-types.ts';

export function roadCounters(outcomes: readonly RoadOutcome[]): RoadCounters {
  const count = (test: (outcome: RoadOutcome) => boolean) => outcomes.filter(test).length;
  return {
    rounds: outcomes.length,
    banker: count((o) => o.winner === 'banker'),
    player: count((o) => o.winner === 'player'),
    tie: count((o) => o.winner === 'tie'),
    bankerPair: count((o) => o.bankerPair),
    playerPair: count((o) => o.playerPair),
    natural: count((o) => o.natural),
  };
}
