/**
 * The code of a storage error (docs/cabinet-rules.md#storage-faults): SQLite's primary result code by name, or
 * the system's errno. A code travels in a reason or an event's parameters; the driver's own sentence never does.
 */
const SQLITE_PRIMARY: Readonly<Record<number, string>> = {
  8: 'SQLITE_READONLY',
  10: 'SQLITE_IOERR',
  11: 'SQLITE_CORRUPT',
  13: 'SQLITE_FULL',
  14: 'SQLITE_CANTOPEN',
  15: 'SQLITE_PROTOCOL',
  26: 'SQLITE_NOTADB',
};
// EACCES/EPERM: a journal-side file (the config secret beside the journal) made read-only.
const SYSTEM_CODES = new Set(['EIO', 'ENOSPC', 'EROFS', 'EDQUOT', 'EACCES', 'EPERM']);

/**
 * The code of a storage error — the disk or the file refused a write, or the file is damaged — or null
 * for anything else (a bug, a constraint the cabinet broke), which must not be mistaken for a disk fault.
 */
export function storageErrorCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const e = error as { code?: unknown; errcode?: unknown };
  if (e.code === 'ERR_SQLITE_ERROR' && typeof e.errcode === 'number') {
    // Extended result codes carry the primary code in their low byte (SQLITE_IOERR_WRITE = 778 → 10).
    return SQLITE_PRIMARY[e.errcode & 0xff] ?? null;
  }
  if (typeof e.code === 'string' && SYSTEM_CODES.has(e.code)) return e.code;
  return null;
}

/** A storage error's code, else the error's name: what a record keeps of an error it did not expect. */
export function errorCodeOf(error: unknown): string {
  const known = storageErrorCode(error);
  if (known !== null) return known;
  const { code, errcode } = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    errcode?: unknown;
  };
  if (code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number') return `SQLITE_${errcode & 0xff}`;
  if (typeof code === 'string' && /^[A-Z][A-Z0-9_]{1,31}$/.test(code)) return code;
  return error instanceof Error ? error.name : 'unknown';
}
