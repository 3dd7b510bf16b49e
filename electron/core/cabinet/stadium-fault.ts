/**
 * The stadium-fault tilt (docs/stadium.md#terminals, docs/cabinet-rules.md#door-and-tilt): a doubtful table stream —
 * a bad signature or message, a gap, a replay, cards that do not deal the stated outcome — stops play until a
 * technician clears it, and the locked bets are refunded, never settled on it. The round the doubtful message named
 * is marked heard from the stream in the same commit, so the stream's baseline moves past it.
 */
import type { TiltReason } from '../model/journal-message.ts';
import type { StadiumFaultCause } from '../model/stadium-terminal.ts';
import type { StreamWord } from '../model/stadium-journal.ts';
import { now, type CabinetContext } from './cabinet-context.ts';
import { emitState, emitTilts } from './cabinet-events.ts';
import { lockedStadiumRound } from './stadium-round-row.ts';
import { requireStadium } from './stadium-state.ts';
import { requireTableRound } from './stadium-stream-order.ts';
import { putTilt } from './tilts.ts';
import { voidRound } from './void-round.ts';

/** Where the tilt says it came from: the link to the table. */
export const STADIUM_SOURCE = 'stadium';

export function raiseStadiumFault(
  ctx: CabinetContext,
  cause: StadiumFaultCause,
  round: number | null,
  word: StreamWord = { kind: 'doubtful', cards: null },
): void {
  const table = requireStadium(ctx).config.table;
  const rounds = ctx.journal.stadiumRounds;
  const reasonCode: TiltReason = {
    code: 'stadium-stream-fault',
    fault: cause,
    tableId: table,
    round,
    lastRound: rounds.lastStreamRound(table),
  };
  const doubtful: StreamWord =
    word.kind === 'doubtful' ? word : { kind: 'doubtful', cards: 'cards' in word ? word.cards : null };
  const markStream = (at: string) => {
    if (round === null) return;
    const row = rounds.row(table, round);
    if (row === null || row.conclusion === null) rounds.conclude(table, round, 'fault', doubtful, at);
    else if (row.stream === null) rounds.markStream(table, round, doubtful);
  };
  const tilt = { kind: 'stadium-fault' as const, source: STADIUM_SOURCE, reasonCode };
  const locked = lockedStadiumRound(ctx);
  if (locked) {
    voidRound(
      ctx,
      locked.open,
      tilt,
      { code: 'stadium-fault', tableId: table, tableRound: locked.row.tableRound, fault: cause },
      markStream,
    );
    return;
  }
  const at = now(ctx);
  ctx.journal.transaction(() => {
    ctx.journal.appendEvent('fault', at, {
      code: 'fault-raised',
      tilt: 'stadium-fault',
      source: STADIUM_SOURCE,
      reason: reasonCode,
    });
    putTilt(ctx, 'stadium-fault', STADIUM_SOURCE, reasonCode, at);
    markStream(at);
  });
  emitTilts(ctx);
  emitState(ctx);
}

/** The port's stadiumFault: what the link found wrong before the core could see the message. */
export function stadiumFault(ctx: CabinetContext, cause: StadiumFaultCause, round: number | null): void {
  requireTableRound(round);
  raiseStadiumFault(ctx, cause, round);
}
