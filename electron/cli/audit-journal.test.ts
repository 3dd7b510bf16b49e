import { describe, expect, it, onTestFinished } from 'vitest';
import { Journal } from '../storage/journal.ts';
import { changeStoredByte } from '../testing/journal-damage.ts';
import { tempJournalPath } from '../testing/fixtures.ts';
import { runCli } from '../testing/run-cli.ts';

function journalWithRows(): string {
  const tmp = tempJournalPath('audit-journal-cli-');
  onTestFinished(tmp.cleanup);
  const j = Journal.open(tmp.path);
  j.transaction(() => {
    j.appendLedger({ at: 't', kind: 'bill', demo: false, deltaMinor: 500, balanceAfterMinor: 500 });
    j.appendLedger({ at: 't', kind: 'bill', demo: false, deltaMinor: 500, balanceAfterMinor: 1000 });
    j.appendEvent('door', 'door opened', 't', { code: 'door-opened' });
  });
  j.close();
  return tmp.path;
}

describe('audit-journal CLI (the technician full verification)', () => {
  it('an untouched journal: every record verifies, exit 0', async () => {
    const run = await runCli('electron/cli/audit-journal.ts', '--journal', journalWithRows(), '--json');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.last)).toEqual({ rowsChecked: 3, breaks: [] });
  });

  it('a changed ledger amount: the row is named, exit 1', async () => {
    const path = journalWithRows();
    changeStoredByte(path, { table: 'ledger', idColumn: 'id', id: 1, column: 'delta_minor', byteIndex: 2 });
    const run = await runCli('electron/cli/audit-journal.ts', '--journal', path);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('BAD ledger row 1:');
  });

  it('a journal path that does not exist is refused with exit 2 and creates nothing', async () => {
    const run = await runCli('electron/cli/audit-journal.ts', '--journal', '/nonexistent/j.sqlite');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--journal: there is no file at /nonexistent/j.sqlite');
  });
});
