/**
 * The per-cabinet key of the record chain (docs/cabinet-rules.md#verified-records): 32 random
 * bytes made when the journal gets its chain (a new journal, or the upgrade to schema v6), kept
 * beside the journal as `<journal>.record-key`, mode 0600, never inside the journal file.
 *
 * Why beside and not inside: a keyed digest stored with its key in the same file only catches
 * accidental damage (anyone who can edit the file can recompute it); with the key apart, editing
 * the journal alone cannot produce rows that verify. The cost: a copy of the journal without its
 * key file can no longer be verified (the audit says "key missing"), so a backup takes both.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import path from 'node:path';

const KEY_HEX = /^[0-9a-f]{64}$/;

/** Where the key of the journal at `journalPath` lives; null for an in-memory journal. */
export function recordKeyPath(journalPath: string): string | null {
  return journalPath === ':memory:' || journalPath === '' ? null : `${journalPath}.record-key`;
}

/** In-memory journals get one key per process and path (they vanish with the process anyway). */
const memoryKeys = new Map<string, Buffer>();

/** The key, or null when the file is missing or not a key (then nothing verifies). */
export function readRecordKey(journalPath: string): Buffer | null {
  const file = recordKeyPath(journalPath);
  if (file === null) return memoryKeys.get(journalPath) ?? null;
  try {
    if (!existsSync(file)) return null;
    const hex = readFileSync(file, 'utf8').trim();
    return KEY_HEX.test(hex) ? Buffer.from(hex, 'hex') : null;
  } catch {
    return null;
  }
}

/**
 * The key, made first when there is none. Called only where the chain starts (migration 6, inside its
 * transaction): a crash after the file was written and before COMMIT leaves a key the rerun reuses.
 */
export function readOrCreateRecordKey(journalPath: string): Buffer {
  const existing = readRecordKey(journalPath);
  if (existing) return existing;
  const key = randomBytes(32);
  const file = recordKeyPath(journalPath);
  if (file === null) {
    memoryKeys.set(journalPath, key);
    return key;
  }
  const tmp = `${file}.new`;
  const fd = openSync(tmp, 'w', 0o600);
  try {
    writeSync(fd, key.toString('hex'));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
  try {
    const dir = openSync(path.dirname(file), 'r');
    try {
      fsyncSync(dir);
    } finally {
      closeSync(dir);
    }
  } catch {
    // Not every platform can fsync a directory; the rename is still atomic.
  }
  return key;
}
