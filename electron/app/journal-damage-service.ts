/**
 * The technician's view of a damaged journal kept aside at start-up (docs/cabinet-rules.md#damaged-journal),
 * read from the marker that waits for the RAM clear (storage/journal-quarantine.ts), and a fresh
 * best-effort export of the damaged file's readable rows, written beside it through its own
 * read-only connection. Once the RAM clear removed the marker there is nothing to show.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { JournalDamageService, JournalDamageView, JournalSalvageExport } from '../ipc/journal-damage-view.ts';
import { pendingQuarantine } from '../storage/journal-quarantine.ts';
import { salvageJournal } from '../storage/journal-salvage.ts';

/** Larger exports stay on the cabinet's disk only (the menu shows where). */
const MAX_EXPORT_TEXT_BYTES = 8 * 1024 * 1024;

export function journalDamageService(journalPath: string, clock: () => Date = () => new Date()): JournalDamageService {
  const view = (): JournalDamageView | null => {
    const q = pendingQuarantine(journalPath);
    if (q === null) return null;
    return {
      check: q.check,
      proof: q.proof ?? null,
      message: q.message,
      sizeBytes: q.sizeBytes,
      damagedFile: path.basename(q.damagedPath),
      sha256: q.sha256,
      at: q.at,
      salvage: q.salvage && {
        fileName: path.basename(q.salvagePath),
        tables: q.salvage.tables,
        problem: q.salvage.problem,
      },
    };
  };
  return {
    view,
    exportReadable(): JournalSalvageExport {
      const q = pendingQuarantine(journalPath);
      if (q === null) throw new Error('no damaged journal is waiting for a RAM clear');
      const out = `${q.damagedPath}.salvage-${clock().toISOString().replace(/[-:.]/g, '')}.jsonl`;
      const report = salvageJournal(q.damagedPath, out);
      const size = statSync(out).size;
      return {
        fileName: path.basename(out),
        contentType: 'application/x-ndjson',
        tables: report.tables,
        problem: report.problem,
        text: size <= MAX_EXPORT_TEXT_BYTES ? readFileSync(out, 'utf8') : null,
      };
    },
  };
}
