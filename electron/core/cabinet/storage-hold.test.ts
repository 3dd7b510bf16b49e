/**
 * Which errors are storage faults (docs/cabinet-rules.md#storage-faults): the disk or the file refused a
 * write, or the file is damaged. A bug or a broken constraint is not, so it is never hidden as a tilt.
 */
import { describe, expect, it } from 'vitest';
import { Journal } from '../../storage/journal.ts';
import { tempJournalPath } from '../../testing/fixtures.ts';
import { sqliteError } from '../../testing/statement-fault.ts';
import { storageErrorCode } from './storage-hold.ts';

describe('storageErrorCode', () => {
  it('names the SQLite codes of a failing disk, extended codes by their primary code', () => {
    expect(storageErrorCode(sqliteError('SQLITE_FULL'))).toBe('SQLITE_FULL');
    expect(storageErrorCode(sqliteError('SQLITE_READONLY'))).toBe('SQLITE_READONLY');
    expect(storageErrorCode(sqliteError('SQLITE_CORRUPT'))).toBe('SQLITE_CORRUPT');
    const ioWrite = Object.assign(new Error('disk I/O error'), { code: 'ERR_SQLITE_ERROR', errcode: 778 });
    expect(storageErrorCode(ioWrite)).toBe('SQLITE_IOERR');
  });

  it('names the system codes of a full, failing or read-only file system', () => {
    for (const code of ['ENOSPC', 'EIO', 'EROFS', 'EACCES']) {
      expect(storageErrorCode(Object.assign(new Error(code), { code }))).toBe(code);
    }
  });

  it('a constraint the cabinet broke, a bug or a non-error is not a storage fault', () => {
    // The journal refuses a second bill row with the same event key (UNIQUE): a cabinet bug, not the disk.
    const tmp = tempJournalPath('storage-hold-');
    const journal = Journal.open(tmp.path);
    const bill = { at: '2026-12-01T03:00:00.000Z', kind: 'bill', demo: false, deltaMinor: 500, eventKey: 'k' } as const;
    let constraint: unknown = null;
    try {
      journal.transaction(() => {
        journal.appendLedger({ ...bill, denominationMinor: 500, balanceAfterMinor: 500 });
        journal.appendLedger({ ...bill, denominationMinor: 500, balanceAfterMinor: 1000 });
      });
    } catch (error) {
      constraint = error;
    } finally {
      journal.close();
      tmp.cleanup();
    }
    expect((constraint as { code?: unknown }).code).toBe('ERR_SQLITE_ERROR');
    expect(storageErrorCode(constraint)).toBeNull();
    expect(storageErrorCode(new TypeError('undefined is not a function'))).toBeNull();
    expect(storageErrorCode('SQLITE_FULL')).toBeNull();
    expect(storageErrorCode(null)).toBeNull();
  });
});
