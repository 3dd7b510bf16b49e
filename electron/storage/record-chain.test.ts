/**
 * The record chain's rules, each as a test or a property: what is stamped, what each check reads, and that a changed
 * byte anywhere is found. Over 400 lines because the rules share one played journal and its damage helpers.
 */
import { copyFileSync, rmSync, statSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { describe, expect, it, onTestFinished } from 'vitest';
import { RecordBreakError } from '../core/model/record-check.ts';
import { Journal } from './journal.ts';
import { ADVANCE_EVERY, CHAINS, CHAIN_NAMES, RECENT_ROWS } from './record-chain.ts';
import { recordKeyPath } from './record-chain-key.ts';
import { changeStoredByte, flipFileBit } from '../testing/journal-damage.ts';
import { tempJournalPath } from '../testing/fixtures.ts';
import { sampleOutcome } from '../testing/journal-fixtures.ts';
import type { ChainedTable } from '../core/model/record-check.ts';

/** A journal with `rounds` settled rounds, each with a stake, a win and two events, after one bill. */
function playedJournal(path: string, rounds: number, options: { recordChain?: boolean } = {}): Journal {
  const j = Journal.open(path, options);
  let balance = 0;
  j.transaction(() => {
    balance += 1_000_000;
    j.appendLedger({ at: 't0', kind: 'bill', demo: false, deltaMinor: 1_000_000, balanceAfterMinor: balance });
  });
  for (let n = 1; n <= rounds; n++) balance = recordRound(j, n, balance);
  return j;
}

/** One round as the cabinet writes it: locked with its stake and an event, dealt, settled with its win and an event. */
function recordRound(j: Journal, n: number, balanceBefore: number): number {
  let balance = balanceBefore;
  j.transaction(() => {
    j.insertRound({
      roundId: n,
      demo: false,
      bets: { player: 100 },
      stakeMinor: 100,
      creditsBeforeMinor: balance,
      at: `t${n}`,
    });
    balance -= 100;
    j.appendLedger({
      at: `t${n}`,
      kind: 'stake',
      demo: false,
      deltaMinor: -100,
      roundId: n,
      spot: 'player',
      balanceAfterMinor: balance,
    });
    j.appendEvent('round', `t${n}`, { code: 'door-opened' });
  });
  j.transaction(() => j.markDealt(n, sampleOutcome(), `t${n}`));
  j.transaction(() => {
    balance += 200;
    j.appendLedger({
      at: `t${n}`,
      kind: 'win',
      demo: false,
      deltaMinor: 200,
      roundId: n,
      spot: 'player',
      balanceAfterMinor: balance,
    });
    j.markSettled(n, { player: 200 }, 200, balance, `t${n}`);
    j.appendEvent('round', `t${n}`, { code: 'door-opened' });
  });
  return balance;
}

function tempPath(): string {
  const tmp = tempJournalPath('record-chain-');
  onTestFinished(tmp.cleanup);
  return tmp.path;
}

function reopen(path: string): Journal {
  const j = Journal.open(path);
  onTestFinished(() => j.close());
  return j;
}

describe('the record chain', () => {
  it('an untouched journal verifies, incrementally and in full', () => {
    const path = tempPath();
    playedJournal(path, 20).close();
    const j = reopen(path);
    expect(j.verifyRecent()).toMatchObject({ ok: true });
    expect(j.verifyAllRecords()).toEqual({ rowsChecked: 41 + 20 + 40, breaks: [] });
  });

  it('the key lives beside the journal, readable by its owner only, and never in the journal file', () => {
    const path = tempPath();
    playedJournal(path, 1).close();
    const keyFile = recordKeyPath(path)!;
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const j = reopen(path);
    expect(j.verifyRecent()).toMatchObject({ ok: true });
  });

  it('without its key file a journal does not verify, and says why', () => {
    const path = tempPath();
    playedJournal(path, 1).close();
    rmSync(recordKeyPath(path)!);
    const audit = Journal.open(path, { readOnly: true });
    onTestFinished(() => audit.close());
    expect(audit.verifyAllRecords().breaks[0]?.problem).toEqual({ code: 'key-missing' });
    // The cabinet's own open gets a new key so it can still record the error, and says the old one is gone.
    const j = reopen(path);
    expect(j.verifyRecent()).toMatchObject({ ok: false, firstBreak: { table: 'record_chain', rowId: 0 } });
    j.transaction(() => j.recordRamClear({ at: 't', creditsRemovedMinor: 0, metersBefore: null }));
    expect(j.verifyRecent()).toMatchObject({ ok: true });
  });

  it('a round that no longer verifies is not settled (its damage would be re-stamped as a write)', () => {
    const path = tempPath();
    const j = playedJournal(path, 1);
    j.transaction(() =>
      j.insertRound({
        roundId: 2,
        demo: false,
        bets: { player: 100 },
        stakeMinor: 100,
        creditsBeforeMinor: 100,
        at: 't',
      }),
    );
    changeStoredByte(path, { table: 'rounds', idColumn: 'round_id', id: 2, column: 'bets_json', byteIndex: 3 });
    let refused: unknown = null;
    try {
      j.transaction(() => j.markDealt(2, sampleOutcome(), 't'));
    } catch (error) {
      refused = error;
    }
    // Refused as the coded break, and the row is not changed (its damage is not re-stamped).
    expect(refused).toBeInstanceOf(RecordBreakError);
    expect((refused as RecordBreakError).recordBreak).toEqual({
      table: 'rounds',
      rowId: 2,
      problem: { code: 'digest-mismatch' },
    });
    expect(j.round(2)?.status).toBe('in-progress');
    expect(j.verifyRecent()).toMatchObject({ ok: false, firstBreak: { table: 'rounds', rowId: 2 } });
  });

  it("a bit flipped in a round's cards on disk is found at the next open, naming the round", () => {
    const path = tempPath();
    const j = playedJournal(path, 3);
    // Round 2's deal order is the same as the others', so make its row unique first.
    j.transaction(() => {
      j.insertRound({
        roundId: 4,
        demo: false,
        bets: { banker: 300 },
        stakeMinor: 300,
        creditsBeforeMinor: 1_000_300,
        at: 't4',
      });
      j.markDealt(4, sampleOutcome(), 't4-dealt-unique');
    });
    j.close();
    flipFileBit(path, 't4-dealt-unique', 0, 1);
    const check = reopen(path).verifyRecent();
    expect(check).toMatchObject({ ok: false, firstBreak: { table: 'rounds', rowId: 4 } });
  });

  it('a bit flipped in a ledger amount on disk is found at the next open, naming the ledger row', () => {
    const path = tempPath();
    const j = playedJournal(path, 2);
    // An amount whose four big-endian bytes occur nowhere else in the file.
    const amount = 0x3c5a7e91;
    j.transaction(() =>
      j.appendLedger({
        at: 't9',
        kind: 'bill',
        demo: false,
        deltaMinor: amount,
        balanceAfterMinor: 1_000_200 + amount,
      }),
    );
    const id = j.lastLedgerId();
    j.close();
    flipFileBit(path, Buffer.from([0x3c, 0x5a, 0x7e, 0x91]), 3, 4);
    const check = reopen(path).verifyRecent();
    expect(check).toMatchObject({ ok: false, firstBreak: { table: 'ledger', rowId: id } });
  });

  it('a bit flipped in an event row on disk is found at the next open, naming the event', () => {
    const path = tempPath();
    const j = playedJournal(path, 2);
    // A parameter no other row holds, so the flipped bit lands in this row's own bytes.
    const id = j.transaction(() =>
      j.appendEvent('config', 't9', { code: 'config-kept-at-start', fields: ['unique.hand'] }),
    );
    j.close();
    flipFileBit(path, 'unique.hand', 2, 0);
    const check = reopen(path).verifyRecent();
    expect(check).toMatchObject({ ok: false, firstBreak: { table: 'events', rowId: id } });
  });

  it('start-up reads a bounded number of rows however long the journal is', () => {
    const path = tempPath();
    playedJournal(path, 300).close();
    const first = reopen(path).verifyRecent(); // moves the checkpoints to the end
    expect(first.ok).toBe(true);
    const again = reopen(path).verifyRecent();
    expect(again.ok).toBe(true);
    expect(again.rowsChecked).toBeLessThanOrEqual(CHAIN_NAMES.length * (RECENT_ROWS + ADVANCE_EVERY));
    expect(again.rowsChecked).toBeLessThan(first.rowsChecked);
  });

  it('a damaged checkpoint, or rows cut off the end of a chain, do not verify', () => {
    const path = tempPath();
    playedJournal(path, 100).close();
    reopen(path).verifyRecent(); // checkpoints at the last rows
    const damaged = `${path}.damaged`;
    copyFileSync(path, damaged);
    copyFileSync(recordKeyPath(path)!, recordKeyPath(damaged)!);
    changeStoredByte(damaged, {
      table: 'record_chain',
      idColumn: 'chain',
      id: 'ledger',
      column: 'verified_through_id',
      byteIndex: 1,
    });
    expect(reopen(damaged).verifyRecent()).toMatchObject({ ok: false, firstBreak: { table: 'record_chain' } });

    // The last events go missing (the chain is shorter than its checkpoint says).
    const raw = new DatabaseSync(path);
    raw.exec('DELETE FROM events WHERE id > (SELECT MAX(id) - 3 FROM events)');
    raw.close();
    expect(reopen(path).verifyRecent()).toMatchObject({
      ok: false,
      firstBreak: { table: 'events', problem: { code: 'verified-row-missing' } },
    });
  });

  it('a damaged row older than the recent window is still found by the full check', () => {
    const path = tempPath();
    playedJournal(path, 200).close();
    reopen(path).verifyRecent();
    changeStoredByte(path, { table: 'ledger', idColumn: 'id', id: 5, column: 'delta_minor', byteIndex: 0 });
    expect(reopen(path).verifyAllRecords().breaks[0]).toMatchObject({ table: 'ledger', rowId: 5 });
  });

  it('property: any single-byte change to any chained column of any row is found, naming that row', () => {
    const base = tempPath();
    playedJournal(base, 4).close();
    const targets: Array<{ table: ChainedTable; id: number; column: string }> = [];
    for (const t of CHAIN_NAMES) {
      const def = CHAINS[t];
      const count = t === 'ledger' ? 9 : t === 'rounds' ? 4 : 8;
      // Every column but the row id itself (a changed id moves the row: found, but under another id).
      for (let id = 1; id <= count; id++)
        for (const column of [...def.columns.filter((c) => c !== def.idColumn), 'chain_digest'])
          targets.push({ table: t, id, column });
    }
    fc.assert(
      fc.property(fc.constantFrom(...targets), fc.nat(200), (target, byteIndex) => {
        const path = tempPath();
        copyFileSync(base, path);
        copyFileSync(recordKeyPath(base)!, recordKeyPath(path)!);
        changeStoredByte(path, { ...target, idColumn: CHAINS[target.table].idColumn, byteIndex });
        const j = Journal.open(path, { readOnly: true });
        try {
          expect(j.verifyAllRecords().breaks[0]).toMatchObject({ table: target.table, rowId: target.id });
        } finally {
          j.close();
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('digests remembered by the writer never hide a change', () => {
  // Ids and the columns a row's id depends on are left alone: a changed id moves the row, not its bytes.
  const changeable = (chain: ChainedTable) => CHAINS[chain].columns.filter((c) => c !== CHAINS[chain].idColumn);
  const newestIds = (j: Journal, chain: ChainedTable): number[] =>
    chain === 'ledger' ? [j.lastLedgerId()] : chain === 'rounds' ? [j.maxRoundId()] : [j.lastEventId()];

  it('a byte changed in any column of a row just written, the journal still open, is found by the next check', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CHAIN_NAMES), fc.nat(40), fc.nat(200), (chain, columnPick, byteIndex) => {
        const path = tempPath();
        const j = playedJournal(path, 3);
        onTestFinished(() => j.close());
        expect(j.verifyRecent()).toMatchObject({ ok: true });
        const [id] = newestIds(j, chain);
        const columns = changeable(chain);
        const def = CHAINS[chain];
        changeStoredByte(path, {
          table: def.table,
          idColumn: def.idColumn,
          id: id!,
          column: columns[columnPick % columns.length]!,
          byteIndex,
        });
        expect(j.verifyRecent()).toMatchObject({ ok: false, firstBreak: { table: chain, rowId: id } });
      }),
      { numRuns: 25 },
    );
  });

  it('a byte changed in any old row, far behind the newest, is found by the full audit of the same open journal', () => {
    const rounds = RECENT_ROWS + 8;
    fc.assert(
      fc.property(
        fc.constantFrom(...CHAIN_NAMES),
        fc.integer({ min: 1, max: rounds }),
        fc.nat(200),
        (chain, id, byteIndex) => {
          const path = tempPath();
          const j = playedJournal(path, rounds);
          onTestFinished(() => j.close());
          expect(j.verifyAllRecords().breaks).toEqual([]);
          const def = CHAINS[chain];
          const columns = changeable(chain);
          changeStoredByte(path, {
            table: def.table,
            idColumn: def.idColumn,
            id,
            column: columns[byteIndex % columns.length]!,
            byteIndex,
          });
          expect(j.verifyAllRecords().breaks).toContainEqual(expect.objectContaining({ table: chain, rowId: id }));
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe('after a round only the rows it wrote are read back', () => {
  const changeable = (chain: ChainedTable) => CHAINS[chain].columns.filter((c) => c !== CHAINS[chain].idColumn);
  const newestId = (j: Journal, chain: ChainedTable): number =>
    chain === 'ledger' ? j.lastLedgerId() : chain === 'rounds' ? j.maxRoundId() : j.lastEventId();
  /** Rows added to one chain between two rounds (a bill, a locked round, an event). */
  const appendTo = (j: Journal, chain: ChainedTable, n: number): void =>
    j.transaction(() => {
      const first = newestId(j, chain) + 1;
      for (let i = first; i < first + n; i++) {
        if (chain === 'ledger') {
          j.appendLedger({ at: 'tb', kind: 'bill', demo: false, deltaMinor: 100, balanceAfterMinor: 100 });
        } else if (chain === 'rounds') {
          j.insertRound({
            roundId: i,
            demo: false,
            bets: { player: 100 },
            stakeMinor: 100,
            creditsBeforeMinor: 100,
            at: 'tb',
          });
        } else j.appendEvent('door', 'tb', { code: 'door-opened' });
      }
    });
  const ROUNDS = RECENT_ROWS + 8;

  it('the check after a round reads back exactly the rows the round wrote', () => {
    const j = playedJournal(tempPath(), ROUNDS);
    onTestFinished(() => j.close());
    expect(j.verifyRecent()).toMatchObject({ ok: true });
    recordRound(j, ROUNDS + 1, 1_000_000);
    // Two ledger rows, the round's row and two events.
    expect(j.verifyWritten()).toEqual({ ok: true, rowsChecked: 5 });
    expect(j.verifyWritten()).toEqual({ ok: true, rowsChecked: 0 });
  });

  it('property: a byte changed in any column of a row the round wrote is found by the check after it, naming the row', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CHAIN_NAMES),
        fc.boolean(),
        fc.nat(40),
        fc.nat(200),
        (chain, older, columnPick, byteIndex) => {
          const path = tempPath();
          const j = playedJournal(path, 3);
          onTestFinished(() => j.close());
          expect(j.verifyRecent()).toMatchObject({ ok: true });
          recordRound(j, 4, 1_000_000);
          // Ledger and events get two rows a round, the rounds table one.
          const id = newestId(j, chain) - (older && chain !== 'rounds' ? 1 : 0);
          const columns = changeable(chain);
          const def = CHAINS[chain];
          const column = columns[columnPick % columns.length]!;
          changeStoredByte(path, { table: def.table, idColumn: def.idColumn, id, column, byteIndex });
          expect(j.verifyWritten()).toMatchObject({ ok: false, firstBreak: { table: chain, rowId: id } });
        },
      ),
      { numRuns: 25 },
    );
  });

  it('property: a byte changed during a round in a recent row it did not write is found by the next round check, whatever was added between', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CHAIN_NAMES),
        fc.nat(RECENT_ROWS),
        fc.nat(40),
        fc.integer({ min: 0, max: 2 * RECENT_ROWS + ADVANCE_EVERY }),
        fc.nat(200),
        (chain, depth, columnPick, between, byteIndex) => {
          const path = tempPath();
          const j = playedJournal(path, ROUNDS);
          onTestFinished(() => j.close());
          expect(j.verifyRecent()).toMatchObject({ ok: true });
          const before = newestId(j, chain);
          recordRound(j, ROUNDS + 1, 1_000_000);
          // A row among the newest the check after the round used to re-read, written before the round.
          const after = newestId(j, chain);
          const id = before - (depth % (RECENT_ROWS - (after - before)));
          const columns = changeable(chain);
          const def = CHAINS[chain];
          const column = columns[columnPick % columns.length]!;
          changeStoredByte(path, { table: def.table, idColumn: def.idColumn, id, column, byteIndex });
          expect(j.verifyWritten()).toMatchObject({ ok: true });
          appendTo(j, chain, between);
          expect(j.verifyRecent()).toMatchObject({ ok: false, firstBreak: { table: chain, rowId: id } });
        },
      ),
      { numRuns: 40 },
    );
  });
});
