/**
 * The player's own game history (docs/rules.md#game-history): the newest finished real-money rounds,
 * at most PLAYER_HISTORY_ROUNDS of them, one page at a time, newest first.
 *
 * Real money only, both ways: a demo round is never listed, and while the cabinet runs in demo mode
 * the history is hidden altogether (`hidden: 'demo-mode'`, no rounds), so a free-play player never
 * sees the real-money rounds of whoever played before. The screen says why from the code.
 *
 * The answer is bounded: however many rounds the journal keeps, one request reads at most
 * PLAYER_HISTORY_ROUNDS + 1 rows (one index lookup) and returns at most `limit` of them.
 */
import type { RecallQuery } from '../model/journal-port.ts';
import {
  PLAYER_HISTORY_ROUNDS,
  type PlayerHistoryPage,
  type PlayerHistoryQuery,
} from '../model/player-history-page.ts';
import type { RoundRecord } from '../model/round-record.ts';

export { PLAYER_HISTORY_ROUNDS, type PlayerHistoryPage, type PlayerHistoryQuery };

/** `recall`: game recall over the journal (Cabinet.recall); `demoMode`: the cabinet's mode now. */
export function playerHistoryPage(
  recall: (range: RecallQuery) => readonly RoundRecord[],
  demoMode: boolean,
  query: PlayerHistoryQuery,
): PlayerHistoryPage {
  if (demoMode) return { hidden: 'demo-mode', rounds: [], offset: query.offset, total: 0 };
  // The round being played (locked, not settled) is not history yet; it is the newest row, so one row
  // more than the window keeps the window full of finished rounds.
  const finished = recall({ demo: false, limit: PLAYER_HISTORY_ROUNDS + 1 })
    .filter((round) => round.status !== 'in-progress' && !round.demo)
    .slice(0, PLAYER_HISTORY_ROUNDS);
  return {
    hidden: null,
    rounds: finished.slice(query.offset, query.offset + query.limit),
    offset: query.offset,
    total: finished.length,
  };
}
