/**
 * RAM clear markers: each RAM clear records the last ledger, round and event ids
 * before it, where the meters restart, so a verifier can recompute them
 * (docs/cabinet-rules.md#critical-memory). From schema v6 it also names the newest verified ledger
 * row, which vouches for the amount owed (docs/cabinet-rules.md#verified-records).
 */
import { canonicalJson } from '../core/integrity/canonical-json.ts';
import type { RamClearBoundary, RamClearRecord } from '../core/model/journal-port.ts';
import type { Database } from './database.ts';

export class RamClearStore {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /**
   * Records one RAM clear. `boundary` is read only after the transaction check, so
   * a refused call runs no statement at all.
   */
  record(r: RamClearRecord, boundary: () => RamClearBoundary): void {
    this.db.requireTransaction('recordRamClear');
    const b = boundary();
    this.db.run(
      `INSERT INTO ram_clears (at, after_ledger_id, after_round_id, after_event_id, credits_removed_minor, meters_before_json,
         verified_ledger_id, ledger_sum_minor)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      r.at,
      b.afterLedgerId,
      b.afterRoundId,
      b.afterEventId,
      r.creditsRemovedMinor,
      r.metersBefore ? canonicalJson(r.metersBefore) : null,
      r.verifiedLedgerId ?? null,
      r.ledgerSumMinor ?? null,
    );
  }

  /** The last RAM clear's amount owed (a handpay), the verified ledger row that vouches for it, and the ledger sum. */
  lastPayout(): { creditsRemovedMinor: number; verifiedLedgerId: number | null; ledgerSumMinor: number | null } | null {
    const row = this.db.get<{ c: number; v: number | null; s: number | null }>(
      'SELECT credits_removed_minor AS c, verified_ledger_id AS v, ledger_sum_minor AS s FROM ram_clears ORDER BY id DESC LIMIT 1',
    );
    return row ? { creditsRemovedMinor: row.c, verifiedLedgerId: row.v, ledgerSumMinor: row.s } : null;
  }

  last(): RamClearBoundary | null {
    const row = this.db.get<{ after_ledger_id: number; after_round_id: number; after_event_id: number }>(
      'SELECT after_ledger_id, after_round_id, after_event_id FROM ram_clears ORDER BY id DESC LIMIT 1',
    );
    return row
      ? { afterLedgerId: row.after_ledger_id, afterRoundId: row.after_round_id, afterEventId: row.after_event_id }
      : null;
  }
}
