/**
 * Money in and out of the cabinet: notes from the bill acceptor, the player's collect
 * (always a handpay) and the demo wallet's top-up. Lives in core/cabinet, not core/money,
 * because it works on the cabinet's state (tilts, critical memory); core/money holds the
 * pure money arithmetic (minor units, ledger postings) that the engine and records also use.
 *
 * - Money-in is refused at escrow during any tilt, in demo mode, while a round is open, for
 *   disabled notes and above the credit limit.
 * - A note reported stacked is in the cashbox: it is credited exactly once per event key,
 *   even above the credit limit, while tilted or during a memory error, and the anomaly is
 *   logged (docs/cabinet-rules.md#bill-validator, docs/protocols/essp.md#credit-rules).
 * - Cash-out: every collect is a handpay (cashOut and handpay meters both grow), then the
 *   handpay-pending tilt until a technician clears it. Collect is possible during rng-fault
 *   and device-fault tilts, refused during door-open, memory-error, handpay-pending and storage-fault
 *   (the tilt is named before an open round: docs/cabinet-rules.md#storage-faults).
 */
import { moneyText, type MinorUnits } from '../money/minor-units.ts';
import type { Handpay } from '../model/handpay.ts';
import type { BillWarning } from '../model/journal-message.ts';
import type { BillCredit, CabinetSnapshot } from './cabinet-api.ts';
import { now, requireNoOpenRound, type CabinetContext } from './cabinet-context.ts';
import { CabinetError } from './cabinet-error.ts';
import { emit, emitState, emitTilts } from './cabinet-events.ts';
import { commit, commitWhenMemoryGood } from './critical-memory.ts';
import { resetTable } from './betting.ts';
import { TILTS_ALLOWING_CASHOUT } from './round-machine.ts';
import { snapshot } from './snapshot.ts';
import { putTilt } from './tilts.ts';
import { endInCommit, startInCommit } from './player-session.ts';
import type { SessionState } from '../model/player-session.ts';

/** The escrow decision: may a note of this value be stacked now? */
export function canAcceptBill(ctx: CabinetContext, valueMinor: MinorUnits): { accept: boolean; reason: string } {
  const { config, tilts, critical } = ctx;
  if (!Number.isSafeInteger(valueMinor) || valueMinor <= 0) return { accept: false, reason: 'not a note value' };
  if (config.demoMode) return { accept: false, reason: 'demo mode: money-in is disabled' };
  if (tilts.length > 0) return { accept: false, reason: `money-in is disabled while tilted (${tilts[0]!.kind})` };
  if (critical.openRoundId !== null) return { accept: false, reason: 'a round is in progress' };
  // Credit added past a session limit could not be played: the note is returned (docs/responsible-gaming.md#session-limits).
  if (ctx.session?.limitReached)
    return { accept: false, reason: `the session ${ctx.session.limitReached} limit is reached` };
  const enabled = config.billChannels.filter((c) => c.enabled).map((c) => c.valueMinor);
  if (!enabled.includes(valueMinor)) {
    return {
      accept: false,
      reason: `${moneyText(valueMinor, config.currency)} notes are not enabled (enabled: ${enabled.map((v) => moneyText(v, config.currency)).join(', ') || 'none'})`,
    };
  }
  const after = critical.creditsMinor + valueMinor;
  if (after > config.limits.creditLimitMinor) {
    return {
      accept: false,
      reason: `credits would be ${moneyText(after, config.currency)}, above the credit limit ${moneyText(config.limits.creditLimitMinor, config.currency)}`,
    };
  }
  return { accept: true, reason: 'ok' };
}

/** Credits a stacked note once per event key; false when that key was already credited. */
export function creditBill(ctx: CabinetContext, credit: BillCredit): boolean {
  const { journal, config } = ctx;
  const { valueMinor, channel, eventKey } = credit;
  if (!Number.isSafeInteger(valueMinor) || valueMinor <= 0) {
    throw new CabinetError(
      'not-permitted',
      `a bill value must be a positive whole number of minor units, got ${String(valueMinor)}`,
    );
  }
  if (typeof eventKey !== 'string' || eventKey.length === 0 || eventKey.length > 200) {
    throw new CabinetError('not-permitted', 'a bill credit needs an event key of 1–200 characters');
  }
  if (journal.billKeyCredited(eventKey)) return false;
  const at = now(ctx);
  const anomalies: BillWarning[] = [];
  const configured = config.billChannels.find((c) => c.channel === channel);
  if (!configured) anomalies.push('channel-not-configured');
  else if (configured.valueMinor !== valueMinor) anomalies.push('channel-value-differs');
  if (ctx.tilts.length > 0) anomalies.push('stacked-while-tilted');
  if (ctx.critical.creditsMinor + valueMinor > config.limits.creditLimitMinor) anomalies.push('above-credit-limit');
  let started: SessionState | null = null;
  commitWhenMemoryGood(ctx, (s) => {
    const balance = (s ? s.creditsMinor : journal.ledgerBalance(false)) + valueMinor;
    journal.appendLedger({
      at,
      kind: 'bill',
      demo: false,
      deltaMinor: valueMinor,
      eventKey,
      denominationMinor: valueMinor,
      balanceAfterMinor: balance,
    });
    if (s) {
      // The first credit after a zero balance starts a player session (player-session.ts), counted from before it.
      started = startInCommit(ctx, s, at);
      s.creditsMinor = balance;
      s.meters.billsInMinor += valueMinor;
      const key = String(valueMinor);
      s.meters.billsByDenomination[key] = (s.meters.billsByDenomination[key] ?? 0) + 1;
    } else anomalies.push('meters-not-updated');
    if (anomalies.length > 0) {
      journal.appendEvent('bill', at, {
        code: 'bill-credited-anomaly',
        valueMinor,
        channel,
        eventKey,
        warnings: anomalies,
      });
    }
  });
  if (started !== null) ctx.session = started;
  emit(ctx, { type: 'bill-credited', valueMinor, creditsMinor: ctx.critical.creditsMinor });
  emitState(ctx);
  return true;
}

/** Collect: the whole credit becomes a handpay and the cabinet locks until a technician clears it. */
export function cashOut(ctx: CabinetContext): Handpay {
  const { journal } = ctx;
  if (ctx.config.demoMode) throw new CabinetError('not-permitted', 'demo mode: demo credits cannot be collected');
  // The tilt first: during a storage fault a round may still be open, and the player must hear why.
  const blocking = ctx.tilts.find((t) => !TILTS_ALLOWING_CASHOUT.has(t.kind));
  if (blocking) throw new CabinetError('tilted', `collect is disabled: ${blocking.kind} (${blocking.reasonCode.code})`);
  requireNoOpenRound(ctx);
  const amount = ctx.critical.creditsMinor;
  if (amount <= 0) throw new CabinetError('no-credits', 'there are no credits to collect');
  const at = now(ctx);
  let sessionEnded = false;
  const handpay = commit(ctx, (s) => {
    sessionEnded = endInCommit(ctx, s, at, true);
    journal.appendLedger({ at, kind: 'handpay', demo: false, deltaMinor: -amount, balanceAfterMinor: 0 });
    const hp = journal.insertHandpay(amount, at);
    s.creditsMinor = 0;
    s.meters.cashOutMinor += amount;
    s.meters.handpayMinor += amount;
    journal.appendEvent('handpay', at, {
      code: 'handpay-created',
      handpayId: hp.handpayId,
      amountMinor: amount,
      origin: 'cash-out',
    });
    putTilt(ctx, 'handpay-pending', 'cash-out', { code: 'handpay-waiting', amountMinor: amount }, at);
    return hp;
  });
  ctx.pendingHandpay = handpay;
  if (sessionEnded) ctx.session = null;
  resetTable(ctx);
  ctx.phase = 'idle';
  emitTilts(ctx);
  emitState(ctx);
  return handpay;
}

/** Demo mode only: tops the free-play credits back up to the configured amount (never metered). */
export function refillDemoCredits(ctx: CabinetContext): CabinetSnapshot {
  if (!ctx.config.demoMode) throw new CabinetError('not-permitted', 'demo credits exist only in demo mode');
  requireNoOpenRound(ctx);
  const target = ctx.config.demoCreditsMinor;
  const delta = target - ctx.critical.demoCreditsMinor;
  if (delta !== 0) {
    const at = now(ctx);
    commit(ctx, (s) => {
      ctx.journal.appendLedger({ at, kind: 'demo-credit', demo: true, deltaMinor: delta, balanceAfterMinor: target });
      s.demoCreditsMinor = target;
    });
  }
  emitState(ctx);
  return snapshot(ctx);
}
