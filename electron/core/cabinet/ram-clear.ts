/**
 * RAM clear (technician): the one way out of a memory-error tilt. It never loses money
 * (docs/cabinet-rules.md#critical-memory). In one transaction it
 * - voids and refunds any open round (so what is owed includes its stakes);
 * - computes what the player is owed from the ledger itself, the sum of the real wallet's rows; the
 *   record chain only vouches for that sum (verified-records.ts, docs/cabinet-rules.md#verified-records);
 * - writes one `ram-clear` ledger row per wallet that takes the credits off the meter, and turns the real
 *   amount into a handpay an attendant must pay (handpay-pending tilt), so the credits move to "owed by
 *   handpay" exactly once: a second clear finds a ledger sum of 0;
 * - after a damaged journal was moved aside, also turns what that file still owed into a handpay, once
 *   per damaged file (docs/cabinet-rules.md#damaged-journal);
 * - resets every meter to zero (the audit restarts from the `ram_clears` marker);
 * - rebuilds both copies of critical memory and clears the memory-error tilt.
 * Other tilts (door, handpay) stay: they are physical.
 */
import { postPerSpot } from '../money/ledger-postings.ts';
import type { CriticalState } from '../model/critical-state.ts';
import type { DamagedJournalOwed } from '../model/damaged-journal-owed.ts';
import type { HandpayOrigin } from '../model/journal-message.ts';
import { now, readPendingHandpay, refreshFromJournal, type CabinetContext } from './cabinet-context.ts';
import { emitState, emitTilts } from './cabinet-events.ts';
import { resetTable } from './betting.ts';
import { freshCriticalState } from './critical-memory.ts';
import { putTilt } from './tilts.ts';
import { concludeStadiumOnVoid } from './stadium-round-row.ts';
import { owedByLedger } from './verified-records.ts';

/** A damaged file already turned into a handpay by an earlier clear (one that lost power before its marker went). */
function alreadyOwedBy(ctx: CabinetContext, damagedFile: string): boolean {
  return ctx.journal
    .events({ kind: 'ram-clear', limit: 1000 })
    .some(
      (e) =>
        e.message?.code === 'ram-cleared' &&
        e.message.damagedFile === damagedFile &&
        e.message.damagedOwedMinor !== null,
    );
}

/** Inside the transaction: a handpay for `amountMinor` and its event; returns its id. */
function owedAsHandpay(ctx: CabinetContext, amountMinor: number, at: string, origin: HandpayOrigin): number {
  const hp = ctx.journal.insertHandpay(amountMinor, at);
  ctx.journal.appendEvent('handpay', at, { code: 'handpay-created', handpayId: hp.handpayId, amountMinor, origin });
  return hp.handpayId;
}

export function ramClear(ctx: CabinetContext, damagedOwed: DamagedJournalOwed | null = null): void {
  const { journal } = ctx;
  const at = now(ctx);
  const metersBefore = ctx.memoryGood ? ctx.critical.meters : null;
  const open = journal.openRounds();
  // A journal that was damaged at start-up (docs/cabinet-rules.md#damaged-journal): its tilt's rows name the
  // file kept aside and its SHA-256, and this clear's record names what it still owed, so the audit trail of
  // the fresh journal starts from the damaged one.
  const carried = damagedOwed !== null && !alreadyOwedBy(ctx, damagedOwed.damagedFile) ? damagedOwed : null;
  const state = journal.transaction((): CriticalState => {
    for (const r of open) {
      const balance = postPerSpot((e) => journal.appendLedger(e), {
        kind: 'refund',
        demo: r.demo,
        roundId: r.roundId,
        at,
        amounts: r.bets,
        balanceBeforeMinor: journal.ledgerBalance(r.demo),
      });
      journal.markVoided(r.roundId, r.stakeMinor, balance, at, { code: 'ram-clear' });
      concludeStadiumOnVoid(ctx, r.roundId, { code: 'ram-clear' }, at);
    }
    const owed = owedByLedger(ctx);
    const removedDemo = journal.ledgerBalance(true);
    for (const [demo, amount] of [
      [false, owed.owedMinor],
      [true, removedDemo],
    ] as const) {
      if (amount !== 0)
        journal.appendLedger({ at, kind: 'ram-clear', demo, deltaMinor: -amount, balanceAfterMinor: 0 });
    }
    // The row above takes the credits off the meter; the handpay is where they went. A sum at or below 0
    // (only after damage) owes nothing, and the record says so.
    let handpaysMinor = 0;
    if (owed.owedMinor > 0) {
      owedAsHandpay(ctx, owed.owedMinor, at, 'ram-clear');
      handpaysMinor += owed.owedMinor;
    }
    if (carried !== null && carried.owedMinor > 0) {
      owedAsHandpay(ctx, carried.owedMinor, at, 'damaged-journal');
      handpaysMinor += carried.owedMinor;
    }
    journal.appendEvent('ram-clear', at, {
      code: 'ram-cleared',
      creditsRemovedMinor: owed.owedMinor,
      roundsVoided: open.length,
      metersKept: metersBefore !== null,
      verifiedLedgerId: owed.verifiedLedgerId,
      chainAgrees: owed.chainAgrees,
      damagedFile: carried?.damagedFile ?? null,
      damagedOwedMinor: carried?.owedMinor ?? null,
      damagedLedgerRows: carried?.ledgerRows ?? null,
      damagedUnreadableSpots: carried?.unreadableSpots ?? null,
      damagedExportFile: carried?.exportFile ?? null,
      damagedLastBalanceMinor: carried?.lastBalanceAfterMinor ?? null,
      damagedCopyCreditsMinor: carried?.copyCreditsMinor ?? null,
    });
    journal.recordRamClear({
      at,
      creditsRemovedMinor: owed.owedMinor,
      metersBefore,
      verifiedLedgerId: owed.verifiedLedgerId,
      ledgerSumMinor: owed.owedMinor,
    });
    const fresh = freshCriticalState(journal, ctx.config, (ctx.memoryGood ? ctx.critical.seq : 0) + 1);
    journal.writeCritical(fresh);
    // One row per source, so each cleared memory error (a damaged journal's names its file) has its own end.
    for (const { source } of journal.tilts().filter((t) => t.kind === 'memory-error')) {
      journal.removeTilt('memory-error', source);
      journal.appendEvent('clear', at, {
        code: 'tilt-cleared',
        tilt: 'memory-error',
        source,
        cause: 'ram-clear',
        role: 'technician',
        deviceDetail: null,
      });
    }
    if (handpaysMinor > 0) {
      putTilt(ctx, 'handpay-pending', 'ram-clear', { code: 'handpay-waiting', amountMinor: handpaysMinor }, at);
    }
    return fresh;
  });
  ctx.critical = state;
  ctx.memoryGood = true;
  ctx.pendingHandpay = readPendingHandpay(ctx);
  resetTable(ctx);
  refreshFromJournal(ctx);
  ctx.rebetBets = null;
  emitTilts(ctx);
  emitState(ctx);
}
