/**
 * The layout of chips on the table (phase "betting"). It is not money: nothing is debited
 * until DEAL locks the round (round-flow.ts), so it lives in memory only. After a power loss
 * in "betting" the cabinet comes back idle with every credit intact
 * (docs/cabinet-rules.md#power-loss). Limits: bet-limits.ts.
 */
import { BET_SPOTS, type BetSpot } from '../engine/bet-spot.ts';
import type { Bets } from '../engine/settlement.ts';
import { sumSpots } from '../money/ledger-postings.ts';
import type { MinorUnits } from '../money/minor-units.ts';
import type { CabinetSnapshot, RoundPhase } from './cabinet-api.ts';
import { requireNoOpenRound, requirePlayable, wallet, type CabinetContext } from './cabinet-context.ts';
import { CabinetError } from './cabinet-error.ts';
import { emitState } from './cabinet-events.ts';
import { checkUpperLimits, requireChip, requireSpot } from './bet-limits.ts';
import { assertTransition } from './round-machine.ts';
import { snapshot } from './snapshot.ts';
import { requireBettingWindow } from './stadium-state.ts';

/** The spots and side bets that carry a positive bet, in BET_SPOTS order. */
export function cleanBets(bets: Bets): Bets {
  const out: Bets = {};
  for (const spot of BET_SPOTS) {
    const v = bets[spot];
    if (v !== undefined && v > 0) out[spot] = v;
  }
  return out;
}

function setLayout(ctx: CabinetContext, next: Bets, pushHistory: boolean): CabinetSnapshot {
  const target: RoundPhase = sumSpots(next) > 0 ? 'betting' : 'idle';
  if (ctx.phase !== target) assertTransition(ctx.phase, target);
  if (pushHistory) ctx.history.push(ctx.layout);
  ctx.layout = cleanBets(next);
  ctx.phase = target;
  emitState(ctx);
  return snapshot(ctx);
}

export function placeChip(ctx: CabinetContext, spot: BetSpot, chipMinor: MinorUnits): CabinetSnapshot {
  requireSpot(ctx.config, spot);
  requireBettingWindow(ctx);
  requirePlayable(ctx);
  requireChip(ctx.config, chipMinor);
  const next: Bets = { ...ctx.layout, [spot]: (ctx.layout[spot] ?? 0) + chipMinor };
  checkUpperLimits(ctx.config, next, wallet(ctx));
  return setLayout(ctx, next, true);
}

/** Removes one chip; a chip larger than the bet removes the whole bet (docs/rules.md#chips-and-bets). */
export function removeChip(ctx: CabinetContext, spot: BetSpot, chipMinor: MinorUnits): CabinetSnapshot {
  requireSpot(ctx.config, spot);
  requireBettingWindow(ctx);
  requireNoOpenRound(ctx);
  requireChip(ctx.config, chipMinor);
  const bet = ctx.layout[spot] ?? 0;
  if (bet === 0) throw new CabinetError('no-bet-to-remove', `there is no bet on ${spot} to remove`);
  const next: Bets = { ...ctx.layout, [spot]: chipMinor >= bet ? 0 : bet - chipMinor };
  return setLayout(ctx, next, true);
}

export function undoChip(ctx: CabinetContext): CabinetSnapshot {
  requireBettingWindow(ctx);
  requireNoOpenRound(ctx);
  const previous = ctx.history.pop();
  if (previous === undefined) throw new CabinetError('nothing-to-undo', 'there is no chip to undo');
  return setLayout(ctx, previous, false);
}

export function clearBets(ctx: CabinetContext): CabinetSnapshot {
  requireBettingWindow(ctx);
  requireNoOpenRound(ctx);
  ctx.history = [];
  return setLayout(ctx, {}, false);
}

/** Lays a whole layout at once (a stadium terminal's REBET), undoable like a chip. */
export function layBets(ctx: CabinetContext, bets: Bets): CabinetSnapshot {
  return setLayout(ctx, bets, true);
}

/**
 * REBET and REBET ×2 repeat the last round on an empty table only: with chips on the table, DEAL plays those
 * chips and a rebet is refused, so a layout the player built is never swapped for another one
 * (docs/rules.md#round-buttons).
 */
export function requireEmptyTableForRebet(ctx: CabinetContext): void {
  const onTable = sumSpots(ctx.layout);
  if (onTable > 0) {
    throw new CabinetError(
      'rebet-needs-empty-table',
      `REBET repeats the last round on an empty table, but ${String(onTable)} (minor units) is on the table; deal or clear those bets first`,
    );
  }
}

/** Clears the table and the undo history (after a lock, a cash-out, a RAM clear, a config change). */
export function resetTable(ctx: CabinetContext): void {
  ctx.layout = {};
  ctx.history = [];
}
