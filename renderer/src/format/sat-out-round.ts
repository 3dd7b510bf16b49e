/**
 * Which table round a stadium terminal shows as one it sat out (docs/stadium.md#the-terminals-screen): the table's
 * newest result as this terminal recorded it, when the terminal had no bets in it and nothing newer has concluded
 * here since. A round the terminal played is shown by the round display from its own record, never twice.
 */
import { dealRound, type RoundOutcome } from '../../../electron/core/engine/round.ts';
import { FixedCardSource } from '../../../electron/core/engine/shoe.ts';
import type { StadiumSitOut } from '../../../electron/core/model/stadium-journal.ts';
import type { StadiumView } from '../../../electron/core/model/stadium-terminal.ts';

export interface SatOutRound {
  /** The table's round number. */
  readonly round: number;
  /** The cards split into the two hands by the engine's own drawing rules, with the winner and totals. */
  readonly outcome: RoundOutcome;
  /** Why nothing was locked at this terminal's close; null when it missed the close (it joined or restarted). */
  readonly why: StadiumSitOut | null;
}

export function satOutRoundOf(view: StadiumView | null): SatOutRound | null {
  const result = view?.lastResult;
  if (!view || !result || result.roundId !== null) return null;
  // A later round concluded here without a result (the table's void, or a refund): that is the news, not this one.
  if (view.lastConcludedRound !== result.round) return null;
  let outcome: RoundOutcome;
  try {
    // The core dealt these cards through the same engine before it recorded them; a short list cannot happen.
    outcome = dealRound(new FixedCardSource(result.cards));
  } catch {
    return null;
  }
  return { round: result.round, outcome, why: result.sitOut };
}
