/**
 * The storage interface the cabinet programs against. The SQLite journal
 * (electron/storage/) implements it; the cabinet never sees SQL or a file.
 * Every writer must run inside `transaction(fn)`: either all of `fn`'s writes
 * are durable when it returns, or (on a throw or a crash) none of them are.
 */
import type { RoundOutcome } from '../engine/round.ts';
import type { Bets, Returns } from '../engine/settlement.ts';
import type { MinorUnits } from '../money/minor-units.ts';
import type { CopyName, CopyRead, CriticalState } from './critical-state.ts';
import type { EventLogEntry } from './event-log.ts';
import type { Handpay } from './handpay.ts';
import type { LedgerEntry } from './ledger.ts';
import type { Meters } from './meters.ts';
import type { OpenRound, RoundRecord } from './round-record.ts';
import type { Tilt, TiltKind } from './tilt.ts';

/** A storage rule was broken (a write outside a transaction, a round in the wrong state, ...). */
export class JournalError extends Error {
  override readonly name = 'JournalError';
}

export interface JournalPort {
  transaction<T>(fn: () => T): T;
  close(): void;
  schemaVersion(): number;

  // critical memory
  writeCritical(state: CriticalState): void;
  writeCriticalCopy(copy: CopyName, state: CriticalState): void;
  readCriticalCopies(): { a: CopyRead; b: CopyRead; exists: boolean };

  // ledger
  appendLedger(entry: LedgerEntry): number;
  billKeyCredited(eventKey: string): boolean;
  ledgerBalance(demo: boolean): MinorUnits;
  lastLedgerId(): number;

  // rounds (game recall)
  insertRound(r: {
    roundId: number;
    demo: boolean;
    bets: Bets;
    stakeMinor: MinorUnits;
    creditsBeforeMinor: MinorUnits;
    at: string;
  }): void;
  markDealt(roundId: number, outcome: RoundOutcome, at: string): void;
  markSettled(
    roundId: number,
    returns: Returns,
    returnMinor: MinorUnits,
    creditsAfterMinor: MinorUnits,
    at: string,
  ): void;
  markVoided(roundId: number, reason: string, refundMinor: MinorUnits, creditsAfterMinor: MinorUnits, at: string): void;
  openRounds(): OpenRound[];
  maxRoundId(): number;
  round(roundId: number): RoundRecord | null;
  lastFinishedRound(demo: boolean, status?: 'settled'): RoundRecord | null;
  recall(range: { fromRoundId?: number; toRoundId?: number; limit?: number; demo?: boolean }): RoundRecord[];

  // event log
  appendEvent(kind: string, detail: string, at: string): number;
  events(range: { fromId?: number; toId?: number; limit?: number; kind?: string }): EventLogEntry[];
  lastEventId(): number;

  // tilts and handpays
  tilts(): Tilt[];
  putTilt(tilt: Tilt): boolean;
  removeTilt(kind: TiltKind, source?: string): number;
  insertHandpay(amountMinor: MinorUnits, at: string): Handpay;
  pendingHandpays(): Handpay[];
  clearHandpays(at: string): number;

  // venue configuration and RAM clear
  storedConfig(): { body: string; sha256: string } | null;
  storeConfig(body: string, sha: string): void;
  recordRamClear(r: { at: string; creditsRemovedMinor: MinorUnits; metersBefore: Meters | null }): void;
  lastRamClear(): { afterLedgerId: number; afterRoundId: number; afterEventId: number } | null;
}
