/**
 * The shape of the player's game history as main answers `history:list` (docs/rules.md#game-history),
 * shared by the cabinet (electron/core/cabinet/player-history.ts) and the touchscreen. At a stadium table the
 * history is also the table's: the rounds this terminal sat out are listed with their cards and why nothing of the
 * player's was in them (docs/stadium.md#history).
 */
import type { Card } from '../cards/card.ts';
import type { RoundRecord } from './round-record.ts';
import type { StadiumSitOut } from './stadium-journal.ts';

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

/** A round this cabinet played, with the table's round number when it was played at a stadium table. */
export interface PlayedHistoryEntry {
  readonly kind: 'played';
  readonly round: RoundRecord;
  /** The table's own round number; null for a round the cabinet played alone. */
  readonly tableRound: number | null;
}

/** A table round a stadium terminal recorded the result of with none of the player's bets in it. */
export interface SatOutHistoryEntry {
  readonly kind: 'sat-out';
  readonly tableRound: number;
  /** In deal order, as the table dealt them and the core checked them. */
  readonly cards: readonly Card[];
  /** When the result was recorded here. */
  readonly at: string;
  /** Why nothing was locked at this terminal's close; null when it missed the close (it joined or restarted). */
  readonly why: StadiumSitOut | null;
}

export type PlayerHistoryEntry = PlayedHistoryEntry | SatOutHistoryEntry;

export interface PlayerHistoryPage {
  readonly hidden: PlayerHistoryHidden | null;
  /** This page's rounds, newest first. */
  readonly entries: readonly PlayerHistoryEntry[];
  /** The offset asked for (a page past the end has no rounds). */
  readonly offset: number;
  /** How many rounds the whole history holds (0 … PLAYER_HISTORY_ROUNDS). */
  readonly total: number;
}
