import fc from 'fast-check';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { tempJournal } from '../testing/journal-fixtures.ts';
import { writeSettledRounds } from '../testing/journal-archive-fixture.ts';
import { StatementFault } from '../testing/statement-fault.ts';
import type { ArchivedRow } from '../core/model/journal-archive.ts';
import { CHAINS } from './record-chain-columns.ts';

/** Every row of a chained table of the live journal file, all chained columns and the digest, oldest first. */
function fileRows(path: string, chain: 'rounds' | 'events'): ArchivedRow[] {
  const def = CHAINS[chain];
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return db
      .prepare(`SELECT ${def.columns.join(', ')}, chain_digest FROM ${def.table} ORDER BY ${def.idColumn}`)
      .all() as ArchivedRow[];
  } finally {
    db.close();
  }
}

describe('archiving keeps every row exactly once, in order, and the chain verifies (property)', () => {
  it('for random journals, retentions, batch sizes and a crash between the commits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 70 }),
        fc.integer({ min: 1, max: 25 }),
        fc.integer({ min: 1, max: 60 }),
        fc.option(fc.constantFrom('DELETE FROM rounds', 'DELETE FROM events', 'INSERT INTO record_chain_cut'), {
          nil: null,
        }),
        (rounds, retain, maxRounds, maxEvents, crashAt) => {
          const t = tempJournal();
          try {
            writeSettledRounds(t.journal, rounds);
            t.journal.close();
            const originalRounds = fileRows(t.path, 'rounds');
            const originalEvents = fileRows(t.path, 'events');
            const fault = new StatementFault({ fault: 'SQLITE_IOERR', sticky: false });
            const j = t.reopen({ observer: fault });
            const request = { retainRounds: retain, maxRounds, maxEvents, at: '2026-12-01T10:00:00.000Z' };
            if (crashAt) {
              fault.armWhere(new RegExp(`^\\s*${crashAt}`));
              try {
                j.archiveOldRecords(request);
              } catch {
                // The live commit failed after the archive's: the next runs must finish it.
              }
              fault.heal();
            }
            for (let i = 0; i < 500; i++) if (j.archiveOldRecords(request).outcome !== 'moved') break;

            const archivedRounds = j.archivedRows('rounds', 0, 100_000);
            const archivedEvents = j.archivedRows('events', 0, 100_000);
            const liveRounds = fileRows(t.path, 'rounds');
            // Every original row exactly once, in order, byte for byte with its digest: archive, then live.
            expect([...archivedRounds, ...liveRounds]).toEqual(originalRounds);
            expect(liveRounds).toEqual(originalRounds.slice(Math.max(0, originalRounds.length - retain)));
            // Events: the originals, then the archive's own log rows (written live, after them).
            const events = [...archivedEvents, ...fileRows(t.path, 'events')];
            expect(events.slice(0, originalEvents.length)).toEqual(originalEvents);
            expect(events.slice(originalEvents.length).every((e) => e.kind === 'journal-archive')).toBe(true);
            expect(j.verifyRecent()).toMatchObject({ ok: true });
            expect(j.verifyAllRecords().breaks).toEqual([]);
          } finally {
            t.cleanup();
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});
