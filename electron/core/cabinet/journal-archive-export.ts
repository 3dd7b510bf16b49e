/**
 * The technician's export of the journal's archive (docs/cabinet-rules.md#retention-and-archive): one
 * JSON file per chain, like the game-recall export (journal-export.ts): `header` first (format,
 * formatVersion, cabinetId or null, configHash, exportedAt, counts), then `chains` (where each archive
 * chain starts and ends), then `rows`, one archived row per line exactly as the archive holds it, every
 * chained column and its `chain_digest`, oldest first, so a lab can recompute each digest with the
 * cabinet's key. Read a page of EXPORT_PAGE rows at a time.
 */
import type { ArchiveChainState, ArchivedChain, ArchivedRow } from '../model/journal-archive.ts';
import {
  EXPORT_FORMAT_VERSION,
  EXPORT_PAGE,
  type ExportHeaderInput,
  type JournalExportFile,
} from './journal-export.ts';
import { exportFileName } from './meters-report.ts';

/** What the export reads: the archive's state and its rows, a page at a time. */
export interface ArchiveExportSource {
  archiveState(): ArchiveChainState[];
  archivedRows(chain: ArchivedChain, afterId: number, limit: number): ArchivedRow[];
}

const ID_COLUMN: Readonly<Record<ArchivedChain, string>> = { rounds: 'round_id', events: 'id' };

export function archiveJson(
  source: ArchiveExportSource,
  header: ExportHeaderInput,
  chain: ArchivedChain,
): JournalExportFile {
  const lines: string[] = [];
  let after = 0;
  for (;;) {
    const page = source.archivedRows(chain, after, EXPORT_PAGE);
    for (const row of page) lines.push(JSON.stringify(row));
    if (page.length < EXPORT_PAGE) break;
    after = page.at(-1)![ID_COLUMN[chain]] as number;
  }
  const head = {
    format: `baccarat-kiosk.journal-archive.${chain}`,
    formatVersion: EXPORT_FORMAT_VERSION,
    cabinetId: header.cabinetId,
    configHash: header.configHash,
    exportedAt: header.at,
    counts: { rows: lines.length },
  };
  const text = `{\n"header": ${JSON.stringify(head)},\n"chains": ${JSON.stringify(source.archiveState())},\n"rows": [\n${lines.join(',\n')}\n]\n}\n`;
  return {
    fileName: exportFileName(`journal-archive-${chain}`, header.cabinetId ?? 'cabinet', header.at, 'json'),
    contentType: 'application/json',
    text,
    records: lines.length,
  };
}
