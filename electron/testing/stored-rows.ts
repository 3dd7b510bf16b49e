/**
 * Test-only reads of journal tables the cabinet has no reader for, through their own read-only connection (WAL
 * lets it sit beside an open journal): what a RAM clear recorded beside its event (docs/cabinet-rules.md#critical-memory).
 */
import { DatabaseSync } from 'node:sqlite';

export interface StoredRamClear {
  readonly credits_removed_minor: number;
  readonly meters_before_json: string | null;
  readonly verified_ledger_id: number | null;
}

/** Every RAM clear recorded in the journal at `journalPath`, oldest first. */
export function storedRamClears(journalPath: string): StoredRamClear[] {
  const db = new DatabaseSync(journalPath, { readOnly: true });
  try {
    return db
      .prepare('SELECT credits_removed_minor, meters_before_json, verified_ledger_id FROM ram_clears ORDER BY id')
      .all() as unknown as StoredRamClear[];
  } finally {
    db.close();
  }
}
