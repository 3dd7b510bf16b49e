import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCryptoRandomSource } from '../core/random/crypto-random-source.ts';
import { buildPlayedJournal, PLAYED_JOURNAL_CONFIG } from '../testing/played-journal.ts';
import { startCabinetOn, startOnJournalOrLocked, type StartFileCheck } from './open-cabinet.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'start-up-reads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Bytes this process has read through read(2)/pread(2) (SQLite reads its pages so): the kernel's own count. */
function bytesRead(): number {
  return Number(/^rchar: (\d+)$/m.exec(readFileSync('/proc/self/io', 'utf8'))![1]);
}

function journalOf(rounds: number): string {
  const file = path.join(dir, `journal-${rounds}.sqlite`);
  buildPlayedJournal(file, { rounds, batch: 1000 });
  return file;
}

/**
 * What the cabinet's start-up reads from the file: the journal checked, opened, recovered and started, then what the
 * first screen asks (the snapshot with its roads, the player's history, a recall page of each wallet).
 */
function startUpReads(journalPath: string, fileCheck: StartFileCheck): number {
  const before = bytesRead();
  const { cabinet } = startOnJournalOrLocked(
    journalPath,
    (journal, criticalCopyPath) =>
      startCabinetOn(journal, { config: PLAYED_JOURNAL_CONFIG, random: createCryptoRandomSource(), criticalCopyPath }),
    undefined,
    null,
    undefined,
    fileCheck,
  );
  cabinet.snapshot();
  expect(cabinet.playerHistory({ offset: 0, limit: 10 }).entries).toHaveLength(10);
  expect(cabinet.recall({ demo: false, limit: 10 })).toHaveLength(10);
  expect(cabinet.recall({ demo: true, limit: 10 })).toEqual([]);
  const read = bytesRead() - before;
  expect(cabinet.snapshot().tilts).toEqual([]);
  cabinet.close();
  return read;
}

/** Far below the larger journal's size, so reading all of it (or a share growing with it) cannot pass. */
const START_UP_READ_BOUND = 1024 * 1024;

describe("the cabinet's start-up reads a bounded part of the journal, whatever its length", () => {
  const small = journalOf(500);
  const large = journalOf(8000);

  it('the journals differ in size by far more than the bound', () => {
    expect(statSync(large).size).toBeGreaterThan(8 * START_UP_READ_BOUND);
    expect(statSync(large).size).toBeGreaterThan(10 * statSync(small).size);
  });

  it.each([
    ['500', small],
    ['8000', large],
  ])('a journal of %s rounds: start-up reads under 1 MiB', (_, journalPath) => {
    expect(startUpReads(journalPath, 'table-edges')).toBeLessThan(START_UP_READ_BOUND);
  });

  it('the tools’ whole-file check reads every page (what the bound rules out at the cabinet’s start-up)', () => {
    expect(startUpReads(large, 'whole-file')).toBeGreaterThan(statSync(large).size);
  });
});
