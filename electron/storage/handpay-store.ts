/**
 * Handpays: a cash-out is a handpay row (with its ledger row and the
 * handpay-pending tilt in the same transaction) until a technician clears it
 * (docs/architecture.md#where-the-money-goes).
 */
import type { Handpay } from '../core/model/handpay.ts';
import type { MinorUnits } from '../core/money/minor-units.ts';
import type { Database } from './database.ts';

export class HandpayStore {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  insert(amountMinor: MinorUnits, at: string): Handpay {
    this.db.requireTransaction('insertHandpay');
    const id = this.db.run('INSERT INTO handpays (amount_minor, at) VALUES (?, ?)', amountMinor, at).lastId;
    return { handpayId: id, amountMinor, at };
  }

  pending(): Handpay[] {
    return this.db
      .all<{ id: number; amount_minor: number; at: string }>(
        'SELECT id, amount_minor, at FROM handpays WHERE cleared_at IS NULL ORDER BY id',
      )
      .map((r) => ({ handpayId: r.id, amountMinor: r.amount_minor, at: r.at }));
  }

  /** Marks every pending handpay cleared at `at`; returns how many. */
  clearAll(at: string): number {
    this.db.requireTransaction('clearHandpays');
    return this.db.run('UPDATE handpays SET cleared_at = ? WHERE cleared_at IS NULL', at).changes;
  }
}
