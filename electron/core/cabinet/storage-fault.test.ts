/**
 * Storage faults become a tilt, never a freeze (docs/cabinet-rules.md#storage-faults), with SQLite errors
 * injected through the journal's statement seam (electron/testing/statement-fault.ts) at every write
 * statement of a round and of a bill credit, on real SQLite files. The real disk faults (a full tmpfs, a
 * file made read-only under the open handle) are in storage-fault.fs.test.ts.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { openCabinet } from '../../storage/open-cabinet.ts';
import { refusal } from '../../testing/cabinet-harness.ts';
import { deterministicRandom, tempJournalPath, testConfig } from '../../testing/fixtures.ts';
import { SQLITE_FAULTS, StatementFault, type SqliteFault } from '../../testing/statement-fault.ts';
import {
  expectRecovered,
  expectTiltedNotFrozen,
  freshNoteKey,
  FUNDS_MINOR,
  openRig,
  placeBets,
  roundStages,
  type Rig,
} from '../../testing/storage-fault-scenario.ts';
import { until } from '../../testing/until.ts';

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

function rigWith(fault: StatementFault): Rig & { path: string } {
  const tmp = tempJournalPath('storage-fault-');
  const rig = openRig(tmp.path, fault);
  cleanups.push(() => {
    try {
      rig.cabinet.close();
    } catch {
      /* already closed */
    }
    tmp.cleanup();
  });
  return { ...rig, path: tmp.path };
}

function fundedRig(fault: StatementFault): Rig & { path: string } {
  const rig = rigWith(fault);
  rig.cabinet.creditBill({ valueMinor: FUNDS_MINOR, channel: 5, eventKey: freshNoteKey() });
  return rig;
}

/** The write statements of one clean round and of one bill credit, and the commit each belongs to. */
function measure() {
  const probe = new StatementFault();
  const rig = fundedRig(probe);
  placeBets(rig.cabinet);
  probe.arm(1_000_000);
  const roundWrites = probe.count(() => rig.cabinet.deal());
  const stages = roundStages(probe.writesSeen);
  probe.arm(1_000_000);
  const billWrites = probe.count(() => {
    rig.cabinet.creditBill({ valueMinor: 2_000, channel: 3, eventKey: freshNoteKey() });
  });
  return { roundWrites, stages, billWrites };
}
const { roundWrites, stages, billWrites } = measure();

function roundFault(k: number, sqlite: SqliteFault, sticky: boolean): void {
  const fault = new StatementFault({ fault: sqlite, sticky });
  const rig = fundedRig(fault);
  placeBets(rig.cabinet);
  fault.arm(k);
  expect(refusal(() => rig.cabinet.deal()).code).toBe('tilted');
  expectTiltedNotFrozen(rig.cabinet);
  fault.heal();
  expectRecovered(rig, rig.path, { stage: stages[k - 1]!, sqlite, creditsMinor: FUNDS_MINOR });
}

function billFault(k: number, sqlite: SqliteFault, sticky: boolean): void {
  const fault = new StatementFault({ fault: sqlite, sticky });
  const rig = rigWith(fault);
  const note = { valueMinor: FUNDS_MINOR, channel: 5, eventKey: freshNoteKey() };
  fault.arm(k);
  expect(refusal(() => rig.cabinet.creditBill(note)).code).toBe('tilted');
  expect(rig.cabinet.snapshot().tilts.map((t) => t.kind)).toContain('storage-fault');
  expect(refusal(() => rig.cabinet.cashOut()).code).toBe('tilted');
  fault.heal();
  // The note in the cashbox is credited once the journal works again, once only.
  expectRecovered(rig, rig.path, { stage: 'bill', sqlite, creditsMinor: FUNDS_MINOR });
  expect(rig.cabinet.creditBill(note)).toBe(false);
  expect(rig.journal.auditRows().ledger.filter((r) => r.kind === 'bill')).toHaveLength(1);
}

describe('a journal write refused during a round', () => {
  it('a round has lock, deal and settle commits to break', () => {
    expect(new Set(stages)).toEqual(new Set(['lock', 'deal', 'settle']));
    expect(stages).toHaveLength(roundWrites);
  });

  it.each(Array.from({ length: roundWrites }, (_, i) => i + 1))(
    'SQLITE_FULL at write statement %i of the round: tilt, no freeze, voided and refunded once when the disk works',
    (k) => roundFault(k, 'SQLITE_FULL', true),
  );

  it('the void names the settle and the cards when the settle commit failed after the cards were recorded', () => {
    const k = stages.lastIndexOf('settle') + 1;
    roundFault(k, 'SQLITE_IOERR', false);
  });

  it('retries on a timer: the round is voided without anyone asking once the disk works', async () => {
    const fault = new StatementFault({ fault: 'SQLITE_FULL', sticky: true });
    const rig = fundedRig(fault);
    placeBets(rig.cabinet);
    fault.arm(stages.indexOf('settle') + 1);
    expect(refusal(() => rig.cabinet.deal()).code).toBe('tilted');
    expect(rig.journal.tilts()).toEqual([]);
    fault.heal();
    await until(() => rig.events.some((e) => e.type === 'round-voided'), 'the retry timer voids the round');
    expect(rig.journal.round(1)?.voidCode).toEqual({ code: 'storage-error', stage: 'settle', sqlite: 'SQLITE_FULL' });
    expect(rig.journal.tilts().map((t) => t.kind)).toEqual(['storage-fault']);
    expect(rig.cabinet.snapshot().creditsMinor).toBe(FUNDS_MINOR);
  });

  it('a technician clear is refused while the journal still refuses writes, and voids the round once it works', () => {
    const fault = new StatementFault({ fault: 'SQLITE_FULL', sticky: true });
    const rig = fundedRig(fault);
    placeBets(rig.cabinet);
    fault.arm(stages.indexOf('deal') + 1);
    refusal(() => rig.cabinet.deal());
    const refused = refusal(() =>
      rig.cabinet.clearTilt('storage-fault', 'journal', { by: 'technician', doorOpen: false }),
    );
    expect(refused.message).toContain('SQLITE_FULL');
    expect(rig.cabinet.snapshot().tilts.map((t) => t.kind)).toEqual(['storage-fault']);
    fault.heal();
    rig.cabinet.clearTilt('storage-fault', 'journal', { by: 'technician', doorOpen: false });
    expect(rig.journal.round(1)?.status).toBe('voided');
    expect(rig.journal.events({ limit: 50 }).some((e) => e.message?.code === 'storage-test-write')).toBe(true);
    expect(rig.cabinet.snapshot().tilts).toEqual([]);
  });

  it('after a restart the round is voided for the storage error the journal recorded, not for a power loss', () => {
    const fault = new StatementFault({ fault: 'SQLITE_IOERR', sticky: true });
    const rig = fundedRig(fault);
    placeBets(rig.cabinet);
    fault.arm(stages.lastIndexOf('settle') + 1);
    refusal(() => rig.cabinet.deal());
    // The disk comes back long enough for the tilt, then fails again before the void.
    fault.heal();
    fault.armWhere(/refunds/);
    expect(rig.cabinet.retryStorage()).toBe(false);
    expect(rig.journal.tilts().map((t) => t.kind)).toEqual(['storage-fault']);
    rig.cabinet.close();
    const again = openCabinet({ journalPath: rig.path, config: testConfig(), random: deterministicRandom(3) });
    cleanups.unshift(() => again.close());
    const round = again.recall({ limit: 5 }).find((r) => r.roundId === 1);
    expect(round?.voidCode).toEqual({ code: 'storage-error', stage: 'settle', sqlite: 'SQLITE_IOERR' });
    expect(again.snapshot().creditsMinor).toBe(FUNDS_MINOR);
    expect(again.snapshot().tilts.map((t) => t.kind)).toEqual(['storage-fault']);
  });
});

describe('a journal write refused during a bill credit', () => {
  it.each(Array.from({ length: billWrites }, (_, i) => i + 1))(
    'SQLITE_FULL at write statement %i of the credit: the note is held and credited exactly once',
    (k) => billFault(k, 'SQLITE_FULL', true),
  );
});

describe('property: any fault at any write statement', () => {
  it('never freezes, voids and refunds at most once, and credits always equal the ledger', () => {
    const codes = Object.keys(SQLITE_FAULTS) as SqliteFault[];
    fc.assert(
      fc.property(
        fc.oneof(
          fc.record({ kind: fc.constant('round' as const), k: fc.integer({ min: 1, max: roundWrites }) }),
          fc.record({ kind: fc.constant('bill' as const), k: fc.integer({ min: 1, max: billWrites }) }),
        ),
        fc.constantFrom(...codes),
        fc.boolean(),
        (at, sqlite, sticky) => {
          try {
            if (at.kind === 'round') roundFault(at.k, sqlite, sticky);
            else billFault(at.k, sqlite, sticky);
          } finally {
            while (cleanups.length) cleanups.pop()!();
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});
