/**
 * Test-only damage to a journal FILE, below SQLite, the way a bad disk or RAM cell would do it: one
 * flipped byte in the header, in the schema page or in a table's page; a truncated file; a folder
 * where the file should be. The journal must be closed; the WAL is checkpointed into the file first,
 * so the flipped byte is the only copy of that page (docs/cabinet-rules.md#damaged-journal).
 */
import { mkdirSync, readFileSync, renameSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';

export type FileDamage = 'header' | 'schema-page' | 'data-page' | 'truncated' | 'directory';

export const FILE_DAMAGES: readonly FileDamage[] = ['header', 'schema-page', 'data-page', 'truncated', 'directory'];

function checkpoint(path: string): { pageSize: number; ledgerRoot: number; ledgerSql: string } {
  const db = new DatabaseSync(path);
  try {
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    db.exec('PRAGMA journal_mode = DELETE');
    const { page_size: pageSize } = db.prepare('PRAGMA page_size').get() as { page_size: number };
    const { rootpage, sql } = db.prepare("SELECT rootpage, sql FROM sqlite_schema WHERE name = 'ledger'").get() as {
      rootpage: number;
      sql: string;
    };
    return { pageSize, ledgerRoot: rootpage, ledgerSql: sql };
  } finally {
    db.close();
  }
}

function schemaBroken(path: string): boolean {
  try {
    const db = new DatabaseSync(path, { readOnly: true });
    try {
      db.prepare('SELECT count(*) FROM ledger').get();
      return false;
    } finally {
      db.close();
    }
  } catch {
    return true;
  }
}

function flipByte(path: string, offset: number): void {
  const bytes = readFileSync(path);
  bytes[offset] = bytes[offset]! ^ 0xff;
  writeFileSync(path, bytes);
}

/** Damages the closed journal at `path` in the way named; returns where (for the test's message). */
export function damageJournalFile(path: string, how: FileDamage): string {
  if (how === 'directory') {
    renameSync(path, `${path}.moved-for-test`);
    mkdirSync(path);
    return 'a folder at the journal path';
  }
  const { pageSize, ledgerRoot, ledgerSql } = checkpoint(path);
  switch (how) {
    case 'header':
      // The first byte of "SQLite format 3": SQLite no longer sees a database.
      flipByte(path, 0);
      return 'byte 0 (header)';
    case 'schema-page': {
      // A byte of the ledger's live CREATE TABLE text in the schema table: the schema no longer parses.
      // Older copies of the text may sit in freed space; the live one is the copy whose flip SQLite notices.
      const bytes = readFileSync(path);
      for (let at = bytes.indexOf(ledgerSql); at >= 0; at = bytes.indexOf(ledgerSql, at + 1)) {
        flipByte(path, at + 2);
        if (schemaBroken(path)) return `byte ${at + 2} (schema page ${Math.floor(at / pageSize) + 1})`;
        flipByte(path, at + 2);
      }
      throw new Error('no copy of the ledger schema text is the live one');
    }
    case 'data-page': {
      // The b-tree page type byte of the ledger's root page.
      const offset = (ledgerRoot - 1) * pageSize;
      flipByte(path, offset);
      return `byte ${offset} (ledger root page ${ledgerRoot})`;
    }
    case 'truncated': {
      const size = statSync(path).size;
      truncateSync(path, Math.floor(size / 2));
      return `truncated from ${size} to ${Math.floor(size / 2)} bytes`;
    }
  }
}

/**
 * The b-tree page type byte of another table's root page (`rounds`, `events`): the journal fails its
 * checks and is moved aside, while its ledger stays readable, so what it owed can still be added up.
 */
export function damageTableRootPage(path: string, table: 'rounds' | 'events'): string {
  const { pageSize } = checkpoint(path);
  const db = new DatabaseSync(path, { readOnly: true });
  let root: number;
  try {
    ({ rootpage: root } = db.prepare('SELECT rootpage FROM sqlite_schema WHERE name = ?').get(table) as {
      rootpage: number;
    });
  } finally {
    db.close();
  }
  const offset = (root - 1) * pageSize;
  flipByte(path, offset);
  return `byte ${offset} (${table} root page ${root})`;
}

/**
 * The b-tree page type byte of a leaf page in the middle of the `rounds` table, one that holds the round `roundId`:
 * a page start-up's reads never reach (they read each table's edges and the newest rows), so only the whole-file
 * check finds it (docs/cabinet-rules.md#damaged-journal).
 */
export function damageMiddleRoundsPage(path: string, roundId: number): string {
  const { pageSize } = checkpoint(path);
  const db = new DatabaseSync(path, { readOnly: true });
  let startedAt: string;
  try {
    ({ started_at: startedAt } = db.prepare('SELECT started_at FROM rounds WHERE round_id = ?').get(roundId) as {
      started_at: string;
    });
  } finally {
    db.close();
  }
  const bytes = readFileSync(path);
  const LEAF_TABLE_PAGE = 0x0d;
  for (let at = bytes.indexOf(startedAt); at >= 0; at = bytes.indexOf(startedAt, at + 1)) {
    const page = Math.floor(at / pageSize);
    // A table leaf holding the round's row (its `started_at` column; the index and the ledger rows hold it too).
    if (page > 0 && bytes[page * pageSize] === LEAF_TABLE_PAGE && bytes.includes('"cards', page * pageSize)) {
      const cell = bytes.subarray(page * pageSize, (page + 1) * pageSize);
      if (!cell.includes('"dealOrder"')) continue;
      flipByte(path, page * pageSize);
      return `byte ${page * pageSize} (rounds leaf page ${page + 1})`;
    }
  }
  throw new Error(`no rounds leaf page holds round ${roundId}`);
}
