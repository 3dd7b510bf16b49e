/**
 * A stadium terminal's betting window (docs/stadium.md#one-round-at-a-terminal): the table's `open` opens it, the
 * terminal's own close locks and debits the layout in one commit (round-flow.ts's lock, with the stadium row in the
 * same commit), or records why nothing was locked. DEAL is the table's; REBET lays the last layout now or, while the
 * window is closed, at the next open; round:skip sits the next close out. The link's own state (reachability,
 * terminals present, lag) is shown as it reports it.
 */
import type { Bets } from '../engine/settlement.ts';
import { sumSpots } from '../money/ledger-postings.ts';
import type { StadiumSitOut } from '../model/stadium-journal.ts';
import type { RoundRecord } from '../model/round-record.ts';
import type { StadiumView } from '../model/stadium-terminal.ts';
import type { CabinetSnapshot } from './cabinet-api.ts';
import { now, wallet, type CabinetContext } from './cabinet-context.ts';
import { CabinetError } from './cabinet-error.ts';
import { emitState } from './cabinet-events.ts';
import { checkForDeal } from './bet-limits.ts';
import { cleanBets, layBets, resetTable } from './betting.ts';
import { lockRound, rebetBets } from './round-flow.ts';
import { snapshot } from './snapshot.ts';
import { requireStadium } from './stadium-state.ts';
import { requireTableRound } from './stadium-stream-order.ts';
import { requireSessionPlay } from './reality-check.ts';

/** The bet-limit refusals a close records as the reason it locked nothing. */
const LIMIT_SIT_OUTS: ReadonlySet<string> = new Set<StadiumSitOut>([
  'below-spot-min',
  'above-spot-max',
  'above-table-max',
  'above-max-win',
  'insufficient-credits',
  'reality-check-open',
  'session-limit',
]);

export function stadiumOpen(ctx: CabinetContext, round: number, closesInMs: number): void {
  const { state, config } = requireStadium(ctx);
  requireTableRound(round);
  if (!Number.isSafeInteger(closesInMs) || closesInMs < 0) {
    throw new CabinetError(
      'not-permitted',
      `closesInMs must be a whole number of milliseconds from 0, not ${closesInMs}`,
    );
  }
  // An open for a round this terminal already closed (the link's restart) opens nothing again.
  if (ctx.journal.stadiumRounds.row(config.table, round) !== null) return;
  state.round = round;
  state.window = 'open';
  state.closesAtMs = ctx.clock().getTime() + Math.max(0, closesInMs - config.closeMarginMs);
  state.sitOut = null;
  const queued = state.rebetQueued;
  state.rebetQueued = null;
  if (queued !== null) {
    try {
      layLastBets(ctx, queued);
    } catch (error) {
      // A queued REBET that no longer fits (credits, limits, a tilt) lays nothing; the window opens empty.
      if (!(error instanceof CabinetError)) throw error;
    }
  }
  emitState(ctx);
}

/** Why this close locks nothing, or null when the layout locks. */
function sitOutReason(ctx: CabinetContext, skipping: boolean, bets: Bets): StadiumSitOut | null {
  if (skipping) return 'skipped';
  if (ctx.tilts.length > 0 || !ctx.memoryGood) return 'tilted';
  if (ctx.critical.openRoundId !== null) return 'round-in-progress';
  if (sumSpots(bets) === 0) return 'no-bets';
  try {
    checkForDeal(ctx.config, bets, wallet(ctx));
    requireSessionPlay(ctx, sumSpots(bets));
  } catch (error) {
    if (error instanceof CabinetError && LIMIT_SIT_OUTS.has(error.code)) return error.code as StadiumSitOut;
    throw error;
  }
  return null;
}

export function stadiumClose(ctx: CabinetContext, round: number): void {
  const { state, config } = requireStadium(ctx);
  requireTableRound(round);
  const rounds = ctx.journal.stadiumRounds;
  if (state.round !== round || state.window !== 'open' || rounds.row(config.table, round) !== null) return;
  const bets = cleanBets(ctx.layout);
  const sitOut = sitOutReason(ctx, state.skipping, bets);
  state.window = 'closed';
  state.closesAtMs = ctx.clock().getTime();
  if (sitOut === 'skipped') state.skipping = false;
  state.sitOut = sitOut;
  if (sitOut === null) {
    lockRound(ctx, bets, (roundId, at) => rounds.recordClose(config.table, round, roundId, null, at));
    return;
  }
  const at = now(ctx);
  ctx.journal.transaction(() => rounds.recordClose(config.table, round, null, sitOut, at));
  // The chips that did not lock leave the table with the window: nothing of them carries into the next round.
  resetTable(ctx);
  if (ctx.phase === 'betting') ctx.phase = 'idle';
  emitState(ctx);
}

export function skipRound(ctx: CabinetContext, skip: boolean): CabinetSnapshot {
  const { state } = requireStadium(ctx);
  if (typeof skip !== 'boolean') throw new CabinetError('not-permitted', 'skip must be true or false');
  state.skipping = skip;
  emitState(ctx);
  return snapshot(ctx);
}

/** The last settled round's bets ×1 or ×2, laid on the empty table and checked against every limit. */
function layLastBets(ctx: CabinetContext, multiplier: 1 | 2): void {
  layBets(ctx, rebetBets(ctx, multiplier));
}

/**
 * REBET at a terminal: lays the last layout while the window is open; while it is closed, queues it for the next
 * open. Answers the round whose bets it repeats (the IPC channel's answer); the table shows in the state event.
 */
export function stadiumRebet(ctx: CabinetContext, multiplier: 1 | 2): RoundRecord {
  const { state } = requireStadium(ctx);
  if (multiplier !== 1 && multiplier !== 2) throw new CabinetError('not-permitted', 'REBET multiplier must be 1 or 2');
  const repeated = ctx.journal.lastFinishedRound(ctx.config.demoMode, 'settled');
  if (!repeated || !ctx.rebetBets) throw new CabinetError('no-previous-bets', 'there is no previous round to repeat');
  if (state.window === 'open') layLastBets(ctx, multiplier);
  else {
    state.rebetQueued = multiplier;
    emitState(ctx);
  }
  return repeated;
}

/** DEAL at a terminal: the shared table deals. */
export function refuseDeal(): never {
  throw new CabinetError('stadium-mode', 'this cabinet is a stadium terminal: the shared table deals each round');
}

/** The link's own state (reachability, terminals present, lag): shown at once, never journaled. */
export function stadiumLink(ctx: CabinetContext, link: Pick<StadiumView, 'link' | 'terminals' | 'lagMs'>): void {
  const { state } = requireStadium(ctx);
  if (state.link === link.link && state.terminals === link.terminals && state.lagMs === link.lagMs) return;
  state.link = link.link;
  state.terminals = link.terminals;
  state.lagMs = link.lagMs;
  emitState(ctx);
}
