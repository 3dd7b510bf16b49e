/**
 * Test-only damage to a journal file, the way a bad memory cell would damage it:
 * one critical-memory copy gets a changed byte, a wrong checksum, or disappears; one bit of the
 * file itself flips (`flipFileBit`); one byte of a recorded value changes under the triggers
 * (`changeStoredByte`), for the record chain (docs/cabinet-rules.md#verified-records).
 * It writes through its own connection (WAL lets it sit beside an open journal),
 * so the production journal has no damage method at all. The cabinet must notice
 * at its next integrity check (docs/cabinet-rules.md#critical-memory).
 */
import { closeSync, fsyncSync, openSync, readFileSync, writeSync } from 'node:fs';
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

/**
 * Flips one bit of the journal file on disk, in the one place where `needle` occurs (the WAL is
 * folded into the file first, so every committed row is in it). The journal must not be open.
 * Throws when the needle is not in the file exactly once.
 */
export function flipFileBit(journalPath: string, needle: Buffer | string, byteInNeedle = 0, bit = 0): void {
  const db = new DatabaseSync(journalPath);
  try {
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  const bytes = readFileSync(journalPath);
  const pattern = typeof needle === 'string' ? Buffer.from(needle, 'utf8') : needle;
  const at = bytes.indexOf(pattern);
  if (at < 0) throw new Error(`flipFileBit: the bytes are not in ${journalPath}`);
  if (bytes.indexOf(pattern, at + 1) >= 0)
    throw new Error(`flipFileBit: the bytes occur more than once in ${journalPath}`);
  const offset = at + byteInNeedle;
  const fd = openSync(journalPath, 'r+');
  try {
    writeSync(fd, Buffer.from([bytes[offset]! ^ (1 << bit)]), 0, 1, offset);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The value `value` with one byte changed: a different character of a text, one bit of a number. */
function withOneByteChanged(value: string | number | null, byteIndex: number): string | number {
  if (value === null) return String(byteIndex % 10);
  if (typeof value === 'number') return value ^ (1 << (byteIndex % 31));
  if (value.length === 0) return 'x';
  const i = byteIndex % value.length;
  const ch = value.charCodeAt(i);
  // Stay printable ASCII so the text is still a text: the next character, wrapping inside the range.
  const next = ch >= 0x7e || ch < 0x20 ? 0x21 : ch + 1;
  return value.slice(0, i) + String.fromCharCode(next) + value.slice(i + 1);
}

/**
 * Changes one byte of one stored value of one row (`table`, row `id` of `idColumn`, `column`),
 * below the append-only and final-round triggers, the way a failing disk or memory would. Throws
 * when there is no such row.
 */
export function changeStoredByte(
  journalPath: string,
  where: { table: string; idColumn: string; id: number | string; column: string; byteIndex: number },
): void {
  const db = new DatabaseSync(journalPath);
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    // Damage does not obey the schema's rules: a changed byte may break a CHECK or a reference.
    db.exec('PRAGMA foreign_keys = OFF');
    db.exec('PRAGMA ignore_check_constraints = ON');
    db.exec('BEGIN IMMEDIATE');
    const row = db
      .prepare(`SELECT ${where.column} AS v FROM ${where.table} WHERE ${where.idColumn} = ?`)
      .get(where.id) as { v: string | number | null } | undefined;
    if (!row) throw new Error(`${where.table} row ${where.id} is not in ${journalPath}: nothing to damage`);
    const triggers = db
      .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?")
      .all(where.table) as Array<{ name: string; sql: string }>;
    for (const t of triggers) db.exec(`DROP TRIGGER ${t.name}`);
    db.prepare(`UPDATE ${where.table} SET ${where.column} = ? WHERE ${where.idColumn} = ?`).run(
      withOneByteChanged(row.v, where.byteIndex),
      where.id,
    );
    for (const t of triggers) db.exec(t.sql);
    db.exec('COMMIT');
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  } finally {
    db.close();
  }
}
