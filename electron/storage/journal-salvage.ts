/**
 * Reading a journal found damaged (docs/cabinet-rules.md#damaged-journal; journal-check.ts decides
 * that), always through a fresh read-only connection of its own, never the cabinet's:
 * - `salvageJournal`: best-effort export of every row that can still be read, table by table, in
 *   rowid order; a row range SQLite cannot read is stepped over and counted, never fatal.
 */
import { createHash } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** SHA-256 of a file, hex (null for something that is not a readable file). */
export function fileSha256(path: string): string | null {
  try {
    if (!statSync(path).isFile()) return null;
    const hash = createHash('sha256');
    const fd = openSync(path, 'r');
    try {
      const chunk = Buffer.alloc(1 << 16);
      let read: number;
      while ((read = readSync(fd, chunk, 0, chunk.length, null)) > 0) hash.update(chunk.subarray(0, read));
    } finally {
      closeSync(fd);
    }
    return hash.digest('hex');
  } catch {
    return null;
  }
}

export interface SalvagedTable {
  readonly table: string;
  readonly rows: number;
  /** Row ranges SQLite could not read (each stepped over). */
  readonly unreadable: number;
}

export interface SalvageReport {
  /** Null when not even the list of tables could be read. */
  readonly tables: readonly SalvagedTable[] | null;
  readonly problem: string | null;
}

/** How many unreadable spots one table may have before its export stops (a table past that is counted so far). */
const MAX_SKIPS_PER_TABLE = 1000;

function bigintSafe(_key: string, value: unknown): unknown {
  return typeof value === 'bigint'
    ? value.toString()
    : value instanceof Uint8Array
      ? Buffer.from(value).toString('hex')
      : value;
}

/**
 * Writes every readable row of `path` to `outFile` as JSON lines `{"table", "row"}` and returns the
 * counts. Reads with its own read-only connection; never writes to `path`.
 */
export function salvageJournal(path: string, outFile: string): SalvageReport {
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(path, { readOnly: true });
  } catch (error) {
    writeFileSync(outFile, '');
    return { tables: null, problem: messageOf(error) };
  }
  // Row by row to the file, so a large journal never has to fit in memory.
  const out = openSync(outFile, 'w');
  const write = (line: string): void => void writeSync(out, `${line}\n`);
  try {
    let names: string[];
    try {
      names = (
        db
          .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
          .all() as Array<{
          name: string;
        }>
      ).map((row) => row.name);
    } catch (error) {
      return { tables: null, problem: messageOf(error) };
    }
    const tables = names.map((table) => salvageTable(db, table, write));
    fsyncSync(out);
    return { tables, problem: null };
  } finally {
    closeSync(out);
    db.close();
  }
}

function salvageTable(db: DatabaseSync, table: string, write: (line: string) => void): SalvagedTable {
  const quoted = `"${table.replaceAll('"', '""')}"`;
  let rows = 0;
  let unreadable = 0;
  let after: bigint = -(2n ** 63n);
  // Past an unreadable spot the export tries again 1, 2, 4, … rowids further: a damaged page holds many rows.
  let step = 1n;
  let statement;
  try {
    statement = db.prepare(`SELECT rowid AS "__rowid", * FROM ${quoted} WHERE rowid > ? ORDER BY rowid`);
    statement.setReadBigInts(true);
  } catch {
    return { table, rows: 0, unreadable: 1 };
  }
  for (;;) {
    try {
      for (const row of statement.iterate(after) as Iterable<Record<string, unknown>>) {
        after = row.__rowid as bigint;
        step = 1n;
        const { __rowid: _rowid, ...fields } = row;
        write(JSON.stringify({ table, row: fields }, bigintSafe));
        rows++;
      }
      return { table, rows, unreadable };
    } catch {
      unreadable++;
      if (unreadable > MAX_SKIPS_PER_TABLE) return { table, rows, unreadable };
      after += step;
      step *= 2n;
    }
  }
}
