import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkJournal, diagnoseJournal, pageReadRefused, type JournalDiagnosis } from './journal-check.ts';
import type { TransientCode } from './journal-read-retry.ts';
import { Journal } from './journal.ts';
import { tempJournalPath } from '../testing/fixtures.ts';

/** One real, sound journal file for every test: damage is believed only of a file whose every byte reads. */
const scratch = tempJournalPath('journal-check-');
const file = scratch.path;
beforeAll(() => Journal.open(file).close());
afterAll(scratch.cleanup);

const DELAYS = [1, 2, 4, 8, 16, 32];
const SOUND: JournalDiagnosis = { kind: 'sound' };
const DAMAGED: JournalDiagnosis = {
  kind: 'damaged',
  damage: { check: 'quick-check', proof: 'integrity-check', message: 'page 7 is never used', sizeBytes: 4096 },
};
const unreadable = (code: TransientCode): JournalDiagnosis => ({ kind: 'unreadable', code });

/** One try the disk spoiled, as its passes answer: unreadable, or damage whose integrity_check pass could not read. */
const spoiledTry = fc.oneof(
  fc.constantFrom<TransientCode>('SQLITE_IOERR', 'SQLITE_BUSY', 'EIO').map((code) => [unreadable(code)]),
  fc.constantFrom<TransientCode>('SQLITE_IOERR', 'EIO').map((code) => [DAMAGED, unreadable(code)]),
);
/** Or a read error that looked like damage once (SQLite's "malformed"), which integrity_check does not find again. */
const failedTry = fc.oneof(spoiledTry, fc.constant([DAMAGED, SOUND]));

/** A diagnosis that answers each pass from the script, in order. */
function scripted(passes: readonly JournalDiagnosis[]): typeof diagnoseJournal {
  let next = 0;
  return () => passes[next++] ?? SOUND;
}

function run(path: string, passes: readonly JournalDiagnosis[]) {
  const waits: number[] = [];
  const verdict = checkJournal(path, { delaysMs: DELAYS, sleep: (ms) => waits.push(ms) }, scripted(passes));
  return { verdict, waits };
}

describe('a journal is quarantined only on proof', () => {
  it('property: transient failures shorter than the retry budget, then a sound pass, never count as damage', () => {
    fc.assert(
      fc.property(fc.array(failedTry, { maxLength: DELAYS.length }), (tries) => {
        const { verdict, waits } = run(file, [...tries.flat(), SOUND]);
        expect(verdict).toEqual(SOUND);
        expect(waits.length).toBeLessThanOrEqual(DELAYS.length);
      }),
    );
  });

  it('property: transient failures that outlast the budget are a storage fault, never damage, after waiting the whole schedule once', () => {
    fc.assert(
      fc.property(fc.array(spoiledTry, { minLength: DELAYS.length + 1, maxLength: DELAYS.length + 4 }), (tries) => {
        const { verdict, waits } = run(file, tries.flat());
        expect(verdict.kind).toBe('unreadable');
        expect(waits).toEqual(DELAYS);
      }),
    );
  });

  it('damage found by quick_check and again by integrity_check, over a file that reads to the end, is damage with its proof', () => {
    const { verdict, waits } = run(file, [DAMAGED, DAMAGED]);
    expect(verdict).toEqual(DAMAGED);
    expect(waits).toEqual([]);
  });

  it('a sound journal is sound at the first pass, with no wait', () => {
    expect(diagnoseJournal(file, 'integrity_check')).toEqual(SOUND);
    expect(checkJournal(file, { delaysMs: DELAYS, sleep: () => expect.unreachable('no wait') })).toEqual(SOUND);
  });

  it('a page the disk would not deliver during the check is a read refused, not damage; a malformed page is damage', () => {
    // The words quick_check wrote when an EIO hit its page reads (SQLITE_IOERR_READ = 8458, SHORT_READ = 522).
    expect(pageReadRefused('Tree 30 page 30: unable to get the page. error code=8458')).toBe(true);
    expect(pageReadRefused('Tree 4 page 4: unable to get the page. error code=522')).toBe(true);
    expect(pageReadRefused('*** in database main ***')).toBe(false);
    // SQLITE_CORRUPT (11) is the page's own fault, and the usual words of a malformed tree are damage too.
    expect(pageReadRefused('Tree 7 page 7: unable to get the page. error code=11')).toBe(false);
    expect(pageReadRefused('Tree 7 page 9 cell 2: Rowid 5 out of order')).toBe(false);
  });
});
