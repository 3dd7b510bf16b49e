/**
 * Test-only: the storage-fault scenarios every fault source runs (docs/cabinet-rules.md#storage-faults).
 * A cabinet on a real journal with a statement observer; a round (or a bill credit) meets a fault before
 * its kth write statement; then: no freeze, the tilt is up, and once the journal works again the round is
 * voided for the storage error and refunded exactly once, credits equal the journal's ledger.
 */
import { expect } from 'vitest';
import type { CabinetEvent } from '../core/cabinet/cabinet-api.ts';
import type { CabinetCore } from '../core/cabinet/cabinet.ts';
import type { StorageStage } from '../core/model/journal-message.ts';
import type { StatementObserver } from '../storage/database.ts';
import { Journal } from '../storage/journal.ts';
import { startCabinetOn } from '../storage/open-cabinet.ts';
import { cleanAudit, refusal } from './cabinet-harness.ts';
import { deterministicRandom, steppingClock, testConfig } from './fixtures.ts';
import { isWriteStatement } from './statement-fault.ts';

export const FUNDS_MINOR = 10_000;
export const BETS = [
  ['player', 500],
  ['banker', 500],
  ['tie', 100],
] as const;

export interface Rig {
  readonly cabinet: CabinetCore;
  readonly journal: Journal;
  readonly events: CabinetEvent[];
}

/** A cabinet on the journal at `path`, every statement told to `observer`. */
export function openRig(path: string, observer: StatementObserver): Rig {
  const journal = Journal.open(path, { observer });
  const cabinet = startCabinetOn(journal, {
    config: testConfig(),
    random: deterministicRandom(7),
    clock: steppingClock(),
  });
  const events: CabinetEvent[] = [];
  cabinet.subscribe((e) => events.push(e));
  return { cabinet, journal, events };
}

export function placeBets(cabinet: CabinetCore): void {
  for (const [spot, chip] of BETS) cabinet.placeChip(spot, chip);
}

let keys = 0;
export function freshNoteKey(): string {
  return `storage-note-${process.pid}-${keys++}`;
}

/** Which commit of a round each of its write statements belongs to, from the SQL of one clean round. */
export function roundStages(writes: readonly string[]): StorageStage[] {
  const order: StorageStage[] = ['lock', 'deal', 'settle'];
  let commits = 0;
  return writes.filter(isWriteStatement).map((sql) => {
    const stage = order[Math.min(commits, 2)]!;
    if (/^\s*COMMIT/i.test(sql)) commits++;
    return stage;
  });
}

/** After a fault: every request answers at once, the storage-fault tilt is up, play and money-in stop. */
export function expectTiltedNotFrozen(cabinet: CabinetCore): void {
  const snap = cabinet.snapshot();
  expect(snap.tilts.map((t) => t.kind)).toContain('storage-fault');
  const collect = refusal(() => cabinet.cashOut());
  expect(collect.code).toBe('tilted');
  expect(collect.message).toContain('storage-fault');
  expect(refusal(() => cabinet.placeChip('player', 500)).code).toBe('tilted');
  expect(cabinet.canAcceptBill(FUNDS_MINOR).accept).toBe(false);
}

/**
 * Once the journal works again (`stage`: the commit that failed; 'lock' and 'bill' leave no round): the
 * round (if its lock committed) voided with the storage reason and
 * refunded once, the tilt durable, credits = ledger; a second retry changes nothing; a technician clears
 * the tilt and play goes on; the journal audit is clean.
 */
export function expectRecovered(
  rig: Rig,
  path: string,
  expected: { stage: StorageStage; sqlite: string; creditsMinor: number },
): void {
  const { cabinet, journal, events } = rig;
  expect(cabinet.retryStorage()).toBe(true);
  expect(journal.tilts().map((t) => t.kind)).toContain('storage-fault');
  const round = journal.round(1);
  const voids = events.filter((e) => e.type === 'round-voided');
  const noRound = expected.stage === 'lock' || expected.stage === 'bill';
  if (noRound) {
    expect(round).toBeNull();
    expect(voids).toHaveLength(0);
  } else {
    expect(round?.status).toBe('voided');
    expect(round?.voidCode).toEqual({ code: 'storage-error', stage: expected.stage, sqlite: expected.sqlite });
    // The cards went to the screen only when their record had committed.
    const dealt = events.filter((e) => e.type === 'round-dealt');
    expect(dealt.length > 0).toBe(expected.stage === 'settle');
    expect(round!.cards.length > 0).toBe(expected.stage === 'settle');
    expect(voids).toHaveLength(1);
  }
  const refundsBefore = journal.auditRows().refunds.length;
  expect(refundsBefore).toBe(noRound ? 0 : 1);
  expect(cabinet.retryStorage()).toBe(true);
  expect(journal.auditRows().refunds.length).toBe(refundsBefore);
  expect(cabinet.snapshot().creditsMinor).toBe(expected.creditsMinor);
  expect(journal.ledgerBalance(false)).toBe(expected.creditsMinor);

  expect(() => cabinet.clearTilt('storage-fault', 'journal', { by: 'attendant', doorOpen: false })).toThrow(
    /only a technician/,
  );
  cabinet.clearTilt('storage-fault', 'journal', { by: 'technician', doorOpen: false });
  expect(cabinet.snapshot().tilts).toEqual([]);
  placeBets(cabinet);
  expect(cabinet.deal().status).toBe('settled');
  cleanAudit(path);
}
