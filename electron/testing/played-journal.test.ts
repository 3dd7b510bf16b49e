import { afterEach, describe, expect, it } from 'vitest';
import { auditJournalFile } from '../certification/journal-audit.ts';
import { createCryptoRandomSource } from '../core/random/crypto-random-source.ts';
import { Journal } from '../storage/journal.ts';
import { openCabinet } from '../storage/open-cabinet.ts';
import { tempJournalPath } from './fixtures.ts';
import { buildPlayedJournal, PLAYED_JOURNAL_CONFIG } from './played-journal.ts';
import { runCli } from './run-cli.ts';

describe('a journal built in bulk is what real play writes', () => {
  const made: Array<() => void> = [];
  afterEach(() => made.splice(0).forEach((cleanup) => cleanup()));

  function built(rounds: number): string {
    const tmp = tempJournalPath('played-journal-');
    made.push(tmp.cleanup);
    buildPlayedJournal(tmp.path, { rounds, batch: 97 });
    return tmp.path;
  }

  it('holds the rounds asked for, passes the full audit (money, meters, recall, every record) and the audit tool', async () => {
    const path = built(400);
    const journal = Journal.open(path, { readOnly: true });
    try {
      expect(journal.readCriticalCopies().a.state?.lastRoundId).toBe(400);
      expect(journal.readCriticalCopies().a.state?.meters.roundsPlayed).toBe(400);
    } finally {
      journal.close();
    }
    const report = auditJournalFile(path, PLAYED_JOURNAL_CONFIG.profile, false);
    expect(report.problems).toEqual([]);
    const tool = await runCli('electron/cli/audit-journal.ts', '--journal', path, '--json');
    expect(tool.code).toBe(0);
    expect(JSON.parse(tool.last)).toMatchObject({ breaks: [] });
  });

  it('opens in a cabinet that plays on from it, and the audit still passes after', () => {
    const path = built(300);
    const cabinet = openCabinet({
      journalPath: path,
      config: PLAYED_JOURNAL_CONFIG,
      random: createCryptoRandomSource(),
    });
    try {
      expect(cabinet.snapshot().tilts).toEqual([]);
      cabinet.placeChip('banker', 100);
      expect(cabinet.deal().roundId).toBe(301);
    } finally {
      cabinet.close();
    }
    expect(auditJournalFile(path, PLAYED_JOURNAL_CONFIG.profile, false).problems).toEqual([]);
  });

  it('refuses a size it cannot build, saying what is allowed', () => {
    expect(() => buildPlayedJournal('/nonexistent/j.sqlite', { rounds: 2 })).toThrow(/at least 3/);
  });
});
