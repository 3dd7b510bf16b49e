/**
 * The cabinet's use of the journal's record chain (docs/cabinet-rules.md#verified-records): at
 * start-up and before every round the newest records are checked (`verifyRecent`, whose cost does
 * not grow with the journal); after a round the rows it wrote are read back once (`verifyWritten`). A row that does not verify is a memory error, like critical
 * memory with no good copy: a durable tilt whose reason and fault event name the first bad row
 * (table and id), cleared only by a technician RAM clear.
 */
import type { RecordCheckWhen } from '../model/journal-message.ts';
import type { RecordBreak } from '../model/record-check.ts';
import { emitState } from './cabinet-events.ts';
import type { CabinetContext } from './cabinet-context.ts';
import { raiseTilt } from './tilts.ts';

/** The tilt source of a broken record chain (the memory-error tilt of critical memory is `critical-memory`). */
export const RECORD_CHAIN_SOURCE = 'journal-records';

/**
 * Checks the newest records; on a break marks memory bad and raises the memory-error tilt naming the
 * first bad row. Returns whether every record checked verifies.
 */
export function checkRecords(ctx: CabinetContext, when: RecordCheckWhen): boolean {
  // After a round only the rows it wrote are read back; the next round's check covers the rest.
  const check = when === 'after-round' ? ctx.journal.verifyWritten() : ctx.journal.verifyRecent();
  if (check.ok) return true;
  recordBreakSeen(ctx, check.firstBreak, when);
  return false;
}

/** A row that does not verify, found by a check or by a read: memory is bad, the tilt names the row (once). */
export function recordBreakSeen(ctx: CabinetContext, found: RecordBreak, when: RecordCheckWhen): void {
  ctx.memoryGood = false;
  if (ctx.tilts.some((t) => t.kind === 'memory-error' && t.source === RECORD_CHAIN_SOURCE)) return;
  raiseTilt(ctx, 'memory-error', RECORD_CHAIN_SOURCE, {
    code: 'record-chain-broken',
    table: found.table,
    rowId: found.rowId,
    check: when,
  });
  emitState(ctx);
}

/** What a RAM clear owes the player, and what vouches for it (docs/cabinet-rules.md#verified-records). */
export interface OwedByLedger {
  /** The sum of the real wallet's ledger rows: always the amount, whatever the witnesses say. */
  readonly owedMinor: number;
  /** The newest ledger row of the real wallet whose digest verifies (0: none, e.g. the key file is lost). */
  readonly verifiedLedgerId: number;
  /** That row's running balance equals the sum: the record chain vouches for it. */
  readonly chainAgrees: boolean;
}

/**
 * What a RAM clear owes: the sum of the ledger rows of the real wallet. The record chain only vouches
 * for it (a lost key file or a damaged row makes it disagree, never makes the amount 0). Read inside the
 * RAM-clear transaction, after its refunds.
 */
export function owedByLedger(ctx: CabinetContext): OwedByLedger {
  const owedMinor = ctx.journal.ledgerBalance(false);
  const verified = ctx.journal.verifiedLedgerState(false);
  return {
    owedMinor,
    verifiedLedgerId: verified.ledgerId,
    chainAgrees: verified.ledgerId > 0 ? verified.balanceMinor === owedMinor : owedMinor === 0,
  };
}
