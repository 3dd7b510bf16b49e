/**
 * A stadium terminal's roads are the table's (docs/stadium.md#what-the-screen-sees): the newest `roads.windowRounds`
 * results of its table this terminal recorded, settled or only seen, so a player who sat rounds out still reads the
 * whole shoe of results. A round the table voided, or this terminal refunded on a timeout or a fault, takes no cell.
 * Kept per cabinet until a new result arrives or the window changes, so a snapshot costs no query in between.
 */
import { outcomeOfDeal } from '../engine/stated-deal.ts';
import type { RoadOutcome } from '../roads/road-types.ts';
import type { CabinetContext } from './cabinet-context.ts';

interface Cached {
  readonly key: string;
  readonly outcomes: readonly RoadOutcome[];
}
const cache = new WeakMap<CabinetContext, Cached>();

export function stadiumRoads(ctx: CabinetContext, table: string): readonly RoadOutcome[] {
  const rounds = ctx.journal.stadiumRounds;
  const window = ctx.config.roads.windowRounds;
  const key = `${table}:${window}:${rounds.lastResult(table)?.tableRound ?? 0}`;
  const held = cache.get(ctx);
  if (held?.key === key) return held.outcomes;
  const outcomes = rounds
    .recentResults(table, window)
    .flatMap((row) => (row.stream?.kind === 'result' ? [outcomeOfDeal(row.stream.cards)] : []))
    .reverse();
  cache.set(ctx, { key, outcomes });
  return outcomes;
}
