/**
 * The outbox of settled bets (docs/stadium.md#the-settled-bets-outbox): each concluded table round this terminal had
 * bets locked in waits in the journal until the link has published it for the venue's records, so a crash between
 * the settle and the publish loses no report and a re-publish is deduplicated by its message id.
 */
import type { StadiumSettledReport } from '../model/stadium-terminal.ts';
import { sumSpots } from '../money/ledger-postings.ts';
import { now, type CabinetContext } from './cabinet-context.ts';
import { CabinetError } from './cabinet-error.ts';

export function stadiumUnreported(ctx: CabinetContext, limit: number): StadiumSettledReport[] {
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > 1000) {
    throw new CabinetError('not-permitted', `limit must be a whole number from 1 to 1000, not ${limit}`);
  }
  const terminal = ctx.journal.stadiumRounds.terminalId();
  const reports: StadiumSettledReport[] = [];
  for (const row of ctx.journal.stadiumRounds.unreported(limit)) {
    const round = row.roundId === null ? null : ctx.journal.round(row.roundId);
    if (round === null || row.concludedAt === null) continue;
    const settled = round.status === 'settled';
    const returns = settled ? round.returns : round.bets;
    reports.push({
      terminal,
      table: row.table,
      round: row.tableRound,
      roundId: round.roundId,
      status: settled ? 'settled' : 'refunded',
      bets: round.bets,
      stakeMinor: sumSpots(round.bets),
      returns,
      returnMinor: sumSpots(returns),
      cards: settled ? round.cards : null,
      concludedAt: row.concludedAt,
    });
  }
  return reports;
}

export function stadiumReported(ctx: CabinetContext, table: string, round: number): boolean {
  const at = now(ctx);
  return ctx.journal.transaction(() => ctx.journal.stadiumRounds.markReported(table, round, at));
}
