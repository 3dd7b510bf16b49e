import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { deterministicRandom, testConfig } from '../testing/fixtures.ts';
import { startCabinetOn, startOnJournalOrLocked } from './open-cabinet.ts';
import { Journal } from './journal.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'byte-flip-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A real journal with a credit and a settled round in it, checkpointed into one file. */
function pristineJournal(): string {
  const file = path.join(dir, 'pristine.sqlite');
  const journal = Journal.open(file);
  const cabinet = startCabinetOn(journal, { config: testConfig(), random: deterministicRandom(3) });
  expect(cabinet.creditBill({ valueMinor: 10_000, channel: 5, eventKey: 'flip-note' })).toBe(true);
  cabinet.placeChip('banker', 500);
  cabinet.deal();
  cabinet.close();
  return file;
}

describe('one flipped byte anywhere in the journal', () => {
  const pristine = pristineJournal();
  const size = statSync(pristine).size;
  let run = 0;

  it('starts the cabinet either normally or locked in memory-error, never throws', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: size - 1 }), fc.integer({ min: 1, max: 255 }), (offset, mask) => {
        const file = path.join(dir, `flip-${run++}.sqlite`);
        copyFileSync(pristine, file);
        const bytes = readFileSync(file);
        bytes[offset] = bytes[offset]! ^ mask;
        writeFileSync(file, bytes);
        const { cabinet, quarantined } = startOnJournalOrLocked(file, (journal, criticalCopyPath) =>
          startCabinetOn(journal, { config: testConfig(), random: deterministicRandom(3), criticalCopyPath }),
        );
        try {
          if (quarantined) {
            expect(cabinet.snapshot().tilts.map((t) => `${t.kind}:${t.source}`)).toContain('memory-error:journal');
          }
        } finally {
          cabinet.close();
        }
      }),
      { numRuns: 300 },
    );
  });
});
