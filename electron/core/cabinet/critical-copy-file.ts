/**
 * The second copy of critical memory outside the journal file (docs/cabinet-rules.md#critical-memory): the
 * storage layer names it for the journal it opened, and the cabinet finds it by that journal.
 */
import type { CriticalCopyPort } from '../model/critical-copy.ts';
import type { JournalPort } from '../model/journal-port.ts';
import type { CabinetContext } from './cabinet-context.ts';

const copyFiles = new WeakMap<JournalPort, CriticalCopyPort>();

/** The storage layer names the second copy of the journal it opened (electron/storage/open-cabinet.ts). */
export function attachCriticalCopy(journal: JournalPort, copy: CriticalCopyPort): void {
  copyFiles.set(journal, copy);
}

/** The copy file named for `journal`, or null (a tool on a journal it opened has none). */
export function copyFileOf(journal: JournalPort): CriticalCopyPort | null {
  return copyFiles.get(journal) ?? null;
}

/**
 * Writes the copy file from the journal's state now (a technician's clear of a failed copy); throws the
 * file system's error. No copy attached (a tool on a journal it opened): nothing to write.
 */
export function rewriteCopyFile(ctx: CabinetContext): void {
  copyFileOf(ctx.journal)?.write({ state: ctx.critical, lastLedgerId: ctx.journal.lastLedgerId() });
}
