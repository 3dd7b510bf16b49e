/**
 * The rounds the roads span (docs/roads.md#implementation-status): the most recent `roads.windowRounds`
 * settled rounds of the wallet in play, after the latest roads reset and the latest RAM clear. Every
 * round is a fresh shuffle, so the window is not a shoe: it is only the cabinet's recent results.
 *
 * - Voided rounds are no outcome and never take a cell; only settled rounds count towards the window.
 * - Demo mode shows the demo wallet's rounds and real play the real ones, never a mix: the free-play
 *   results are not the money game's history (the same split as REBET and the last win).
 * - The technician's reset is an event row (`roads-reset`, with the round it starts after), so a restart
 *   finds it; a RAM clear is a reset too, read from its own record.
 *
 * Reads are bounded (the newest reset event by its kind index, the newest RAM clear, then at most
 * `windowRounds` settled rounds walking back from the newest), and the result is kept per cabinet until
 * critical memory, the config or a reset moves, so a snapshot costs no query in between.
 */
import type { RoadOutcome } from '../roads/road-types.ts';
import type { RoundOutcome } from '../engine/round.ts';
import type { JournalReader } from '../model/journal-port.ts';
import { now, type CabinetContext } from './cabinet-context.ts';

/** The event-log kind of a roads reset. */
export const ROADS_RESET_KIND = 'roads-reset';

/** What the roads draw of one recorded round. */
export function roadOutcomeOf(roundId: number, outcome: RoundOutcome): RoadOutcome {
  return {
    winner: outcome.winner,
    playerTotal: outcome.player.total,
    bankerTotal: outcome.banker.total,
    playerPair: outcome.playerPair,
    bankerPair: outcome.bankerPair,
    natural: outcome.natural,
    roundId,
  };
}

/** The round id the roads start after: the later of the newest roads reset and the newest RAM clear. */
export function roadsStartAfter(journal: JournalReader): number {
  const reset = journal.events({ kind: ROADS_RESET_KIND, limit: 1 })[0]?.message;
  const afterReset = reset?.code === 'roads-reset' ? reset.afterRoundId : 0;
  return Math.max(afterReset, journal.lastRamClear()?.afterRoundId ?? 0);
}

/** The window read from the journal, oldest first (a SettledOutcome is a RoadOutcome with its round id). */
export function readRoadWindow(journal: JournalReader, demo: boolean, windowRounds: number): RoadOutcome[] {
  return journal.settledOutcomes(demo, roadsStartAfter(journal), windowRounds).reverse();
}

interface Cached {
  readonly key: string;
  readonly outcomes: readonly RoadOutcome[];
}
const cache = new WeakMap<CabinetContext, Cached>();
const resets = new WeakMap<CabinetContext, number>();

/**
 * The window for the snapshot. A journal that cannot be read right now (a storage fault) leaves the roads
 * as last read: they are a display, and the snapshot must not fail for them.
 */
export function roadWindow(ctx: CabinetContext): readonly RoadOutcome[] {
  const demo = ctx.config.demoMode;
  const windowRounds = ctx.config.roads.windowRounds;
  const key = `${demo}|${windowRounds}|${ctx.critical.seq}|${ctx.critical.lastRoundId}|${resets.get(ctx) ?? 0}`;
  const cached = cache.get(ctx);
  if (cached?.key === key) return cached.outcomes;
  try {
    const outcomes = readRoadWindow(ctx.journal, demo, windowRounds);
    cache.set(ctx, { key, outcomes });
    return outcomes;
  } catch {
    return cached?.outcomes ?? [];
  }
}

/**
 * The technician's reset: the roads start after the newest round journaled so far, for both wallets. The
 * event row is committed before the screen is told (the caller emits the state).
 */
export function resetRoads(ctx: CabinetContext): number {
  const afterRoundId = ctx.journal.maxRoundId();
  ctx.journal.transaction(() => {
    ctx.journal.appendEvent(ROADS_RESET_KIND, now(ctx), { code: 'roads-reset', afterRoundId });
  });
  resets.set(ctx, (resets.get(ctx) ?? 0) + 1);
  return afterRoundId;
}
