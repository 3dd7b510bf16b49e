/**
 * The shape of the player's game history as main answers `history:list` (docs/rules.md#game-history),
 * shared by the cabinet (electron/core/cabinet/player-history.ts) and the touchscreen.
 */
import type { RoundRecord } from './round-record.ts';

/** How far back the player's history reaches, in rounds. */
export const PLAYER_HISTORY_ROUNDS = 100;

export interface PlayerHistoryQuery {
  /** Rounds to skip from the newest (0: start with the newest). */
  readonly offset: number;
  /** Rounds on this page. */
  readonly limit: number;
}

/** Why the history shows no rounds on purpose; null when it is shown. */
export type PlayerHistoryHidden = 'demo-mode';

export interface PlayerHistoryPage {
  readonly hidden: PlayerHistoryHidden | null;
  /** This page's rounds, newest first. */
  readonly rounds: readonly RoundRecord[];
  /** The offset asked for (a page past the end has no rounds). */
  readonly offset: number;
  /** How many rounds the whole history holds (0 … PLAYER_HISTORY_ROUNDS). */
  readonly total: number;
}
