/**
 * What the technician sees of a journal that was found damaged at start-up and kept aside
 * (docs/cabinet-rules.md#damaged-journal): which check failed, SQLite's own words, the file kept for
 * forensics and its SHA-256, and what could still be read from it. Types only, so the renderer may
 * import them.
 */
import type { DamageProof } from '../core/model/journal-message.ts';

/**
 * Which check failed: not a readable file, SQLite refused to open it, `PRAGMA quick_check`, the schema, or
 * the file passed those but its content broke the cabinet's start-up.
 */
export type { DamageProof };
export type JournalCheckName = 'file' | 'open' | 'quick-check' | 'schema' | 'start-up';

export interface SalvagedTableCount {
  readonly table: string;
  /** Rows read and exported. */
  readonly rows: number;
  /** Spots SQLite could not read, each stepped over. */
  readonly unreadable: number;
}

export interface JournalDamageView {
  readonly check: JournalCheckName;
  /** What proved the damage (null for a journal moved aside before proofs were recorded). */
  readonly proof: DamageProof | null;
  /** SQLite's (or the file system's) own words: shown as the original text, never translated. */
  readonly message: string;
  readonly sizeBytes: number | null;
  /** The damaged file's name, beside the journal (never deleted). */
  readonly damagedFile: string;
  readonly sha256: string | null;
  /** When the damage was found. */
  readonly at: string;
  /** The export made at start-up; null when nothing could be read. */
  readonly salvage: JournalSalvageCounts | null;
}

export interface JournalSalvageCounts {
  /** The export file's name, beside the damaged file. */
  readonly fileName: string;
  /** Null when not even the list of tables could be read. */
  readonly tables: readonly SalvagedTableCount[] | null;
  readonly problem: string | null;
}

export interface JournalSalvageExport extends JournalSalvageCounts {
  readonly contentType: 'application/x-ndjson';
  /** The export itself, for the menu to save; null when it is too large to hand over (it stays on disk). */
  readonly text: string | null;
}

/** What main offers the router for these channels (app/journal-damage-service.ts). */
export interface JournalDamageService {
  view(): JournalDamageView | null;
  /** A fresh export of the damaged file; refused when there is none. */
  exportReadable(): JournalSalvageExport;
}
