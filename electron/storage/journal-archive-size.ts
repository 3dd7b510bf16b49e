/**
 * How big a journal or archive file is, for the retention benchmark (bench/journal-retention.bench.ts,
 * docs/cabinet-rules.md#retention-and-archive): the file with its WAL folded in, the pages in use (SQLite
 * keeps freed pages and reuses them, so a journal whose old rows moved stops growing rather than
 * shrinking), the bytes per table where SQLite has `dbstat`, and the size a VACUUM would give.
 */
import { statSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';

export interface FileFigures {
  readonly fileBytes: number;
  readonly usedBytes: number;
  /** The largest tables and indexes, bytes each (empty when this SQLite has no dbstat). */
  readonly tables: Readonly<Record<string, number>>;
}

export function fileFigures(path: string): FileFigures {
  const db = new DatabaseSync(path);
  try {
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    const pageSize = (db.prepare('PRAGMA page_size').get() as { page_size: number }).page_size;
    const pages = (db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count;
    const free = (db.prepare('PRAGMA freelist_count').get() as { freelist_count: number }).freelist_count;
    const tables: Record<string, number> = {};
    try {
      const rows = db
        .prepare('SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC')
        .all() as Array<{ name: string; bytes: number }>;
      for (const r of rows.slice(0, 8)) tables[r.name] = r.bytes;
    } catch {
      // This SQLite was built without the dbstat table: no per-table figures.
    }
    return { fileBytes: statSync(path).size, usedBytes: (pages - free) * pageSize, tables };
  } finally {
    db.close();
  }
}

/** The size of a VACUUMed copy written to `copyPath` (the file itself is not changed). */
export function vacuumedBytes(path: string, copyPath: string): number {
  const db = new DatabaseSync(path);
  try {
    db.prepare('VACUUM INTO ?').run(copyPath);
  } finally {
    db.close();
  }
  return statSync(copyPath).size;
}
