/**
 * Transient storage errors at start-up (docs/cabinet-rules.md#damaged-journal): a read the disk refused
 * once (`SQLITE_IOERR` and its extended codes, `SQLITE_BUSY`, `EIO`) says nothing about the journal's
 * content, so start-up tries again on a short, bounded schedule before it decides anything; only a
 * completed check that finds damage may move a journal aside.
 */

/**
 * The waits between tries of a start-up read that met a transient error: 7 tries over 630 ms in all.
 * Long enough for a disk that retried a sector, a USB bridge that reset or a lock another reader held
 * to answer again; short enough that a cabinet whose disk really is broken comes up in its storage-fault
 * tilt within a second instead of hanging in start-up. Doubling, so the first retries are quick.
 */
export const TRANSIENT_RETRY_DELAYS_MS: readonly number[] = [10, 20, 40, 80, 160, 320];

export type TransientCode = 'SQLITE_IOERR' | 'SQLITE_BUSY' | 'EIO';

/** SQLITE_BUSY 5, SQLITE_IOERR 10; extended codes carry the primary code in their low byte (SQLITE_IOERR_READ = 266). */
const TRANSIENT_PRIMARY: Readonly<Record<number, TransientCode>> = { 5: 'SQLITE_BUSY', 10: 'SQLITE_IOERR' };

/**
 * SQLITE_IOERR_SHORT_READ: the file ended before the page SQLite asked for, which is a file shorter than its
 * own header says (truncation), not a disk that failed to answer.
 */
const SQLITE_IOERR_SHORT_READ = 522;

/** The transient code of an error from node:sqlite or node:fs, or null for anything else. */
export function transientCodeOf(error: unknown): TransientCode | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  if (code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number') {
    return errcode === SQLITE_IOERR_SHORT_READ ? null : (TRANSIENT_PRIMARY[errcode & 0xff] ?? null);
  }
  return code === 'EIO' ? 'EIO' : null;
}

/**
 * The journal could not be read at start-up after every try: a storage fault, not damage. The file stays
 * where it is; `code` is the last transient code met.
 */
export class JournalUnreadableError extends Error {
  override readonly name = 'JournalUnreadableError';
  readonly code: TransientCode;
  constructor(code: TransientCode) {
    super(`the journal could not be read at start-up (${code}) after ${TRANSIENT_RETRY_DELAYS_MS.length + 1} tries`);
    this.code = code;
  }
}

/**
 * Runs `read`, again after each wait of `delaysMs` while it throws a transient error; any other error, or
 * the last transient one, is thrown.
 */
export function retryTransient<T>(
  read: () => T,
  delaysMs: readonly number[] = TRANSIENT_RETRY_DELAYS_MS,
  sleep: (ms: number) => void = sleepSync,
): T {
  for (let waits = 0; ; waits++) {
    try {
      return read();
    } catch (error) {
      const wait = delaysMs[waits];
      if (transientCodeOf(error) === null || wait === undefined) throw error;
      sleep(wait);
    }
  }
}

/** Start-up is synchronous and nothing else runs yet: a blocking wait keeps the order of the steps plain. */
export function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
