/**
 * A stadium terminal's part of the player's history (docs/stadium.md#history): the table round each of its rounds
 * was played in, and the table's results it recorded with no bets of its own in them (skipped, no bets, a limit, a
 * tilt, or a close it missed). A round the table voided, or this terminal refunded, has no cards and is not listed
 * as sat out; one with bets is the terminal's own round, listed once, as played.
 */
import type { StadiumHistorySource } from './player-history.ts';
import type { CabinetContext } from './cabinet-context.ts';

export function stadiumHistory(ctx: CabinetContext): StadiumHistorySource | null {
  const table = ctx.config.stadium?.table;
  if (table === undefined || ctx.stadium === null) return null;
  const rounds = ctx.journal.stadiumRounds;
  return {
    tableRoundOf: (roundId) => rounds.rowOfRound(roundId)?.tableRound ?? null,
    // Among the newest `limit` results: enough, since each result left out is older than `limit` listed rounds.
    satOut: (limit) =>
      rounds.recentResults(table, limit).flatMap((row) =>
        row.roundId === null && row.stream?.kind === 'result' && row.concludedAt !== null
          ? [
              {
                kind: 'sat-out' as const,
                tableRound: row.tableRound,
                cards: row.stream.cards,
                at: row.concludedAt,
                why: row.sitOut,
              },
            ]
          : [],
      ),
  };
}
