/**
 * Where a stadium terminal stands with its table's round, in memory (docs/stadium.md#terminals): the window, the
 * skip, a queued REBET, why the last close locked nothing, and what the link last said. None of it is money: the
 * locked round, its conclusion and the gap baseline are in the journal, so a restart loses only the open window
 * (the next `open` brings a new one). With `stadium: null` in the venue config there is no state and the cabinet
 * plays alone.
 */
import type { StadiumConfig } from '../config/stadium-config.ts';
import { outcomeOfDeal } from '../engine/stated-deal.ts';
import type { StadiumResultView, StadiumView } from '../model/stadium-terminal.ts';
import type { CabinetContext } from './cabinet-context.ts';
import { CabinetError } from './cabinet-error.ts';
import type { StadiumState } from './stadium-memory.ts';

/** The stadium section and state, or `not-in-stadium` for a cabinet that plays alone. */
export function requireStadium(ctx: CabinetContext): { readonly state: StadiumState; readonly config: StadiumConfig } {
  const config = ctx.config.stadium;
  if (config === null || ctx.stadium === null) {
    throw new CabinetError('not-in-stadium', 'this cabinet plays alone: there is no shared round');
  }
  return { state: ctx.stadium, config };
}

/** Bets change only while a terminal's window is open; a cabinet that plays alone has no window. */
export function requireBettingWindow(ctx: CabinetContext): void {
  if (ctx.stadium === null || ctx.stadium.window === 'open') return;
  const round = ctx.stadium.round;
  throw new CabinetError(
    'betting-closed',
    round === null
      ? 'no betting window is open yet: bets are taken once the table opens a round'
      : `the betting window of table round ${round} is closed: bets are taken again when the next round opens`,
  );
}

/** The newest result the journal holds for `table`, dealt again through the engine for its outcome. */
function lastResult(ctx: CabinetContext, table: string): StadiumResultView | null {
  const row = ctx.journal.stadiumRounds.lastResult(table);
  if (row === null || row.stream?.kind !== 'result') return null;
  return {
    round: row.tableRound,
    cards: row.stream.cards,
    outcome: outcomeOfDeal(row.stream.cards),
    roundId: row.roundId,
    sitOut: row.sitOut,
  };
}

/** The broker's address for a screen: every server of the list without a user name or password. */
export function brokerAddress(url: string): string {
  return url
    .split(',')
    .map((part) => {
      const server = part.trim();
      try {
        const parsed = new URL(server);
        parsed.username = '';
        parsed.password = '';
        return parsed.toString().replace(/\/$/, '');
      } catch {
        return server.replace(/^([a-z]+:\/\/)[^@/]*@/i, '$1');
      }
    })
    .join(',');
}

/** The table round whose bets are locked at this terminal and not yet concluded; null when none. */
export function lockedTableRound(ctx: CabinetContext): number | null {
  const open = ctx.critical.openRoundId;
  const locked = open === null ? null : ctx.journal.stadiumRounds.rowOfRound(open);
  return locked !== null && locked.conclusion === null ? locked.tableRound : null;
}

/** The view for the snapshot; `closesInMs` from the core's clock now. */
export function stadiumView(ctx: CabinetContext): StadiumView | null {
  const config = ctx.config.stadium;
  const state = ctx.stadium;
  if (config === null || state === null) return null;
  const rounds = ctx.journal.stadiumRounds;
  return {
    table: config.table,
    broker: brokerAddress(config.url),
    link: state.link,
    round: state.round,
    window: state.window,
    closesInMs: state.window === 'open' ? Math.max(0, state.closesAtMs - ctx.clock().getTime()) : 0,
    skipping: state.skipping,
    terminals: state.terminals,
    lockedRound: lockedTableRound(ctx),
    lastConcludedRound: rounds.lastConcludedRound(config.table),
    lagMs: state.lagMs,
    sitOut: state.sitOut,
    rebetQueued: state.rebetQueued !== null,
    lastResult: lastResult(ctx, config.table),
    terminalId: rounds.terminalId(),
  };
}
