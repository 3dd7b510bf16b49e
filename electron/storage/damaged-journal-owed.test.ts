import { readFileSync } from 'node:fs';
import { describe, expect, it, onTestFinished } from 'vitest';
import { tempJournalPath } from '../testing/fixtures.ts';
import { damageJournalFile, damageTableRootPage } from '../testing/journal-file-damage.ts';
import { exportOwedByDamagedJournal, verifyOwedExport } from './damaged-journal-owed.ts';
import { Journal } from './journal.ts';
import { provenDamage, quarantineIfDamaged } from './journal-quarantine.ts';

/** A closed journal with two real notes (10.00) and demo credits, which are never owed. */
function journalWithMoney(): string {
  const tmp = tempJournalPath('damaged-owed-');
  onTestFinished(tmp.cleanup);
  const j = Journal.open(tmp.path);
  j.transaction(() => {
    j.appendLedger({ at: 't', kind: 'bill', demo: false, deltaMinor: 500, balanceAfterMinor: 500 });
    j.appendLedger({ at: 't', kind: 'demo-credit', demo: true, deltaMinor: 7_000, balanceAfterMinor: 7_000 });
    j.appendLedger({ at: 't', kind: 'bill', demo: false, deltaMinor: 500, balanceAfterMinor: 1000 });
    j.appendEvent('door', 't', { code: 'door-opened' });
  });
  j.close();
  return tmp.path;
}

const clock = () => new Date(Date.UTC(2026, 11, 1, 3));

describe('what a damaged journal owed: the sum of its readable real-money ledger rows', () => {
  it('a journal damaged elsewhere: every ledger row is read, demo rows are not owed, and the export says the amount last', () => {
    const path = journalWithMoney();
    damageTableRootPage(path, 'events');
    const q = quarantineIfDamaged(path, clock, provenDamage(path))!;
    const owed = exportOwedByDamagedJournal(q);
    expect(owed).toMatchObject({ owedMinor: 1000, ledgerRows: 2, unreadableSpots: 0, lastBalanceAfterMinor: 1000 });
    expect(owed.copyCreditsMinor).toBeNull();
    const lines = readFileSync(`${q.damagedPath}.owed.jsonl`, 'utf8').trim().split('\n');
    expect(JSON.parse(lines.at(-1)!)).toEqual({ owed });
    expect(verifyOwedExport(`${q.damagedPath}.owed.jsonl`).problems).toEqual([]);
  });

  it('a ledger page SQLite cannot read: nothing is made up, the unreadable spot is counted', () => {
    const path = journalWithMoney();
    damageJournalFile(path, 'data-page');
    const q = quarantineIfDamaged(path, clock, provenDamage(path))!;
    const owed = exportOwedByDamagedJournal(q);
    expect(owed.owedMinor).toBe(0);
    expect(owed.unreadableSpots).toBeGreaterThan(0);
  });
});
