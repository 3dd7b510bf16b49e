/**
 * Voids at a stadium terminal (docs/stadium.md#terminals): the table's `void {round}` and the terminal's own result
 * timeout refund the locked bets once through void-round.ts, the table round in the void reason; a round without
 * bets is only recorded. The table's void is the stream's word and is checked for order; a timeout is local.
 */
import type { ConclusionOutcome, StadiumVoidCause } from '../model/stadium-terminal.ts';
import { now, type CabinetContext } from './cabinet-context.ts';
import { emitState } from './cabinet-events.ts';
import { raiseStadiumFault } from './stadium-fault.ts';
import { requireStadium } from './stadium-state.ts';
import { checkStreamOrder, requireTableRound } from './stadium-stream-order.ts';
import { voidRound } from './void-round.ts';

export function stadiumVoid(ctx: CabinetContext, round: number, cause: StadiumVoidCause): ConclusionOutcome {
  const table = requireStadium(ctx).config.table;
  requireTableRound(round);
  const rounds = ctx.journal.stadiumRounds;
  const fromStream = cause === 'table-void';
  if (fromStream) {
    const order = checkStreamOrder(ctx, table, round, { kind: 'void' });
    if (order.kind === 'doubtful') {
      raiseStadiumFault(ctx, order.cause, round);
      return 'faulted';
    }
    if (order.kind === 'seen') return 'already-concluded';
  }
  const row = rounds.row(table, round);
  if (row !== null && row.conclusion !== null) {
    // Concluded here before (a timeout, then the table's void): the stream's word is kept, nothing else changes.
    if (fromStream) ctx.journal.transaction(() => rounds.markStream(table, round, { kind: 'void' }));
    return 'already-concluded';
  }
  const open = ctx.journal.openRounds().find((r) => row !== null && r.roundId === row.roundId);
  if (open) {
    voidRound(ctx, open, null, { code: 'stadium-void', tableId: table, tableRound: round, voidCause: cause });
    return 'refunded';
  }
  // A timeout with nothing locked has nothing to refund: the table's own word on the round is still to come.
  if (!fromStream) return 'recorded';
  const at = now(ctx);
  ctx.journal.transaction(() => rounds.conclude(table, round, 'void', { kind: 'void' }, at));
  emitState(ctx);
  return 'recorded';
}
