/**
 * The one guard between a staff action and the money a player is owed
 * (docs/cabinet-rules.md#staff-actions-with-money-on-the-cabinet). Each staff channel declares in the
 * channel table what it may do while the cabinet holds money (`whileMoney`); the IPC router asks this
 * guard before the handler runs. A venue-config change is judged field by field (setting-rules.ts) by the
 * same guard when the cabinet applies it, because only the cabinet knows what a config changes. A refusal
 * is `not-permitted` with a typed reason, and nothing has changed.
 */
import { judgeSettings } from '../config/setting-rules.ts';
import type { VenueConfig } from '../config/venue-config.ts';
import type { WhileMoney } from '../model/money-rule.ts';
import type { CabinetContext } from './cabinet-context.ts';
import { CabinetError } from './cabinet-error.ts';
import type { MoneyOnCabinet } from '../model/money-rule.ts';
import { holdsMoney, moneyOnCabinet } from './money-on-cabinet.ts';

export type { WhileMoney };

function refusal(money: MoneyOnCabinet, settings: readonly string[], what: string): CabinetError {
  return new CabinetError(
    'not-permitted',
    `${what} is refused while the cabinet holds money (credits ${money.creditsMinor}, open rounds ${money.openRounds}, ` +
      `unpaid handpays ${money.unpaidHandpays}): cash out or pay the handpay first`,
    undefined,
    undefined,
    { code: 'money-on-cabinet', ...money, settings },
  );
}

/** Whether a channel of this rule asks the guard before it runs (a config change is judged when applied). */
export function askGuardFirst(rule: WhileMoney | undefined): rule is 'refused' | 'refused-unless-memory-error' {
  return rule === 'refused' || rule === 'refused-unless-memory-error';
}

/** Throws `not-permitted` (money-on-cabinet) when a staff action of this rule may not run now. */
export function guardStaffAction(ctx: CabinetContext, rule: WhileMoney, action: string): void {
  if (!askGuardFirst(rule)) return;
  const money = moneyOnCabinet(ctx);
  if (!holdsMoney(money)) return;
  if (rule === 'refused-unless-memory-error' && ctx.tilts.some((t) => t.kind === 'memory-error')) return;
  throw refusal(money, [], action);
}

/**
 * Throws `not-permitted` when a venue-config change from `before` to `after` changes a field that changes
 * only by re-provisioning (`restart-only`), or a money-bearing field while the cabinet holds money
 * (`money-on-cabinet`).
 */
export function guardSettings(ctx: CabinetContext, before: VenueConfig, after: VenueConfig): void {
  const verdict = judgeSettings(before, after);
  if (verdict.needRestart.length > 0) {
    throw new CabinetError(
      'not-permitted',
      `${verdict.needRestart.join(', ')} change only by re-provisioning the venue file and restarting the cabinet`,
      undefined,
      undefined,
      { code: 'restart-only', settings: verdict.needRestart },
    );
  }
  if (verdict.needEmptyCabinet.length === 0) return;
  const money = moneyOnCabinet(ctx);
  if (holdsMoney(money))
    throw refusal(money, verdict.needEmptyCabinet, `changing ${verdict.needEmptyCabinet.join(', ')}`);
}
