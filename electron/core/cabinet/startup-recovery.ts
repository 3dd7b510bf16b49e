/**
 * Start-up, in this order, each step idempotent so a power loss inside start-up is safe
 * (the journal's migrations already ran in openCabinet):
 *   1. the durable tilts and the pending handpay are read back;
 *   2. the newest journal records are verified (verified-records.ts); if they verify, critical memory
 *      is loaded and checked against the ledger (critical-memory.ts), else it is a memory error;
 *   3. a changed venue config is logged (config-change.ts);
 *   4. a round that was open at power loss is voided and every bet refunded
 *      (docs/cabinet-rules.md#power-loss) — only when memory is good; otherwise the RAM clear does it; a stadium
 *      terminal's locked round stays open for its table's conclusion (stadium-recovery.ts);
 *   5. the power-up is counted and logged, and an empty demo wallet is filled;
 *   6. what the screen shows (last round, REBET bets, phase) is read from the journal.
 */
import { restoreSession } from './player-session.ts';
import { now, readPendingHandpay, refreshFromJournal, type CabinetContext } from './cabinet-context.ts';
import { applyConfigAtStart } from './config-change.ts';
import { copyWriteFailed } from './critical-copy-fault.ts';
import { commitWhenMemoryGood, loadCriticalAtStart } from './critical-memory.ts';
import { refillDemoCredits } from './money-in-out.ts';
import { storageVoidAtStart } from './storage-fault.ts';
import { voidRound } from './void-round.ts';
import { keepsStadiumRoundOpen } from './stadium-recovery.ts';
import { freshStadiumState } from './stadium-memory.ts';
import { checkRecords } from './verified-records.ts';

export function start(ctx: CabinetContext): void {
  ctx.tilts = ctx.journal.tilts();
  ctx.pendingHandpay = readPendingHandpay(ctx);
  if (checkRecords(ctx, 'start-up')) loadCriticalAtStart(ctx, (error) => copyWriteFailed(ctx, error));
  applyConfigAtStart(ctx);
  ctx.stadium = ctx.config.stadium === null ? null : freshStadiumState();
  if (ctx.memoryGood) recoverOpenRounds(ctx);
  powerUp(ctx);
  refreshFromJournal(ctx);
  // The session as the journal left it (docs/responsible-gaming.md#the-session).
  ctx.session = restoreSession(ctx);
}

/**
 * A round in progress at power-up is voided and every bet refunded: for the storage error the journal's
 * storage-fault tilt names (docs/cabinet-rules.md#storage-faults), otherwise for the power loss.
 */
function recoverOpenRounds(ctx: CabinetContext): void {
  for (const open of ctx.journal.openRounds()) {
    const storage = storageVoidAtStart(ctx, open);
    // A stadium terminal's locked round waits for its conclusion or its timeout (docs/stadium.md#terminals).
    if (!storage && keepsStadiumRoundOpen(ctx, open)) continue;
    if (storage) {
      voidRound(ctx, open, null, storage);
    } else voidRound(ctx, open, null);
  }
}

function powerUp(ctx: CabinetContext): void {
  const { journal } = ctx;
  const at = now(ctx);
  commitWhenMemoryGood(ctx, (s) => {
    if (s) {
      s.meters.powerUps++;
      const count = s.meters.powerUps;
      const schema = journal.schemaVersion();
      journal.appendEvent('power-up', at, { code: 'power-up', count, schema });
    } else {
      journal.appendEvent('power-up', at, { code: 'power-up-memory-error' });
    }
  });
  if (ctx.memoryGood && ctx.config.demoMode && ctx.critical.demoCreditsMinor === 0) refillDemoCredits(ctx);
}
