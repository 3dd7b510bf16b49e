import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Journal } from './journal.ts';
import { canonicalJson as canonicalize } from '../core/integrity/canonical-json.ts';
import { JOURNAL_ENV, resolveJournalPath } from './journal-path.ts';

const dirs: string[] = [];
afterEach(() => {
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true });
});
function tmpPath(): string {
  const d = mkdtempSync(join(tmpdir(), 'journal-test-'));
  dirs.push(d);
  return join(d, 'j.sqlite');
}

describe('journal storage rules (issue 1)', () => {
  it('records applied migrations and does not run them twice', () => {
    const path = tmpPath();
    Journal.open(path).close();
    const j = Journal.open(path);
    expect(j.schemaVersion()).toBe(1);
    j.close();
  });

  it('is durable: WAL with synchronous=FULL, so a COMMIT is on disk when it returns', () => {
    const j = Journal.open(tmpPath());
    expect(j.durability()).toEqual({ journalMode: 'wal', synchronous: 2 });
    j.close();
  });

  it('a transaction that throws leaves nothing behind', () => {
    const j = Journal.open(tmpPath());
    expect(() =>
      j.transaction(() => {
        j.appendLedger({ at: 't', kind: 'bill', demo: false, deltaMinor: 500, eventKey: 'k', balanceAfterMinor: 500 });
        throw new Error('power cut in the middle');
      }),
    ).toThrow('power cut');
    expect(j.ledgerBalance(false)).toBe(0);
    expect(j.billKeyCredited('k')).toBe(false);
    j.close();
  });

  it('money rows are only written inside a transaction, and the ledger is append-only', () => {
    const j = Journal.open(tmpPath());
    expect(() => j.appendLedger({ at: 't', kind: 'bill', demo: false, deltaMinor: 1, balanceAfterMinor: 1 })).toThrow(
      /inside a journal transaction/,
    );
    j.transaction(() =>
      j.appendLedger({ at: 't', kind: 'bill', demo: false, deltaMinor: 1, eventKey: 'a', balanceAfterMinor: 1 }),
    );
    // The same event key twice is refused by the UNIQUE constraint.
    expect(() =>
      j.transaction(() =>
        j.appendLedger({ at: 't', kind: 'bill', demo: false, deltaMinor: 1, eventKey: 'a', balanceAfterMinor: 2 }),
      ),
    ).toThrow(/UNIQUE/);
    expect(j.ledgerBalance(false)).toBe(1);
    j.close();
  });

  it('a round moves only forward and a refund row exists at most once per round', () => {
    const j = Journal.open(tmpPath());
    j.transaction(() =>
      j.insertRound({
        roundId: 1,
        demo: false,
        bets: { player: 100 },
        stakeMinor: 100,
        creditsBeforeMinor: 100,
        at: 't',
      }),
    );
    j.transaction(() => j.markVoided(1, 'fault', 100, 100, 't'));
    expect(() => j.transaction(() => j.markVoided(1, 'fault', 100, 100, 't'))).toThrow();
    expect(j.round(1)?.status).toBe('voided');
    expect(j.openRounds()).toEqual([]);
    j.close();
  });

  it('critical memory copies carry a SHA-256 that detects a changed byte', () => {
    const j = Journal.open(tmpPath());
    const state = {
      seq: 1,
      creditsMinor: 5,
      demoCreditsMinor: 0,
      meters: {} as never,
      configHash: 'x',
      lastRoundId: 0,
      openRoundId: null,
    };
    j.transaction(() => j.writeCritical(state));
    expect(j.readCriticalCopies().a.state).toEqual(state);
    j.corruptCriticalCopy('a');
    const read = j.readCriticalCopies();
    expect(read.a.problem).toBe('checksum mismatch');
    expect(read.b.state).toEqual(state);
    j.close();
  });

  it('canonical JSON does not depend on key order', () => {
    expect(canonicalize({ b: 1, a: { d: 2, c: [3, { f: 1, e: 2 }] } })).toBe(
      '{"a":{"c":[3,{"e":2,"f":1}],"d":2},"b":1}',
    );
  });
});

describe('journal path resolver', () => {
  it('uses --journal first, then BACCARAT_JOURNAL, then the default folder', () => {
    expect(
      resolveJournalPath({ argv: ['--journal', '/x/j.sqlite'], env: { [JOURNAL_ENV]: '/y' }, defaultDir: '/d' }),
    ).toBe('/x/j.sqlite');
    expect(resolveJournalPath({ argv: ['--journal=rel.sqlite'], defaultDir: '/d', cwd: '/w' })).toBe('/w/rel.sqlite');
    expect(resolveJournalPath({ env: { [JOURNAL_ENV]: '/y/j.sqlite' }, defaultDir: '/d' })).toBe('/y/j.sqlite');
    expect(resolveJournalPath({ defaultDir: '/d' })).toBe('/d/cabinet-journal.sqlite');
  });

  it('refuses a missing path or :memory: with a clear message', () => {
    expect(() => resolveJournalPath({ argv: ['--journal'], defaultDir: '/d' })).toThrow(/--journal needs a file path/);
    expect(() => resolveJournalPath({ argv: ['--journal', ':memory:'], defaultDir: '/d' })).toThrow(
      /must be a file on disk/,
    );
  });
});
