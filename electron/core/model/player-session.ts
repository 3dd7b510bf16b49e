/**
 * A player session as the screens see it (docs/responsible-gaming.md#the-session): from the first credit after a
 * zero balance to the cash-out or the round that leaves the balance at zero. Its figures are integers (minor units,
 * whole minutes) derived from the journal's meters and credits, never kept only in memory.
 */
import type { MinorUnits } from '../money/minor-units.ts';

/** The limits and the reality-check interval a session runs under (null: off). */
export interface SessionRules {
  readonly realityCheckMinutes: number | null;
  readonly lossLimitMinor: MinorUnits | null;
  readonly timeLimitMinutes: number | null;
}

/** What a session has come to: whole minutes since it started, the stakes of its settled rounds, and its net result. */
export interface SessionFigures {
  readonly minutes: number;
  readonly totalBetMinor: MinorUnits;
  /** Returns minus stakes of its settled rounds: negative is a loss. */
  readonly netMinor: MinorUnits;
}

/** The open reality check: the figures as they stood when it was shown. */
export interface RealityCheckView extends SessionFigures {
  readonly shownAt: string;
}

/** The session limit a player reached: play stops, cash-out stays open. */
export type SessionLimitKind = 'loss' | 'time';

/** The player's answer to a reality check. */
export type RealityCheckAnswer = 'continue' | 'cash-out';
export const REALITY_CHECK_ANSWERS = ['continue', 'cash-out'] as const satisfies readonly RealityCheckAnswer[];

export interface SessionView extends SessionFigures {
  readonly startedAt: string;
  /** The rules in force now: the stricter of the session's own and the venue's current (player-session.ts). */
  readonly rules: SessionRules;
  /** Open while the player has not answered it; rounds wait. */
  readonly realityCheck: RealityCheckView | null;
  readonly limitReached: SessionLimitKind | null;
}

/**
 * The session's durable facts as the journal holds them (events of kind `session`, the meters and the credits): the
 * cabinet's mirror of them, rebuilt from the journal at start-up (electron/core/cabinet/player-session.ts).
 */
export interface SessionState {
  readonly startedAt: string;
  /** The meters the session counts from: its bills in and its stakes are the meters' growth since. */
  readonly billsInBeforeMinor: MinorUnits;
  readonly wageredBeforeMinor: MinorUnits;
  /** The rules it started under. */
  readonly rules: SessionRules;
  /** When the last reality check was shown (the session's start before the first). */
  readonly lastCheckAt: string;
  readonly realityCheck: RealityCheckView | null;
  readonly limitReached: SessionLimitKind | null;
}
