/**
 * The cabinet's shared state, passed explicitly to every concept module (limits, round flow,
 * faults, money in and out, technician actions). Only the facade (cabinet.ts) creates it.
 *
 * `critical` is the in-memory mirror of critical memory: it changes only after the journal
 * committed (critical-memory.ts). Everything else here is not money: the layout on the table,
 * the undo history, the phase shown on the screen, and read-only copies of journal rows.
 */
import type { CriticalCopyPort } from '../model/critical-copy.ts';
import type { Bets } from '../engine/settlement.ts';
import type { VenueConfig } from '../config/venue-config.ts';
import type { MinorUnits } from '../money/minor-units.ts';
import type { CriticalState } from '../model/critical-state.ts';
import type { Handpay } from '../model/handpay.ts';
import type { SessionState } from '../model/player-session.ts';
import type { JournalPort } from '../model/journal-port.ts';
import type { RoundRecord } from '../model/round-record.ts';
import type { Tilt } from '../model/tilt.ts';
import type { RandomSource } from '../random/random-source.ts';
import type { CabinetEvent, DeviceName, DeviceStatus, RoundPhase } from './cabinet-api.ts';
import { CabinetError } from './cabinet-error.ts';
import type { StadiumState } from './stadium-memory.ts';

export interface CabinetContext {
  readonly journal: JournalPort;
  /**
   * The second copy of critical memory, in its own file (docs/cabinet-rules.md#critical-memory): read at start-up
   * and rewritten when a technician clears its fault. The journal writes it after every commit on its own; null
   * for a tool on a journal it opened.
   */
  readonly copyFile: CriticalCopyPort | null;
  /** The venue config in force (a technician may replace it while idle). */
  config: VenueConfig;
  readonly random: RandomSource;
  readonly clock: () => Date;
  readonly listeners: Set<(event: CabinetEvent) => void>;
  readonly devices: Map<DeviceName, DeviceStatus>;

  /** The mirror of critical memory, as last committed. */
  critical: CriticalState;
  /** False while critical memory has no good copy (memory-error tilt). */
  memoryGood: boolean;
  /** The durable tilts, as last read from the journal. */
  tilts: Tilt[];
  /** The pending handpay, as last committed (money-in-out.ts, technician-actions.ts, startup-recovery.ts). */
  pendingHandpay: Handpay | null;

  phase: RoundPhase;
  /** Chips on the table: not money until DEAL locks the round. */
  layout: Bets;
  /** Earlier layouts, for UNDO. */
  history: Bets[];
  /** The last settled round's bets, for REBET. */
  rebetBets: Bets | null;
  /** The last finished round (settled or voided) of the current wallet. */
  lastRound: RoundRecord | null;
  /** A stadium terminal's window and link (stadium-state.ts); null for a cabinet that plays alone. */
  stadium: StadiumState | null;
  /** The player session as the journal last recorded it (player-session.ts); null when none is kept. */
  session: SessionState | null;
}

export function now(ctx: CabinetContext): string {
  return ctx.clock().toISOString();
}

/** The credits of the wallet in play: demo credits in demo mode, real credits otherwise. */
export function wallet(ctx: CabinetContext): MinorUnits {
  return ctx.config.demoMode ? ctx.critical.demoCreditsMinor : ctx.critical.creditsMinor;
}

export function requireNoOpenRound(ctx: CabinetContext): void {
  if (ctx.critical.openRoundId !== null) throw new CabinetError('round-in-progress', 'a round is in progress');
}

/** Play needs no tilt and no open round. */
export function requirePlayable(ctx: CabinetContext): void {
  if (ctx.tilts.length > 0) {
    const t = ctx.tilts[0]!;
    throw new CabinetError('tilted', `play is disabled: ${t.kind} (${t.reasonCode.code}); cleared by ${t.clearedBy}`);
  }
  requireNoOpenRound(ctx);
}

/**
 * The pending handpay the journal holds. A collect is refused while one waits (round-machine.ts), so
 * there is at most one; should the journal hold several, the newest is shown (clearing pays them all).
 */
export function readPendingHandpay(ctx: CabinetContext): Handpay | null {
  return ctx.journal.pendingHandpays().at(-1) ?? null;
}

/** Re-reads what the screen shows from the journal: REBET bets, the last round, the phase. */
export function refreshFromJournal(ctx: CabinetContext): void {
  const demo = ctx.config.demoMode;
  const lastSettled = ctx.journal.lastFinishedRound(demo, 'settled');
  ctx.rebetBets = lastSettled ? lastSettled.bets : null;
  ctx.lastRound = ctx.journal.lastFinishedRound(demo);
  ctx.phase = ctx.critical.openRoundId === null ? 'idle' : 'locked';
}
