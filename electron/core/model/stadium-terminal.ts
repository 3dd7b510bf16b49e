/**
 * A stadium terminal as the cabinet core sees it (docs/stadium.md#terminals): the table's round reaches the core only
 * as these calls, made by the link (electron/stadium/terminal-link.ts) after it has read and verified a broker
 * message. The core never touches the broker; the link never touches money. Round numbers are the table's own.
 */
import type { Card } from '../cards/card.ts';
import type { Winner } from '../engine/round.ts';
import type { Bets, Returns } from '../engine/settlement.ts';
import type { StadiumSitOut } from './stadium-journal.ts';

/** Where this terminal stands with its table, for the player's screen and the staff menu. */
export interface StadiumView {
  /** The broker's address as the venue config names it, with any user name and password taken out (staff menu). */
  readonly broker: string;
  readonly table: string;
  /** `unreachable`: the broker or the table cannot be reached; the screen says so and no window opens. */
  readonly link: 'connecting' | 'connected' | 'unreachable';
  /** The table round whose window is open, or that was last opened; null before the first open. */
  readonly round: number | null;
  /** `open`: bets are taken until the terminal's own close; `closed`: waiting for the next round. */
  readonly window: 'open' | 'closed';
  /** Milliseconds left in this terminal's window when the snapshot was made (the safety margin taken off); 0 when closed. */
  readonly closesInMs: number;
  /** True while this terminal sits out the next round (round:skip). */
  readonly skipping: boolean;
  /** Terminals at the table, this one included, as their presence was last seen. */
  readonly terminals: number;
  /** The table round this terminal has bets locked in, awaiting its result; null when none. */
  readonly lockedRound: number | null;
  /** The newest round this terminal has concluded (settled, voided or seen with no bets); null before the first. */
  readonly lastConcludedRound: number | null;
  /** How far behind the table the link last was, in ms from the open's arrival to its conclusion's; null when unknown. */
  readonly lagMs: number | null;
  /** Why nothing was locked at this terminal's last close (skipped, no bets, a limit, a tilt); null when bets were locked or before the first close. */
  readonly sitOut: StadiumSitOut | null;
  /** REBET was pressed while the window was closed: the last layout is laid when the next window opens. */
  readonly rebetQueued: boolean;
  /** The table's newest result as this terminal recorded it, settled or only seen; null before the first. */
  readonly lastResult: StadiumResultView | null;
  /** This terminal's id (its durable consumer's name and its presence), for the staff menu. */
  readonly terminalId: string;
}

/** A table result for the screen: its round, its cards in deal order and its outcome, and whether this terminal played it. */
export interface StadiumResultView {
  readonly round: number;
  readonly cards: readonly Card[];
  readonly outcome: StatedOutcome;
  /** This terminal's own round settled from this result; null when it had no bets in it (the screen says so). */
  readonly roundId: number | null;
  /** Why nothing was locked at this terminal's close of the round; null when bets were locked or it missed the close. */
  readonly sitOut: StadiumSitOut | null;
}

/** The outcome as the table states it; the core deals the cards through its own engine and refuses a mismatch. */
export interface StatedOutcome {
  readonly winner: Winner;
  readonly playerTotal: number;
  readonly bankerTotal: number;
  readonly natural: boolean;
  readonly playerPair: boolean;
  readonly bankerPair: boolean;
}

/** A result the link has verified: the signature checked against the table's public key, the table id matched. */
export interface VerifiedResult {
  readonly table: string;
  readonly round: number;
  /** In deal order: P1, B1, P2, B2, then P3 and B3 when drawn. */
  readonly cards: readonly Card[];
  readonly outcome: StatedOutcome;
}

/** Why the link asks the core to void a locked round without a result. */
export type StadiumVoidCause =
  /** The table published `void {round}` (it restarted with the round undealt). */
  | 'table-void'
  /** No conclusion within resultTimeoutMs after this terminal's close. */
  | 'result-timeout';

/** What the link found wrong with the table's stream: a `stadium-fault` tilt, and no result is settled on it. */
export type StadiumFaultCause =
  | 'bad-signature'
  | 'round-gap'
  | 'round-replay'
  | 'bad-message'
  /** The result's cards are not what the drawing rules deal, or deal another outcome than the table stated (core). */
  | 'outcome-mismatch';
export const STADIUM_FAULT_CAUSES = [
  'bad-signature',
  'round-gap',
  'round-replay',
  'bad-message',
  'outcome-mismatch',
] as const satisfies readonly StadiumFaultCause[];
export const STADIUM_VOID_CAUSES = ['table-void', 'result-timeout'] as const satisfies readonly StadiumVoidCause[];

/** What the core did with one conclusion; the link acks the broker message after any of these returned. */
export type ConclusionOutcome =
  | 'settled'
  /** A void or a timeout refunded the bets this terminal had locked in the round. */
  | 'refunded'
  /** The terminal had no bets in the round; the round is recorded for its roads and history. */
  | 'recorded'
  /** The same conclusion was recorded before (a redelivery after a lost ack). */
  | 'already-concluded'
  /** A result for a round this terminal voided: logged as an event and ignored. */
  | 'late-for-void'
  /** The conclusion was doubtful (a gap, a replay, cards that do not deal its outcome): stadium-fault, locked bets refunded. */
  | 'faulted';

/** One concluded round with locked bets, for the venue's records (docs/stadium.md#the-settled-bets-outbox). */
export interface StadiumSettledReport {
  readonly terminal: string;
  readonly table: string;
  readonly round: number;
  /** The terminal's own round id (game recall). */
  readonly roundId: number;
  /** `settled` from a result; `refunded` on a void, a timeout or a fault. */
  readonly status: 'settled' | 'refunded';
  readonly bets: Bets;
  readonly stakeMinor: number;
  /** What the player got back: the returns when settled, the stake when refunded. */
  readonly returns: Returns;
  readonly returnMinor: number;
  readonly cards: readonly Card[] | null;
  readonly concludedAt: string;
}

/** The calls the link makes; each commits before it returns, and throws (without committing) when the journal fails. */
export interface StadiumTerminalPort {
  /** The table opened a round; the terminal's window closes `closesInMs` − its safety margin from now. */
  stadiumOpen(round: number, closesInMs: number): void;
  /** The terminal's own close: its layout is locked and debited in one commit, unless it skips or has none. */
  stadiumClose(round: number): void;
  stadiumResult(result: VerifiedResult): ConclusionOutcome;
  stadiumVoid(round: number, cause: StadiumVoidCause): ConclusionOutcome;
  stadiumFault(cause: StadiumFaultCause, round: number | null): void;
  /** The link's own state for the view: reachability, terminal count, lag. */
  stadiumLink(state: Pick<StadiumView, 'link' | 'terminals' | 'lagMs'>): void;
  /** This terminal's id, created once with its journal: the durable consumer's name and the presence id. */
  stadiumTerminalId(): string;
  /** The table round this terminal has bets locked in, awaiting its conclusion (read at the link's start); null when none. */
  stadiumLockedRound(): number | null;
  /** Concluded rounds with locked bets the link has not yet published, oldest first (at most `limit`). */
  stadiumUnreported(limit: number): StadiumSettledReport[];
  /** The link published the round's report (the broker stored it); false when it was marked already. */
  stadiumReported(table: string, round: number): boolean;
}
