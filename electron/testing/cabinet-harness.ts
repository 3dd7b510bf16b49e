/**
 * Test-only helpers for the cabinet tests beside electron/core/cabinet/*: a cabinet over a
 * real SQLite journal in a temp directory that can be restarted (power cycle), funding with
 * notes, catching a refusal, and a clean audit. Call `closeCabinets` in afterEach.
 */
import { expect } from 'vitest';
import { auditJournalFile } from '../certification/journal-audit.ts';
import { CabinetError } from '../core/cabinet/cabinet-error.ts';
import type { VenueConfig } from '../core/config/venue-config.ts';
import type { CabinetCore } from '../core/cabinet/cabinet.ts';
import { Journal } from '../storage/journal.ts';
import { startCabinetOn, type OpenCabinetOptions } from '../storage/open-cabinet.ts';
import { deterministicRandom, steppingClock, tempJournalPath, testConfig } from './fixtures.ts';

const cleanups: Array<() => void> = [];
const journals = new WeakMap<CabinetCore, Journal>();

/** Opens a cabinet the way openCabinet does, keeping the journal handle for the test's reads. */
export function openTestCabinet(options: OpenCabinetOptions): CabinetCore {
  const journal = Journal.open(options.journalPath);
  const cabinet = startCabinetOn(journal, options);
  journals.set(cabinet, journal);
  return cabinet;
}

/** The journal under a cabinet opened by this harness (closed together with the cabinet). */
export function journalOf(cabinet: CabinetCore): Journal {
  const journal = journals.get(cabinet);
  if (!journal) throw new Error('journalOf: this cabinet was not opened by the cabinet harness');
  return journal;
}

export function closeCabinets(): void {
  while (cleanups.length) cleanups.pop()!();
}

export interface CabinetHandle {
  readonly path: string;
  readonly random: ReturnType<typeof deterministicRandom>;
  readonly cabinet: CabinetCore;
  /** Closes the cabinet and opens it again on the same journal (optionally with another config). */
  restart(config?: VenueConfig): CabinetCore;
}

export function setupCabinet(config: VenueConfig = testConfig(), seed = 7): CabinetHandle {
  const tmp = tempJournalPath();
  const random = deterministicRandom(seed);
  const open = (cfg: VenueConfig = config) =>
    openTestCabinet({ journalPath: tmp.path, config: cfg, random, clock: steppingClock() });
  let cabinet = open();
  cleanups.push(() => {
    try {
      cabinet.close();
    } catch {
      /* already closed */
    }
    tmp.cleanup();
  });
  return {
    path: tmp.path,
    random,
    get cabinet(): CabinetCore {
      return cabinet;
    },
    restart(cfg?: VenueConfig): CabinetCore {
      cabinet.close();
      cabinet = open(cfg);
      return cabinet;
    },
  };
}

let noteSeq = 0;
/** Credits a note with a fresh event key (default 100.00 on channel 5). */
export function fund(cabinet: CabinetCore, valueMinor = 10_000, channel = 5): void {
  expect(cabinet.creditBill({ valueMinor, channel, eventKey: `test-note-${noteSeq++}` })).toBe(true);
}

/**
 * Cashes the real credits out and has an attendant pay the handpay, so the cabinet holds no money and a
 * setting such as demo mode may change (docs/cabinet-rules.md#staff-actions-with-money-on-the-cabinet).
 */
export function emptyCabinet(cabinet: CabinetCore): void {
  if (cabinet.moneyOnCabinet().creditsMinor > 0) cabinet.cashOut();
  cabinet.clearHandpay('attendant');
  expect(cabinet.moneyOnCabinet()).toEqual({ creditsMinor: 0, openRounds: 0, unpaidHandpays: 0 });
}

/** Runs `fn` and returns the CabinetError it throws; fails when it throws nothing. */
export function refusal(fn: () => unknown): CabinetError {
  try {
    fn();
  } catch (error) {
    if (error instanceof CabinetError) return error;
    throw error;
  }
  throw new Error('expected a CabinetError');
}

/** The journal audit finds no problem. */
export function cleanAudit(path: string, allowOpen = false) {
  const report = auditJournalFile(path, testConfig().profile, allowOpen);
  expect(report.problems).toEqual([]);
  return report;
}
