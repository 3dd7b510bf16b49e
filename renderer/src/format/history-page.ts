/**
 * Paging of the player's game history (docs/rules.md#game-history): how many rounds a page holds on
 * each screen, and which rounds a page asks main for. Main keeps the whole answer within
 * PLAYER_HISTORY_ROUNDS (electron/core/model/player-history-page.ts); this only counts.
 */
import type { Orientation } from '../composables/useStage.ts';
import { PLAYER_HISTORY_ROUNDS } from '../../../electron/core/model/player-history-page.ts';

/**
 * Rows per page, sized so a page fits the dialog with the pager and the back button in view: a row
 * is one line on the wide landscape screen and two on the narrow portrait one, which is taller.
 */
export const HISTORY_ROWS_PER_PAGE: Readonly<Record<Orientation, number>> = { landscape: 8, portrait: 10 };

/** Pages for `total` rounds; an empty history still has its one (empty) page. */
export function pageCount(total: number, perPage: number): number {
  requirePerPage(perPage);
  return Math.max(1, Math.ceil(Math.min(Math.max(total, 0), PLAYER_HISTORY_ROUNDS) / perPage));
}

/** The nearest page that exists (0-based): a history that shrank or a screen turned never shows a hole. */
export function clampPage(page: number, total: number, perPage: number): number {
  const last = pageCount(total, perPage) - 1;
  return Math.min(Math.max(Math.trunc(page), 0), last);
}

/** The `history:list` request for a page (0-based): never past the window main keeps. */
export function pageRequest(page: number, perPage: number): { offset: number; limit: number } {
  requirePerPage(perPage);
  const offset = Math.min(Math.max(Math.trunc(page), 0) * perPage, PLAYER_HISTORY_ROUNDS - 1);
  return { offset, limit: Math.min(perPage, PLAYER_HISTORY_ROUNDS - offset) };
}

/** The page that shows the round at `offset` (0-based), e.g. after the screen turns. */
export function pageOf(offset: number, perPage: number): number {
  requirePerPage(perPage);
  return Math.floor(Math.max(offset, 0) / perPage);
}

function requirePerPage(perPage: number): void {
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > PLAYER_HISTORY_ROUNDS) {
    throw new RangeError(`rows per page must be a whole number from 1 to ${PLAYER_HISTORY_ROUNDS}, got ${perPage}`);
  }
}
