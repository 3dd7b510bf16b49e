/**
 * RAM clear (technician): the one way out of a memory-error tilt. In one transaction it
 * - voids and refunds any open round (so the removed balance includes its stakes);
 * - writes one `ram-clear` ledger row per wallet that removes the remaining credits (the amount
 *   is in the event log and in `ram_clears`, so the venue can pay the player by hand); the amount
 *   owed is what the last verified ledger row says, and the record names that row
 *   (verified-records.ts, docs/cabinet-rules.md#verified-records);
 * - resets every meter to zero (the audit restarts from the `ram_clears` marker);
 * - rebuilds both copies of critical memory and clears the memory-error tilt.
 * Other tilts (door, handpay) stay: they are physical. See docs/cabinet-rules.md#critical-memory.
 * After a damaged journal was moved aside, the record also names that file and its SHA-256.
 */
import { canonicalJson } from '../integrity/canonical-json.ts';
import { postPerSpot } from '../money/ledger-postings.ts';
import { formatMinor } from '../money/minor-units.ts';
import type { CriticalState } from '../model/critical-state.ts';
import { now, refreshFromJournal, type CabinetContext } from './cabinet-context.ts';
import { emitState, emitTilts } from './cabinet-events.ts';
import { resetTable } from './betting.ts';
import { freshCriticalState } from './critical-memory.ts';
import { verifiedPayout } from './verified-records.ts';

export function ramClear(ctx: CabinetContext): void {
  const { journal } = ctx;
  const at = now(ctx);
  const metersBefore = ctx.memoryGood ? ctx.critical.meters : null;
  const open = journal.openRounds();
  // A journal that was damaged at start-up (docs/cabinet-rules.md#damaged-journal): its tilt names the
  // file kept aside and its SHA-256, and the RAM clear's record repeats it, so the audit trail of the
  // fresh journal starts from the damaged one.
  const damaged = ctx.tilts.filter((t) => t.kind === 'memory-error' && t.source === 'journal').map((t) => t.reason);
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
      journal.markVoided(r.roundId, 'RAM clear', r.stakeMinor, balance, at, { code: 'ram-clear' });
    }
    const payout = verifiedPayout(ctx);
    const removed = journal.ledgerBalance(false);
    const removedDemo = journal.ledgerBalance(true);
    for (const [demo, amount] of [
      [false, removed],
      [true, removedDemo],
    ] as const) {
      if (amount !== 0)
        journal.appendLedger({ at, kind: 'ram-clear', demo, deltaMinor: -amount, balanceAfterMinor: 0 });
    }
    journal.appendEvent(
      'ram-clear',
      `RAM clear by technician: credits ${formatMinor(payout.owedMinor)} removed (per verified ledger row #${payout.verifiedLedgerId}; pay by hand if owed), ${open.length} open round(s) voided, meters reset` +
        (metersBefore ? `; meters before: ${canonicalJson(metersBefore)}` : '; meters before: unavailable') +
        damaged.map((reason) => `; clears the damaged journal: ${reason}`).join(''),
      at,
      {
        code: 'ram-cleared',
        creditsRemovedMinor: payout.owedMinor,
        roundsVoided: open.length,
        metersKept: metersBefore !== null,
      },
    );
    journal.recordRamClear({
      at,
      creditsRemovedMinor: payout.owedMinor,
      metersBefore,
      verifiedLedgerId: payout.verifiedLedgerId,
      ledgerSumMinor: payout.ledgerSumMinor,
    });
    const fresh = freshCriticalState(journal, ctx.config, (ctx.memoryGood ? ctx.critical.seq : 0) + 1);
    journal.writeCritical(fresh);
    if (journal.removeTilt('memory-error') > 0) {
      journal.appendEvent('clear', 'memory-error cleared by RAM clear', at, {
        code: 'tilt-cleared',
        tilt: 'memory-error',
        source: null,
        cause: 'ram-clear',
        role: 'technician',
      });
    }
    return fresh;
  });
  ctx.critical = state;
  ctx.memoryGood = true;
  resetTable(ctx);
  refreshFromJournal(ctx);
  ctx.rebetBets = null;
  emitTilts(ctx);
  emitState(ctx);
}
