import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { retryTransient, TRANSIENT_RETRY_DELAYS_MS, transientCodeOf } from './journal-read-retry.ts';

/** node:sqlite's error shape for a SQLite result code. */
function sqliteError(errcode: number): Error {
  return Object.assign(new Error('sqlite says no'), { code: 'ERR_SQLITE_ERROR', errcode });
}

describe('the start-up retry schedule', () => {
  it('is short and bounded: a handful of tries, well under a second in all, each wait at least the one before', () => {
    const total = TRANSIENT_RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0);
    expect(TRANSIENT_RETRY_DELAYS_MS.length).toBeGreaterThanOrEqual(3);
    expect(TRANSIENT_RETRY_DELAYS_MS.length).toBeLessThanOrEqual(10);
    expect(total).toBeLessThan(1000);
    for (let i = 1; i < TRANSIENT_RETRY_DELAYS_MS.length; i++) {
      expect(TRANSIENT_RETRY_DELAYS_MS[i]).toBeGreaterThanOrEqual(TRANSIENT_RETRY_DELAYS_MS[i - 1]!);
    }
  });
});

describe('which errors are transient', () => {
  it('SQLITE_IOERR (but for a short read) and SQLITE_BUSY with every extended code, and EIO', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(5, 10),
        fc.integer({ min: 0, max: 63 }).filter((n) => n !== 2),
        (primary, extended) => {
          expect(transientCodeOf(sqliteError(primary | (extended << 8)))).toBe(
            primary === 5 ? 'SQLITE_BUSY' : 'SQLITE_IOERR',
          );
        },
      ),
    );
    expect(transientCodeOf(Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' }))).toBe('EIO');
  });

  it('damage, a truncated file, a full disk, a read-only file and plain bugs are not', () => {
    // SQLITE_ERROR 1, SQLITE_READONLY 8, SQLITE_CORRUPT 11, SQLITE_FULL 13, SQLITE_CANTOPEN 14, SQLITE_NOTADB 26,
    // SQLITE_IOERR_SHORT_READ 522 (the file ends before the page asked for).
    for (const errcode of [1, 8, 11, 13, 14, 26, 11 | (1 << 8), 522])
      expect(transientCodeOf(sqliteError(errcode))).toBeNull();
    for (const code of ['ENOSPC', 'EROFS', 'EACCES', 'ENOENT']) {
      expect(transientCodeOf(Object.assign(new Error(code), { code }))).toBeNull();
    }
    expect(transientCodeOf(new TypeError('x is undefined'))).toBeNull();
    expect(transientCodeOf('EIO')).toBeNull();
  });
});

describe('retrying a read', () => {
  it('property: a read that fails transiently fewer times than the schedule allows answers, after that many waits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: TRANSIENT_RETRY_DELAYS_MS.length }), (failures) => {
        let calls = 0;
        const waits: number[] = [];
        const read = () => {
          if (calls++ < failures) throw sqliteError(266); // SQLITE_IOERR_READ
          return 'read';
        };
        expect(retryTransient(read, TRANSIENT_RETRY_DELAYS_MS, (ms) => waits.push(ms))).toBe('read');
        expect(waits).toEqual(TRANSIENT_RETRY_DELAYS_MS.slice(0, failures));
      }),
    );
  });

  it('a read that keeps failing throws its error after the whole schedule; damage is thrown at once', () => {
    const waits: number[] = [];
    expect(() =>
      retryTransient(
        () => {
          throw sqliteError(10);
        },
        TRANSIENT_RETRY_DELAYS_MS,
        (ms) => waits.push(ms),
      ),
    ).toThrow('sqlite says no');
    expect(waits).toEqual(TRANSIENT_RETRY_DELAYS_MS);
    const corrupt = () => {
      throw sqliteError(11);
    };
    expect(() => retryTransient(corrupt, TRANSIENT_RETRY_DELAYS_MS, () => expect.unreachable('no wait'))).toThrow();
  });
});
