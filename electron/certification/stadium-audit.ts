/**
 * The stadium part of the journal audit (docs/stadium.md#the-terminals-journal): each table round a terminal locked
 * bets in is its own round once, concluded as its money says — a result's round settled on exactly the stream's
 * cards, a void's, timeout's or fault's round refunded, an unconcluded round still open (it waits for its table, so
 * the audit allows it open after recovery). A settled terminal round with no result in its row is settled on cards
 * that came from nowhere.
 */
import type { RoundOutcome } from '../core/engine/round.ts';
import type { StadiumRoundRow } from '../core/model/stadium-journal.ts';
import type { RoundAuditRow } from '../storage/round-store.ts';

export interface StadiumAudit {
  readonly problems: readonly string[];
  /** Terminal rounds locked at a stadium close and not yet concluded: open by design. */
  readonly waitingForTable: ReadonlySet<number>;
}

export function auditStadiumRounds(
  stadium: readonly StadiumRoundRow[],
  rounds: readonly RoundAuditRow[],
): StadiumAudit {
  const problems: string[] = [];
  const waitingForTable = new Set<number>();
  const byId = new Map(rounds.map((r) => [r.round_id, r]));
  for (const row of stadium) {
    if (row.roundId === null) continue;
    const what = `stadium ${row.table} round ${row.tableRound} (round ${row.roundId})`;
    const round = byId.get(row.roundId);
    if (!round) {
      problems.push(`${what}: no such round`);
      continue;
    }
    if (row.conclusion === null) {
      if (round.status === 'locked' || round.status === 'dealt') waitingForTable.add(row.roundId);
      else problems.push(`${what}: ${round.status} but not concluded`);
    } else if (row.conclusion === 'result') {
      const dealt = round.outcome_json ? (JSON.parse(round.outcome_json) as RoundOutcome).dealOrder : null;
      const heard = row.stream?.kind === 'result' ? row.stream.cards : null;
      if (round.status !== 'settled') problems.push(`${what}: concluded by a result but ${round.status}`);
      else if (JSON.stringify(dealt) !== JSON.stringify(heard)) problems.push(`${what}: settled on other cards`);
    } else if (round.status !== 'voided') {
      problems.push(`${what}: concluded by ${row.conclusion} but ${round.status}`);
    }
  }
  return { problems, waitingForTable };
}
