/**
 * The player's own game history (docs/rules.md#game-history): the newest finished real-money rounds,
 * at most PLAYER_HISTORY_ROUNDS of them, one page at a time, newest first. At a stadium table the rounds this
 * terminal sat out are listed among them with the table's cards (docs/stadium.md#history), so the history is the
 * table's as well as the player's, as the roads are.
 *
 * Real money only, both ways: a demo round is never listed, and while the cabinet runs in demo mode
 * the history is hidden altogether (`hidden: 'demo-mode'`, no rounds), so a free-play player never
 * sees the real-money rounds of whoever played before. The screen says why from the code.
 *
 * The answer is bounded: however many rounds the journal keeps, one request reads at most
 * PLAYER_HISTORY_ROUNDS + 1 rows of each kind (index lookups) and returns at most `limit` of them.
 */
import type { RecallQuery } from '../model/journal-port.ts';
import {
  PLAYER_HISTORY_ROUNDS,
  type PlayerHistoryEntry,
  type PlayerHistoryPage,
  type PlayerHistoryQuery,
  type SatOutHistoryEntry,
} from '../model/player-history-page.ts';
import type { RoundRecord } from '../model/round-record.ts';

export { PLAYER_HISTORY_ROUNDS, type PlayerHistoryPage, type PlayerHistoryQuery };

/** What a stadium terminal adds: the table round of each of its rounds, and the table's results it sat out. */
export interface StadiumHistorySource {
  tableRoundOf(roundId: number): number | null;
  /** The newest `limit` results of the table this terminal had no bets in, newest first. */
  satOut(limit: number): readonly SatOutHistoryEntry[];
}

export interface PlayerHistorySources {
  /** Game recall over the journal. */
  recall(range: RecallQuery): readonly RoundRecord[];
  /** The cabinet's mode now. */
  readonly demoMode: boolean;
  /** Null when the cabinet plays alone. */
  readonly stadium: StadiumHistorySource | null;
}

const entryTime = (entry: PlayerHistoryEntry): string =>
  entry.kind === 'played' ? (entry.round.endedAt ?? entry.round.startedAt) : entry.at;

export function playerHistoryPage(sources: PlayerHistorySources, query: PlayerHistoryQuery): PlayerHistoryPage {
  if (sources.demoMode) return { hidden: 'demo-mode', entries: [], offset: query.offset, total: 0 };
  // The round being played (locked, not settled) is not history yet; it is the newest row, so one row
  // more than the window keeps the window full of finished rounds.
  const { stadium } = sources;
  const played: PlayerHistoryEntry[] = sources
    .recall({ demo: false, limit: PLAYER_HISTORY_ROUNDS + 1 })
    .filter((round) => round.status !== 'in-progress' && !round.demo)
    .slice(0, PLAYER_HISTORY_ROUNDS)
    .map((round) => ({ kind: 'played', round, tableRound: stadium?.tableRoundOf(round.roundId) ?? null }));
  const satOut = stadium?.satOut(PLAYER_HISTORY_ROUNDS) ?? [];
  // Newest first by when each ended; both lists are ISO times on the cabinet's clock. A stable sort keeps each
  // list's own order where two times are equal.
  const entries = [...played, ...satOut]
    .sort((a, b) => (entryTime(a) < entryTime(b) ? 1 : entryTime(a) > entryTime(b) ? -1 : 0))
    .slice(0, PLAYER_HISTORY_ROUNDS);
  return {
    hidden: null,
    entries: entries.slice(query.offset, query.offset + query.limit),
    offset: query.offset,
    total: entries.length,
  };
}
