/**
 * What a player is owed by the cabinet right now, read from the journal itself
 * (docs/cabinet-rules.md#staff-actions-with-money-on-the-cabinet): the real-money ledger's sum,
 * the rounds still open (their stakes are debited, not yet settled or refunded) and the handpays
 * not yet paid. Demo credits are not money and never count. The ledger is read, not the mirror of
 * critical memory, so the answer holds under a memory-error tilt too.
 */
import type { MoneyOnCabinet } from '../model/money-rule.ts';
import type { CabinetContext } from './cabinet-context.ts';

export type { MoneyOnCabinet };

export function moneyOnCabinet(ctx: Pick<CabinetContext, 'journal'>): MoneyOnCabinet {
  const { journal } = ctx;
  return {
    creditsMinor: journal.ledgerBalance(false),
    openRounds: journal.openRounds().filter((r) => !r.demo).length,
    unpaidHandpays: journal.pendingHandpays().length,
  };
}

/** True when anything in `money` is owed to a player. */
export function holdsMoney(money: MoneyOnCabinet): boolean {
  return money.creditsMinor !== 0 || money.openRounds > 0 || money.unpaidHandpays > 0;
}
