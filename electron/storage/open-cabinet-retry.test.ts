/**
 * Start-up never takes a transient error for damage (docs/cabinet-rules.md#damaged-journal), checked at the
 * level of the open-and-start step: the start callback fails the way node:sqlite does, a given number of
 * times, on a real journal holding credits. The same faults injected from outside the process by strace are
 * in electron/app/start-up-read-fault.test.ts.
 */
import fc from 'fast-check';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { deterministicRandom, tempJournalPath, testConfig } from '../testing/fixtures.ts';
import type { Journal } from './journal.ts';
import { JournalUnreadableError, TRANSIENT_RETRY_DELAYS_MS } from './journal-read-retry.ts';
import { openCabinet, startCabinetOn, startOnJournalOrLocked } from './open-cabinet.ts';

const CREDITS_MINOR = 10_000;
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function journalWithCredits(): string {
  const tmp = tempJournalPath('open-retry-');
  cleanups.push(tmp.cleanup);
  const cabinet = openCabinet({ journalPath: tmp.path, config: testConfig(), random: deterministicRandom(3) });
  cabinet.creditBill({ valueMinor: CREDITS_MINOR, channel: 5, eventKey: 'open-retry-note' });
  cabinet.close();
  return tmp.path;
}

/** node:sqlite's error shape. */
function sqliteError(errcode: number, message: string): Error {
  return Object.assign(new Error(message), { code: 'ERR_SQLITE_ERROR', errcode });
}

const TRANSIENT = [
  () => sqliteError(266, 'disk I/O error'), // SQLITE_IOERR_READ
  () => sqliteError(10, 'disk I/O error'),
  () => sqliteError(5, 'database is locked'), // SQLITE_BUSY
  () => Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' }),
];

/** Starts the cabinet, failing first with each of `failures` (closing the journal, as a failed start does). */
function startFailing(journalPath: string, failures: ReadonlyArray<() => Error>) {
  let calls = 0;
  const waits: number[] = [];
  const start = (journal: Journal, criticalCopyPath: string) => {
    const fail = failures[calls++];
    if (fail) {
      journal.close();
      throw fail();
    }
    return startCabinetOn(journal, { config: testConfig(), random: deterministicRandom(4), criticalCopyPath });
  };
  const schedule = { delaysMs: TRANSIENT_RETRY_DELAYS_MS, sleep: (ms: number) => void waits.push(ms) };
  return { started: () => startOnJournalOrLocked(journalPath, start, undefined, null, schedule), waits };
}

function movedAside(journalPath: string): string[] {
  return readdirSync(path.dirname(journalPath)).filter((f) => /damaged|ram-error/.test(f));
}

describe('opening the journal retries transient errors', () => {
  it('property: fewer transient failures than the schedule allows start the cabinet on the same journal, credits kept, no tilt', () => {
    const journalPath = journalWithCredits();
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...TRANSIENT), { maxLength: TRANSIENT_RETRY_DELAYS_MS.length }),
        (failures) => {
          const run = startFailing(journalPath, failures);
          const { cabinet, quarantined, unreadable } = run.started();
          try {
            expect(quarantined).toBeNull();
            expect(unreadable).toBeNull();
            expect(cabinet.snapshot().creditsMinor).toBe(CREDITS_MINOR);
            expect(cabinet.snapshot().tilts).toEqual([]);
            expect(run.waits).toEqual(TRANSIENT_RETRY_DELAYS_MS.slice(0, failures.length));
          } finally {
            cabinet.close();
          }
          expect(movedAside(journalPath)).toEqual([]);
        },
      ),
      { numRuns: 15 },
    );
  });

  it('transient failures past the schedule throw JournalUnreadableError and leave the journal where it is', () => {
    const journalPath = journalWithCredits();
    const run = startFailing(
      journalPath,
      Array.from({ length: TRANSIENT_RETRY_DELAYS_MS.length + 1 }, () => TRANSIENT[0]!),
    );
    expect(run.started).toThrow(JournalUnreadableError);
    expect(run.waits).toEqual(TRANSIENT_RETRY_DELAYS_MS);
    expect(movedAside(journalPath)).toEqual([]);
    // The disk reads again: the same journal, the same credits.
    const again = startFailing(journalPath, []).started();
    expect(again.cabinet.snapshot().creditsMinor).toBe(CREDITS_MINOR);
    again.cabinet.close();
  });

  it('one "malformed" error that does not repeat (a read error SQLite took for a bad page) moves nothing', () => {
    const journalPath = journalWithCredits();
    const { cabinet, quarantined } = startFailing(journalPath, [
      () => sqliteError(11, 'database disk image is malformed'),
    ]).started();
    expect(quarantined).toBeNull();
    expect(cabinet.snapshot().creditsMinor).toBe(CREDITS_MINOR);
    cabinet.close();
    expect(movedAside(journalPath)).toEqual([]);
  });
});
