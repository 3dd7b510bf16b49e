import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it, onTestFinished } from 'vitest';
import { exportOwedByDamagedJournal } from '../storage/damaged-journal-owed.ts';
import { Journal } from '../storage/journal.ts';
import { provenDamage, quarantineIfDamaged } from '../storage/journal-quarantine.ts';
import { damageTableRootPage } from '../testing/journal-file-damage.ts';
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
    j.appendEvent('door', 't', { code: 'door-opened' });
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

/** The journal above, damaged and moved aside at start-up, and the owed export its RAM clear writes. */
function owedExport(): { exportPath: string; damagedPath: string } {
  const path = journalWithRows();
  damageTableRootPage(path, 'events');
  const q = quarantineIfDamaged(path, () => new Date(Date.UTC(2026, 11, 1)), provenDamage(path));
  expect(q).not.toBeNull();
  const owed = exportOwedByDamagedJournal(q!);
  expect(owed.owedMinor).toBe(1000);
  return { exportPath: `${q!.damagedPath}.owed.jsonl`, damagedPath: q!.damagedPath };
}

describe('audit-journal --owed (what a damaged journal kept aside owed, as its RAM clear exported it)', () => {
  it('an untouched export adds up and the damaged file still reads the same: exit 0', async () => {
    const { exportPath } = owedExport();
    const run = await runCli('electron/cli/audit-journal.ts', '--owed', exportPath, '--json');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.last)).toMatchObject({ owed: { owedMinor: 1000, ledgerRows: 2 }, problems: [] });
  });

  it('an amount changed in the owed line: named, exit 1', async () => {
    const { exportPath } = owedExport();
    writeFileSync(exportPath, readFileSync(exportPath, 'utf8').replace('"owedMinor":1000', '"owedMinor":100'));
    const run = await runCli('electron/cli/audit-journal.ts', '--owed', exportPath);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("BAD the export's ledger rows add up to 1000, the owed line says 100");
  });

  it('a damaged file changed after the export: its SHA-256 no longer matches, exit 1', async () => {
    const { exportPath, damagedPath } = owedExport();
    appendFileSync(damagedPath, Buffer.alloc(16));
    const run = await runCli('electron/cli/audit-journal.ts', '--owed', exportPath);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /BAD journal\.sqlite\.damaged-\S+ has SHA-256 [0-9a-f]{64}, the owed line says [0-9a-f]{64}/,
    );
  });

  it('an export that does not exist, or --owed with --journal, is refused with exit 2', async () => {
    const missing = await runCli('electron/cli/audit-journal.ts', '--owed', '/nonexistent/x.owed.jsonl');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--owed: there is no file at /nonexistent/x.owed.jsonl');
    const both = await runCli('electron/cli/audit-journal.ts', '--owed', 'a', '--journal', 'b');
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--owed and --journal: give one of them');
  });
});
