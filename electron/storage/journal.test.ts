/**
 * The composed journal: every writer of JournalWriter refuses to run outside a
 * transaction, runs no statement when it refuses, and leaves the file unchanged
 * (docs/cabinet-rules.md#power-loss). The per-table behaviour is in the store tests.
 */
import { existsSync, readFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it, onTestFinished } from 'vitest';
import { JournalError, type JournalWriter } from '../core/model/journal-port.ts';
import type { Tilt } from '../core/model/tilt.ts';
import { sampleCriticalState, sampleOutcome, tempJournal } from '../testing/journal-fixtures.ts';
import type { Journal } from './journal.ts';

const doorTilt: Tilt = {
  kind: 'door-open',
  source: 'door',
  reasonCode: { code: 'door-is-open' },
  clearedBy: 'door-closed',
  since: 't0',
};

/** Every row of every table, read through a separate connection, and the config secret kept beside it. */
function dump(path: string): Record<string, unknown[]> {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{
      name: string;
    }>;
    const secret = [`${path}.essp-key`, `${path}.essp-key.new`].map((f) =>
      existsSync(f) ? readFileSync(f, 'utf8') : null,
    );
    return {
      ...Object.fromEntries(tables.map((t) => [t.name, db.prepare(`SELECT * FROM "${t.name}"`).all()])),
      secret,
    };
  } finally {
    db.close();
  }
}

/**
 * A journal in which every writer has something to do: a locked round 1, a dealt
 * round 2, an open door tilt, a pending handpay, a stored config and critical memory.
 */
function preparedJournal() {
  let statements = 0;
  const t = tempJournal({ observer: { afterStatement: () => void statements++ } });
  onTestFinished(t.cleanup);
  const j = t.journal;
  j.transaction(() => {
    j.writeCritical(sampleCriticalState());
    j.appendLedger({
      at: 't0',
      kind: 'bill',
      demo: false,
      deltaMinor: 1_000,
      eventKey: 'n0',
      balanceAfterMinor: 1_000,
    });
    j.insertRound({
      roundId: 1,
      demo: false,
      bets: { player: 100 },
      stakeMinor: 100,
      creditsBeforeMinor: 1_000,
      at: 't0',
    });
    j.insertRound({
      roundId: 2,
      demo: false,
      bets: { banker: 100 },
      stakeMinor: 100,
      creditsBeforeMinor: 900,
      at: 't0',
    });
    j.markDealt(2, sampleOutcome(), 't0');
    j.appendEvent('door', 't0', { code: 'door-opened' });
    j.putTilt(doorTilt);
    j.insertHandpay(500, 't0');
    j.storeConfig('{"v":1}', 'sha-v1');
  });
  return { j, path: t.path, statements: () => statements };
}

/** One call per writer, each of which changes the prepared journal when it runs in a transaction. */
const WRITERS: { readonly [K in keyof JournalWriter]: (j: Journal) => unknown } = {
  writeCritical: (j) => j.writeCritical(sampleCriticalState({ seq: 2, creditsMinor: 7 })),
  writeCriticalCopy: (j) => j.writeCriticalCopy('b', sampleCriticalState({ seq: 3 })),
  appendLedger: (j) =>
    j.appendLedger({ at: 't1', kind: 'bill', demo: false, deltaMinor: 500, eventKey: 'n1', balanceAfterMinor: 1_500 }),
  insertRound: (j) =>
    j.insertRound({ roundId: 3, demo: false, bets: { tie: 50 }, stakeMinor: 50, creditsBeforeMinor: 800, at: 't1' }),
  markDealt: (j) => j.markDealt(1, sampleOutcome(), 't1'),
  markSettled: (j) => j.markSettled(2, { banker: 195 }, 195, 995, 't1'),
  markVoided: (j) => j.markVoided(1, 100, 1_000, 't1', { code: 'power-lost', status: 'locked' }),
  appendEvent: (j) => j.appendEvent('fault', 't1', { code: 'door-opened' }),
  putTilt: (j) => j.putTilt({ ...doorTilt, kind: 'rng-fault', source: 'rng', clearedBy: 'device-healthy' }),
  removeTilt: (j) => j.removeTilt('door-open'),
  insertHandpay: (j) => j.insertHandpay(300, 't1'),
  clearHandpays: (j) => j.clearHandpays('t1', 'attendant'),
  storeConfig: (j) => j.storeConfig('{"v":2}', 'sha-v2'),
  storeConfigSecret: (j) => j.storeConfigSecret('00112233aabbccdd'),
  appendConfigAudit: (j) =>
    j.appendConfigAudit({
      at: 't1',
      role: 'technician',
      field: 'demoMode',
      oldValue: 'false',
      newValue: 'true',
      configSha256: 'sha-v2',
    }),
  recordRamClear: (j) => j.recordRamClear({ at: 't1', creditsRemovedMinor: 1_000, metersBefore: null }),
};

describe('every journal writer runs only inside a transaction', () => {
  for (const [name, write] of Object.entries(WRITERS) as Array<[keyof JournalWriter, (j: Journal) => unknown]>) {
    it(`${name} outside a transaction is refused, runs no statement and changes nothing`, () => {
      const { j, path, statements } = preparedJournal();
      const before = dump(path);
      const ran = statements();
      let refusal: unknown;
      try {
        write(j);
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(JournalError);
      expect((refusal as Error).message).toBe(`${name} must run inside a journal transaction`);
      expect(statements()).toBe(ran);
      expect(dump(path)).toEqual(before);
      // The same call inside a transaction does change the journal: the refusal was the only reason.
      j.transaction(() => write(j));
      expect(dump(path)).not.toEqual(before);
    });
  }
});

describe('a transaction is all or nothing', () => {
  it('a transaction that throws leaves nothing behind, whichever writers ran in it', () => {
    const { j, path } = preparedJournal();
    const before = dump(path);
    expect(() =>
      j.transaction(() => {
        for (const write of Object.values(WRITERS)) write(j);
        throw new Error('power cut in the middle');
      }),
    ).toThrow('power cut');
    expect(dump(path)).toEqual(before);
  });
});
