/**
 * RAM clear markers: each RAM clear records the last ledger, round and event ids
 * before it, where the meters restart, so a verifier can recompute them
 * (docs/cabinet-rules.md#critical-memory).
 */
import { canonicalJson } from '../core/integrity/canonical-json.ts';
import type { RamClearBoundary } from '../core/model/journal-port.ts';
import type { Meters } from '../core/model/meters.ts';
import type { MinorUnits } from '../core/money/minor-units.ts';
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
  record(
    r: { at: string; creditsRemovedMinor: MinorUnits; metersBefore: Meters | null },
    boundary: () => RamClearBoundary,
  ): void {
    this.db.requireTransaction('recordRamClear');
    const b = boundary();
    this.db.run(
      `INSERT INTO ram_clears (at, after_ledger_id, after_round_id, after_event_id, credits_removed_minor, meters_before_json)
       VALUES (?, ?, ?, ?, ?, ?)`,
      r.at,
      b.afterLedgerId,
      b.afterRoundId,
      b.afterEventId,
      r.creditsRemovedMinor,
      r.metersBefore ? canonicalJson(r.metersBefore) : null,
    );
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
