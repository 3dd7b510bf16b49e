/**
 * What a damaged journal kept aside still owed the player (docs/cabinet-rules.md#damaged-journal).
 *
 * At the technician's RAM clear the damaged file is exported again through a fresh read-only connection
 * (journal-salvage.ts, stepping over unreadable spots) to `<damaged>.owed.jsonl`; the amount owed is the
 * sum of the real-money ledger rows in that export, and its last line `{"owed": …}` says so. The rows and
 * the amount sit in one file, so anyone can add them up again, and `verifyOwedExport` (audit-journal
 * `--owed`) also reads the damaged file once more and checks its SHA-256. The running balance of the newest
 * readable row and the critical copy kept beside the file are witnesses only: recorded, never the amount.
 */
import { appendFileSync, closeSync, existsSync, fsyncSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DamagedJournalOwed } from '../core/model/damaged-journal-owed.ts';
import { CriticalCopyFile } from './critical-copy-file.ts';
import type { QuarantinedJournal } from './journal-quarantine.ts';
import { fileSha256, salvageJournal, type SalvageReport } from './journal-salvage.ts';

export function owedExportPathOf(damagedPath: string): string {
  return `${damagedPath}.owed.jsonl`;
}

interface LedgerFigures {
  readonly owedMinor: number;
  readonly ledgerRows: number;
  readonly lastBalanceAfterMinor: number | null;
}

/** The real-money ledger rows of an export (numbers are written as text: journal-salvage.ts reads BigInts). */
function ledgerFigures(lines: readonly string[]): LedgerFigures {
  let owedMinor = 0;
  let ledgerRows = 0;
  let lastBalanceAfterMinor: number | null = null;
  for (const line of lines) {
    const parsed = JSON.parse(line) as { table?: unknown; row?: Record<string, unknown> };
    if (parsed.table !== 'ledger' || !parsed.row || Number(parsed.row.demo) !== 0) continue;
    owedMinor += Number(parsed.row.delta_minor);
    ledgerRows++;
    lastBalanceAfterMinor = Number(parsed.row.balance_after_minor);
  }
  return { owedMinor, ledgerRows, lastBalanceAfterMinor };
}

function rowLines(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.length > 0);
}

function unreadableLedgerSpots(report: SalvageReport): number {
  return report.tables?.find((t) => t.table === 'ledger')?.unreadable ?? 0;
}

/**
 * Exports the damaged journal's readable rows beside it and adds what it owed as the export's last line.
 * Written and synced before the RAM clear commits: the evidence exists before the handpay is told.
 */
export function exportOwedByDamagedJournal(q: QuarantinedJournal): DamagedJournalOwed {
  const exportPath = owedExportPathOf(q.damagedPath);
  const report = salvageJournal(q.damagedPath, exportPath);
  const figures = ledgerFigures(rowLines(exportPath));
  const copy = existsSync(`${q.damagedPath}.critical`)
    ? new CriticalCopyFile(`${q.damagedPath}.critical`).read()
    : null;
  const owed: DamagedJournalOwed = {
    damagedFile: path.basename(q.damagedPath),
    sha256: fileSha256(q.damagedPath),
    owedMinor: figures.owedMinor,
    ledgerRows: figures.ledgerRows,
    unreadableSpots: unreadableLedgerSpots(report),
    lastBalanceAfterMinor: figures.lastBalanceAfterMinor,
    copyCreditsMinor: copy?.record?.state.creditsMinor ?? null,
    exportFile: path.basename(exportPath),
  };
  appendFileSync(exportPath, `${JSON.stringify({ owed })}\n`);
  const fd = openSync(exportPath, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return owed;
}

export interface OwedExportAudit {
  readonly owed: DamagedJournalOwed | null;
  /** Empty when the export adds up and the damaged file beside it still reads the same. */
  readonly problems: readonly string[];
}

/**
 * Checks an `<damaged>.owed.jsonl` export: one `owed` line, last; its amount and row count equal the
 * export's own ledger rows; the damaged file beside it has the recorded SHA-256 and, read again read-only,
 * the same ledger rows.
 */
export function verifyOwedExport(exportPath: string): OwedExportAudit {
  const lines = rowLines(exportPath);
  const owedLines = lines.filter((line) => (JSON.parse(line) as { owed?: unknown }).owed !== undefined);
  if (owedLines.length !== 1 || owedLines[0] !== lines.at(-1)) {
    return { owed: null, problems: [`expected one "owed" line, the last; found ${owedLines.length}`] };
  }
  const owed = (JSON.parse(owedLines[0]!) as { owed: DamagedJournalOwed }).owed;
  const problems: string[] = [];
  const inExport = ledgerFigures(lines.slice(0, -1));
  if (inExport.owedMinor !== owed.owedMinor) {
    problems.push(`the export's ledger rows add up to ${inExport.owedMinor}, the owed line says ${owed.owedMinor}`);
  }
  if (inExport.ledgerRows !== owed.ledgerRows) {
    problems.push(`the export holds ${inExport.ledgerRows} ledger row(s), the owed line says ${owed.ledgerRows}`);
  }
  const damagedPath = path.join(path.dirname(exportPath), owed.damagedFile);
  if (!existsSync(damagedPath)) {
    problems.push(`the damaged journal ${owed.damagedFile} is not beside the export (it must be kept)`);
    return { owed, problems };
  }
  const sha256 = fileSha256(damagedPath);
  if (sha256 !== owed.sha256)
    problems.push(`${owed.damagedFile} has SHA-256 ${sha256}, the owed line says ${owed.sha256}`);
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'owed-audit-'));
  try {
    const again = path.join(scratch, 'rows.jsonl');
    salvageJournal(damagedPath, again);
    const reread = ledgerFigures(rowLines(again));
    if (reread.owedMinor !== owed.owedMinor || reread.ledgerRows !== owed.ledgerRows) {
      problems.push(
        `${owed.damagedFile} read again owes ${reread.owedMinor} in ${reread.ledgerRows} ledger row(s), the owed line says ${owed.owedMinor} in ${owed.ledgerRows}`,
      );
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return { owed, problems };
}
