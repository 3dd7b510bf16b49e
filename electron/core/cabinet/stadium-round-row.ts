/**
 * A stadium terminal's round row beside the money it explains (docs/stadium.md#the-terminals-journal): the round a
 * terminal has locked, and the conclusion any void of it writes in the refund's own commit (a table's void, a
 * timeout, a fault, and equally a storage error or a RAM clear).
 */
import type { VoidReason } from '../model/journal-message.ts';
import type { OpenRound } from '../model/round-record.ts';
import type { StadiumConclusion, StadiumRoundRow } from '../model/stadium-journal.ts';
import type { CabinetContext } from './cabinet-context.ts';

/** How a void concludes a stadium round: a timeout, a fault, or a void (the table's or any other). */
function conclusionOf(code: VoidReason): StadiumConclusion {
  if (code.code === 'stadium-void') return code.voidCause === 'result-timeout' ? 'timeout' : 'void';
  return code.code === 'stadium-fault' ? 'fault' : 'void';
}

/** Inside voidRound's commit: a stadium round's row is concluded with its refund (a table's void is the stream's word). */
export function concludeStadiumOnVoid(ctx: CabinetContext, roundId: number, code: VoidReason, at: string): void {
  const rounds = ctx.journal.stadiumRounds;
  const row = rounds.rowOfRound(roundId);
  if (row === null || row.conclusion !== null) return;
  const tableVoid = code.code === 'stadium-void' && code.voidCause === 'table-void';
  rounds.conclude(row.table, row.tableRound, conclusionOf(code), tableVoid ? { kind: 'void' } : null, at);
}

/** The open round this terminal locked at a close, with its row; null when none is open or it is a solo round. */
export function lockedStadiumRound(ctx: CabinetContext): { open: OpenRound; row: StadiumRoundRow } | null {
  const id = ctx.critical.openRoundId;
  if (id === null) return null;
  const row = ctx.journal.stadiumRounds.rowOfRound(id);
  const open = ctx.journal.openRounds().find((r) => r.roundId === id);
  return row !== null && row.conclusion === null && open !== undefined ? { open, row } : null;
}
