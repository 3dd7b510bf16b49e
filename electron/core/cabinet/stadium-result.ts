/**
 * A verified result at a stadium terminal (docs/stadium.md#terminals): checked for the stream's order, dealt again
 * through the terminal's own engine (engine/stated-deal.ts), then the locked bets are dealt and settled in the round
 * flow's own two commits (round-flow.ts), the stadium row concluded in the settle commit. A round without bets is
 * recorded for the roads. Once concluded, a round never settles again: the same result is `already-concluded`, a
 * result for a refunded round is logged and ignored, anything else is doubtful.
 */
import { checkStatedDeal } from '../engine/stated-deal.ts';
import type { StreamWord } from '../model/stadium-journal.ts';
import type { ConclusionOutcome, VerifiedResult } from '../model/stadium-terminal.ts';
import { now, type CabinetContext } from './cabinet-context.ts';
import { emitState } from './cabinet-events.ts';
import { recordDeal, settleRound } from './round-flow.ts';
import { raiseStadiumFault } from './stadium-fault.ts';
import { requireStadium } from './stadium-state.ts';
import { checkStreamOrder, requireTableRound } from './stadium-stream-order.ts';

export function stadiumResult(ctx: CabinetContext, result: VerifiedResult): ConclusionOutcome {
  const table = requireStadium(ctx).config.table;
  requireTableRound(result.round);
  const { round } = result;
  const cards = [...result.cards];
  const word: StreamWord = { kind: 'result', cards };
  if (result.table !== table) {
    raiseStadiumFault(ctx, 'bad-message', null);
    return 'faulted';
  }
  const order = checkStreamOrder(ctx, table, round, word);
  if (order.kind === 'doubtful') {
    raiseStadiumFault(ctx, order.cause, round, { kind: 'doubtful', cards });
    return 'faulted';
  }
  const rounds = ctx.journal.stadiumRounds;
  const row = rounds.row(table, round);
  if (order.kind === 'seen') return row?.stream?.kind === 'doubtful' ? 'faulted' : 'already-concluded';

  const checked = checkStatedDeal(cards, result.outcome, ctx.config.profile.decks);
  if (!checked.ok) {
    raiseStadiumFault(ctx, 'outcome-mismatch', round, { kind: 'doubtful', cards });
    return 'faulted';
  }
  const at = now(ctx);
  if (row !== null && row.conclusion !== null) {
    // Refunded here already (a timeout or a fault): the result is logged and ignored, its cards kept as heard.
    ctx.journal.transaction(() => {
      rounds.markStream(table, round, word);
      ctx.journal.appendEvent('stadium', at, {
        code: 'stadium-result-late',
        tableId: table,
        tableRound: round,
        roundId: row.roundId,
      });
    });
    emitState(ctx);
    return 'late-for-void';
  }
  const open = ctx.journal.openRounds().find((r) => row !== null && r.roundId === row.roundId);
  if (!open) {
    ctx.journal.transaction(() => rounds.conclude(table, round, 'result', word, at));
    emitState(ctx);
    return 'recorded';
  }
  // Dealt before a restart cut the settle short: the cards are in the journal, the settle follows.
  if (open.status === 'locked') recordDeal(ctx, open.roundId, checked.outcome);
  else ctx.phase = 'dealt';
  settleRound(ctx, open.roundId, open.bets, checked.outcome, (_roundId, settledAt) =>
    rounds.conclude(table, round, 'result', word, settledAt),
  );
  return 'settled';
}
