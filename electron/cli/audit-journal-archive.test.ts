import { describe, expect, it, onTestFinished } from 'vitest';
import { archivePathOf } from '../storage/journal-archive-file.ts';
import { Journal } from '../storage/journal.ts';
import { changeStoredByte } from '../testing/journal-damage.ts';
import { writeSettledRounds } from '../testing/journal-archive-fixture.ts';
import { tempJournalPath } from '../testing/fixtures.ts';
import { runCli } from '../testing/run-cli.ts';

/** 30 rounds, the oldest 20 (and their events) moved to the archive. */
function archivedJournal(): string {
  const tmp = tempJournalPath('audit-archive-cli-');
  onTestFinished(tmp.cleanup);
  const j = Journal.open(tmp.path);
  writeSettledRounds(j, 30);
  for (;;) {
    const r = j.archiveOldRecords({ retainRounds: 10, maxRounds: 50, maxEvents: 100, at: '2026-12-01T10:00:00.000Z' });
    if (r.outcome !== 'moved') break;
  }
  j.close();
  return tmp.path;
}

describe('audit-journal CLI over archive + live (docs/cabinet-rules.md#retention-and-archive)', () => {
  it('archive and live verify as one chain: every row is checked once, exit 0', async () => {
    const run = await runCli('electron/cli/audit-journal.ts', '--journal', archivedJournal(), '--json');
    expect(run.code).toBe(0);
    // 61 ledger rows, 30 rounds, 60 round events and the archive's own event: all checked, none twice.
    expect(JSON.parse(run.last)).toEqual({ rowsChecked: 61 + 30 + 61, breaks: [] });
  });

  it('a changed byte in an archived round: the row is named, exit 1', async () => {
    const path = archivedJournal();
    changeStoredByte(archivePathOf(path), {
      table: 'rounds',
      idColumn: 'round_id',
      id: 7,
      column: 'returns_json',
      byteIndex: 3,
    });
    const run = await runCli('electron/cli/audit-journal.ts', '--journal', path);
    expect(run.code).toBe(1);
    // Worded in English from the staff menu's table, the row named as archived.
    expect(run.stdout).toContain('BAD archived rounds row 7: the digest does not match the row and its link');
  });
});
