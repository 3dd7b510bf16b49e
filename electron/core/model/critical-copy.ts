import type { CriticalState } from './critical-state.ts';

/**
 * The second copy of critical memory, kept outside the journal file so the two cannot fail together
 * (docs/cabinet-rules.md#critical-memory). It records the state and the journal's commit position:
 * a journal that lost committed data (a damaged WAL frame drops it and every later one) is then behind
 * the copy, which is a memory error instead of a silent older state.
 */
export interface CriticalCopyRecord {
  readonly state: CriticalState;
  /** The newest ledger row id the journal held when the state was committed. */
  readonly lastLedgerId: number;
}

export type CriticalCopyRead =
  { readonly record: CriticalCopyRecord; readonly problem: null } | { readonly record: null; readonly problem: string };

/** Storage of the second copy; the cabinet only reads it at start-up (the storage layer writes it after each commit). */
export interface CriticalCopyPort {
  /** Where the copy lives, for the log and the tilt text. */
  readonly location: string;
  read(): CriticalCopyRead;
  write(record: CriticalCopyRecord): void;
}
