/**
 * Handpays: a cash-out is a handpay row (with its ledger row and the
 * handpay-pending tilt in the same transaction) until a technician clears it
 * (docs/architecture.md#where-the-money-goes).
 */
import type { Handpay, PaidHandpay } from '../core/model/handpay.ts';
import type { StaffRole } from '../core/staff/staff-status.ts';
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

  /** Marks every pending handpay cleared at `at`, paid by `paidBy`; returns how many. */
  clearAll(at: string, paidBy: StaffRole): number {
    this.db.requireTransaction('clearHandpays');
    return this.db.run('UPDATE handpays SET cleared_at = ?, cleared_by = ? WHERE cleared_at IS NULL', at, paidBy)
      .changes;
  }

  /** Handpays already paid, newest first: the amount and the staff role that paid it. */
  paid(limit = 100): PaidHandpay[] {
    return this.db
      .all<{ id: number; amount_minor: number; at: string; cleared_at: string; cleared_by: string | null }>(
        'SELECT id, amount_minor, at, cleared_at, cleared_by FROM handpays WHERE cleared_at IS NOT NULL ORDER BY id DESC LIMIT ?',
        limit,
      )
      .map((r) => ({
        handpayId: r.id,
        amountMinor: r.amount_minor,
        at: r.at,
        clearedAt: r.cleared_at,
        paidBy: r.cleared_by === 'attendant' || r.cleared_by === 'technician' ? r.cleared_by : null,
      }));
  }
}
