/**
 * Start-up with a stadium terminal's round open (docs/stadium.md#terminals): a locked round waits for its table's
 * conclusion or its result timeout, which the link starts afresh; a round already dealt from a verified result is
 * settled from the cards the journal holds (the broker still owes that result, and it then finds it concluded).
 * A round of another table than the config's, or any round once the cabinet plays alone, is voided as today.
 */
import type { OpenRound } from '../model/round-record.ts';
import type { CabinetContext } from './cabinet-context.ts';
import { settleRound } from './round-flow.ts';

/** True when `open` is a stadium round left open (or settled here); false when start-up voids it as usual. */
export function keepsStadiumRoundOpen(ctx: CabinetContext, open: OpenRound): boolean {
  const row = ctx.journal.stadiumRounds.rowOfRound(open.roundId);
  const table = ctx.config.stadium?.table;
  if (row === null || row.conclusion !== null || table !== row.table) return false;
  if (open.status === 'locked') return true;
  const outcome = ctx.journal.round(open.roundId)?.outcome ?? null;
  if (outcome === null) return false;
  ctx.phase = 'dealt';
  settleRound(ctx, open.roundId, open.bets, outcome, (_roundId, at) =>
    ctx.journal.stadiumRounds.conclude(
      row.table,
      row.tableRound,
      'result',
      { kind: 'result', cards: outcome.dealOrder },
      at,
    ),
  );
  return true;
}
