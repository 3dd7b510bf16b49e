/**
 * Test-only damage to a journal file, the way a bad memory cell would damage it:
 * one critical-memory copy gets a changed byte, a wrong checksum, or disappears.
 * It writes through its own connection (WAL lets it sit beside an open journal),
 * so the production journal has no damage method at all. The cabinet must notice
 * at its next integrity check (docs/cabinet-rules.md#critical-memory).
 */
import { DatabaseSync } from 'node:sqlite';
import type { CopyName } from '../core/model/critical-state.ts';

export type CriticalDamage = 'flip-body' | 'bad-checksum' | 'delete';

const DAMAGE: Readonly<Record<CriticalDamage, (table: string) => string>> = {
  delete: (table) => `DELETE FROM ${table} WHERE slot = 1`,
  'bad-checksum': (table) => `UPDATE ${table} SET sha256 = '${'0'.repeat(64)}' WHERE slot = 1`,
  // Change the credits digits without fixing the checksum.
  'flip-body': (table) =>
    `UPDATE ${table} SET body = replace(body, '"creditsMinor":', '"creditsMinor":9') WHERE slot = 1`,
};

/** Damages critical-memory copy `copy` of the journal file at `journalPath`; throws if there is no such copy. */
export function corruptCriticalCopy(journalPath: string, copy: CopyName, how: CriticalDamage = 'flip-body'): void {
  const db = new DatabaseSync(journalPath);
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const changes = Number(db.prepare(DAMAGE[how](copy === 'a' ? 'critical_a' : 'critical_b')).run().changes);
    if (changes !== 1) throw new Error(`critical memory copy ${copy} is not in ${journalPath}: nothing to damage`);
  } finally {
    db.close();
  }
}
