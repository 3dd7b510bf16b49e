/**
 * The archive's part of the technician's full verification (docs/cabinet-rules.md#retention-and-archive,
 * docs/cabinet-rules.md#verified-records): every archived row of each chain from its first, against its
 * keyed digest and the previous row's, then the seam: the archive's row at the live cut must carry the
 * cut's digest, so archive and live verify as one chain. Also the archived rows the money audit needs.
 * Rows the archive holds beyond the cut (a batch a crash cut short) are still live and checked there.
 */
import { existsSync } from 'node:fs';
import type { ArchivedChain } from '../core/model/journal-archive.ts';
import type { RecordBreak } from '../core/model/record-check.ts';
import { errorCodeOf } from '../core/model/storage-error-code.ts';
import { ARCHIVED_CHAINS, archivePathOf, JournalArchiveFile } from './journal-archive-file.ts';
import { CHAINS } from './record-chain-columns.ts';
import type { RecordChain } from './record-chain.ts';

const PAGE = 2000;

function openReadOnly(journalPath: string): JournalArchiveFile | null {
  const path = archivePathOf(journalPath);
  if (!existsSync(path)) return null;
  const file = JournalArchiveFile.open(path, { readOnly: true });
  if (!file.hasSchema()) {
    file.close();
    return null;
  }
  return file;
}

/** An archive that cannot be read at all: its SQLite or OS code, never the driver's sentence. */
function unreadable(error: unknown): RecordBreak {
  return { table: 'rounds', rowId: 0, problem: { code: 'archive-unreadable', error: errorCodeOf(error) } };
}

/** Every archived row up to each live cut, and the seam to the live journal. */
export function verifyArchive(
  journalPath: string,
  chain: RecordChain,
  limit: number,
): { rowsChecked: number; breaks: RecordBreak[] } {
  const breaks: RecordBreak[] = [];
  let rowsChecked = 0;
  let file: JournalArchiveFile | null;
  try {
    file = openReadOnly(journalPath);
  } catch (error) {
    return { rowsChecked, breaks: [unreadable(error)] };
  }
  try {
    for (const c of ARCHIVED_CHAINS) {
      const cut = chain.cut(c);
      if (!cut) continue; // nothing of this chain moved (a damaged cut is the live chain's break)
      const start = file?.start(c) ?? null;
      if (!file || !start) {
        breaks.push({
          table: c,
          rowId: cut.throughId,
          problem: { code: 'archive-missing', throughId: cut.throughId },
        });
        continue;
      }
      if (start.afterId > 0) {
        breaks.push({
          table: c,
          rowId: start.afterId,
          problem: { code: 'archive-starts-late', afterId: start.afterId },
        });
      }
      const r = verifyChain(file, chain, c, start.afterDigest, start.afterId, cut.throughId, limit - breaks.length);
      rowsChecked += r.rows;
      breaks.push(...r.breaks);
      const atCut = cut.throughId === start.afterId ? start.afterDigest : file.row(c, cut.throughId)?.chain_digest;
      if (atCut !== cut.digest) {
        breaks.push({
          table: c,
          rowId: cut.throughId,
          problem: { code: 'archive-cut-digest-differs' },
        });
      }
      if (breaks.length >= limit) break;
    }
    return { rowsChecked, breaks: breaks.slice(0, limit) };
  } catch (error) {
    return { rowsChecked, breaks: [...breaks, unreadable(error)].slice(0, limit) };
  } finally {
    file?.close();
  }
}

function verifyChain(
  file: JournalArchiveFile,
  chain: RecordChain,
  c: ArchivedChain,
  startDigest: string,
  afterId: number,
  throughId: number,
  limit: number,
): { rows: number; breaks: RecordBreak[] } {
  const id = CHAINS[c].idColumn;
  const breaks: RecordBreak[] = [];
  let rows = 0;
  let link = startDigest;
  let after = afterId;
  for (;;) {
    const page = file.rowsAfter(c, after, PAGE).filter((r) => (r[id] as number) <= throughId);
    let rest = page;
    while (rest.length > 0) {
      const check = chain.verifyRows(c, link, rest);
      rows += check.problem === null ? rest.length : check.verified + 1;
      if (check.problem === null) {
        link = rest.at(-1)!.chain_digest as string;
        break;
      }
      const bad = rest[check.verified]!;
      breaks.push({ table: c, rowId: bad[id] as number, problem: check.problem, archived: true });
      if (breaks.length >= limit) return { rows, breaks };
      // As the live check does: the next row links to the bad row's stored digest.
      link = typeof bad.chain_digest === 'string' ? bad.chain_digest : '';
      rest = rest.slice(check.verified + 1);
    }
    if (page.length < PAGE) return { rows, breaks };
    after = page.at(-1)![id] as number;
  }
}

/** The archived rows the money audit reads, oldest first, up to each live cut. */
export function archivedAuditRows<R, E>(
  journalPath: string,
  chain: RecordChain,
  roundColumns: readonly string[],
): { rounds: R[]; events: E[] } {
  const file = openReadOnly(journalPath);
  if (!file) return { rounds: [], events: [] };
  try {
    const roundsCut = chain.cut('rounds')?.throughId ?? 0;
    const eventsCut = chain.cut('events')?.throughId ?? 0;
    return {
      rounds: file.auditColumns<R>('rounds', roundColumns, `WHERE round_id <= ${roundsCut}`),
      events: file.auditColumns<E>(
        'events',
        ['id', 'kind', 'code'],
        `WHERE id <= ${eventsCut} AND kind IN ('power-up', 'door')`,
      ),
    };
  } finally {
    file.close();
  }
}
