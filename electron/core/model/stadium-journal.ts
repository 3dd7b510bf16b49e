/**
 * What the journal keeps of a stadium terminal's rounds (docs/stadium.md#the-terminals-journal): one row per
 * (table, table round), written in the same commit as the money it explains, and the terminal's own id. The SQLite
 * journal implements it (electron/storage/stadium-round-store.ts); every writer runs inside `transaction(fn)`.
 */
import type { Card } from '../cards/card.ts';

/** How a table round ended at this terminal: settled or seen from a result, refunded on a void, a timeout or a fault. */
export type StadiumConclusion = 'result' | 'void' | 'timeout' | 'fault';
export const STADIUM_CONCLUSIONS = [
  'result',
  'void',
  'timeout',
  'fault',
] as const satisfies readonly StadiumConclusion[];

/**
 * Why nothing was locked at this terminal's close: the player skipped the round, had no bets, the cabinet was tilted
 * or still had a round open, or the layout broke a limit (the same codes a DEAL would be refused with).
 */
export type StadiumSitOut =
  | 'skipped'
  | 'no-bets'
  | 'tilted'
  | 'round-in-progress'
  | 'below-spot-min'
  | 'above-spot-max'
  | 'above-table-max'
  | 'above-max-win'
  | 'insufficient-credits'
  /** The player's reality check was open, or a session limit reached (docs/responsible-gaming.md). */
  | 'reality-check-open'
  | 'session-limit';
export const STADIUM_SIT_OUTS = [
  'skipped',
  'no-bets',
  'tilted',
  'round-in-progress',
  'below-spot-min',
  'above-spot-max',
  'above-table-max',
  'above-max-win',
  'insufficient-credits',
  'reality-check-open',
  'session-limit',
] as const satisfies readonly StadiumSitOut[];

/** What the table's stream said of a round: its result with the cards in deal order, its void, or a doubtful message. */
export type StreamWord =
  | { readonly kind: 'result'; readonly cards: readonly Card[] }
  | { readonly kind: 'void' }
  | { readonly kind: 'doubtful'; readonly cards: readonly Card[] | null };

export interface StadiumRoundRow {
  readonly table: string;
  readonly tableRound: number;
  /** The terminal's own round, when bets were locked at its close; null when it only recorded the round. */
  readonly roundId: number | null;
  /** Why nothing was locked at the close; null when bets were locked or the terminal did not see the close. */
  readonly sitOut: StadiumSitOut | null;
  readonly conclusion: StadiumConclusion | null;
  /** What the table's stream said of this round, once; null while it has said nothing (a local timeout is not it). */
  readonly stream: StreamWord | null;
  readonly closedAt: string | null;
  readonly concludedAt: string | null;
  /** When the link published the settled bets for the venue's records; null while owed. */
  readonly reportedAt: string | null;
}

export interface StadiumRoundJournal {
  /** This terminal's id, created at random with the journal and never changed: its durable consumer's name. */
  terminalId(): string;
  row(table: string, tableRound: number): StadiumRoundRow | null;
  /** The row whose bets are the terminal round `roundId`; null for a round this cabinet played alone. */
  rowOfRound(roundId: number): StadiumRoundRow | null;
  /** The highest round of `table` its stream concluded here: the baseline of the gap and replay check. */
  lastStreamRound(table: string): number | null;
  /** The highest round of `table` concluded here in any way. */
  lastConcludedRound(table: string): number | null;
  /** The newest round of `table` a result concluded here (settled or only seen); null before the first. */
  lastResult(table: string): StadiumRoundRow | null;
  /** The newest `limit` rounds of `table` a result concluded here, newest first: the table's roads. */
  recentResults(table: string, limit: number): StadiumRoundRow[];
  /** Concluded rounds with locked bets not yet reported, oldest first. */
  unreported(limit: number): StadiumRoundRow[];

  /** The terminal's close: the row is created; a second close of the same round is refused by the UNIQUE key. */
  recordClose(
    table: string,
    tableRound: number,
    roundId: number | null,
    sitOut: StadiumSitOut | null,
    at: string,
  ): void;
  /** Concludes the round once (creating the row when the terminal missed the close); a concluded row never changes. */
  conclude(
    table: string,
    tableRound: number,
    conclusion: StadiumConclusion,
    stream: StreamWord | null,
    at: string,
  ): void;
  /** What the stream said of a round already concluded here (late or doubtful): kept once, and the baseline moves on. */
  markStream(table: string, tableRound: number, stream: StreamWord): void;
  /** The link published the round's settled bets; false when it was already marked. */
  markReported(table: string, tableRound: number, at: string): boolean;
}
