/** Test helpers for the journal tests: a journal on a fresh temp file, and sample records. */
import { zeroMeters } from '../core/cabinet/meters.ts';
import { cardFromIndex } from '../core/cards/card.ts';
import { dealRound, type RoundOutcome } from '../core/engine/round.ts';
import { FixedCardSource } from '../core/engine/shoe.ts';
import type { CriticalState } from '../core/model/critical-state.ts';
import { Journal, type JournalOptions } from '../storage/journal.ts';
import { tempJournalPath } from './fixtures.ts';

export interface TempJournal {
  readonly path: string;
  /** The journal as first opened (closed by `cleanup`). */
  readonly journal: Journal;
  /** Opens the same file again (closed by `cleanup`). */
  reopen(options?: JournalOptions): Journal;
  /** Closes every journal opened here and removes the file. */
  cleanup(): void;
}

export function tempJournal(options: JournalOptions = {}): TempJournal {
  const tmp = tempJournalPath('journal-test-');
  const opened: Journal[] = [];
  const open = (o: JournalOptions): Journal => {
    const j = Journal.open(tmp.path, o);
    opened.push(j);
    return j;
  };
  return {
    path: tmp.path,
    journal: open(options),
    reopen: (o = {}) => open(o),
    cleanup: () => {
      for (const j of opened) j.close();
      tmp.cleanup();
    },
  };
}

export function sampleCriticalState(overrides: Partial<CriticalState> = {}): CriticalState {
  return {
    seq: 1,
    creditsMinor: 5,
    demoCreditsMinor: 0,
    meters: zeroMeters(),
    configHash: 'x',
    lastRoundId: 0,
    openRoundId: null,
    ...overrides,
  };
}

/** A real dealt round (the first cards of an unshuffled deck). */
export function sampleOutcome(): RoundOutcome {
  return dealRound(new FixedCardSource(Array.from({ length: 6 }, (_, i) => cardFromIndex(i))));
}
