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

/** Why the copy file could not be used: gone, unreadable (the OS said why), not JSON, no checksum, a wrong one, not a copy. */
export type CopyFileProblem =
  'missing' | 'unreadable' | 'not-json' | 'no-checksum' | 'checksum-mismatch' | 'not-a-copy';
export const COPY_FILE_PROBLEMS = [
  'missing',
  'unreadable',
  'not-json',
  'no-checksum',
  'checksum-mismatch',
  'not-a-copy',
] as const satisfies readonly CopyFileProblem[];

export type CriticalCopyRead =
  | {
      readonly record: CriticalCopyRecord;
      readonly problem: null;
      /**
       * The file keeps two slots (docs/cabinet-rules.md#the-copy-files-format): the record is the newest good
       * one, and this says what is wrong with the other, if anything (a torn write, a changed byte).
       */
      readonly damagedSlot?: CopyFileProblem;
    }
  /** `osCode`: the OS error code of an unreadable file (EACCES, EIO …), else null. */
  | { readonly record: null; readonly problem: CopyFileProblem; readonly osCode: string | null };

/** Storage of the second copy; the cabinet only reads it at start-up (the storage layer writes it after each commit). */
export interface CriticalCopyPort {
  /** Where the copy lives, for the log and the tilt text. */
  readonly location: string;
  read(): CriticalCopyRead;
  write(record: CriticalCopyRecord): void;
}
