/**
 * Is the journal sound, damaged or unreadable? (docs/cabinet-rules.md#damaged-journal) Always through a
 * fresh read-only connection of its own, never the cabinet's.
 * - `diagnoseJournal`: one pass: a regular non-empty file with the SQLite header, a readable schema and a
 *   clean `PRAGMA quick_check` (or `integrity_check` when asked), or, for the cabinet's own start-up,
 *   `table-edges`: the first and the last row of every table read, so a damaged root page, a truncated
 *   file or a broken b-tree edge is found in a time that does not grow with the journal; the whole file's
 *   `quick_check` then runs beside the running cabinet (journal-file-check.ts,
 *   docs/cabinet-rules.md#damaged-journal). A transient error (journal-read-retry.ts) makes the pass
 *   `unreadable`, never `damaged`.
 * - `checkJournal`: what start-up acts on. Damage counts only when a second pass, with
 *   `PRAGMA integrity_check`, finds it again and every byte of the file can be read: a read the disk
 *   refused can look like a malformed page to SQLite, and moving a healthy journal aside forgets what
 *   the player is owed. Unreadable passes are tried again on TRANSIENT_RETRY_DELAYS_MS.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import type { DamageProof } from '../core/model/journal-message.ts';
import { sleepSync, transientCodeOf, TRANSIENT_RETRY_DELAYS_MS, type TransientCode } from './journal-read-retry.ts';

export type JournalCheck = 'file' | 'open' | 'quick-check' | 'schema' | 'start-up';

export type { DamageProof };

export interface JournalDamage {
  /**
   * Which check failed: not a readable file, SQLite refused to open it, quick_check, the schema, or the
   * file passed those but its content broke the cabinet's start-up.
   */
  readonly check: JournalCheck;
  /** Which proof confirmed it (older markers have none). */
  readonly proof?: DamageProof;
  /** SQLite's (or the file system's) own words. */
  readonly message: string;
  /** The size of the file in bytes (null for something that is not a file). */
  readonly sizeBytes: number | null;
}

export type JournalDiagnosis =
  | { readonly kind: 'sound' }
  | { readonly kind: 'damaged'; readonly damage: JournalDamage }
  | { readonly kind: 'unreadable'; readonly code: TransientCode };

const SQLITE_HEADER = 'SQLite format 3\0';
const SOUND: JournalDiagnosis = { kind: 'sound' };

export const PROOF_OF: Readonly<Record<JournalCheck, DamageProof>> = {
  file: 'file',
  open: 'header',
  schema: 'schema',
  'quick-check': 'integrity-check',
  'start-up': 'start-up',
};

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A thrown error as a verdict: transient is `unreadable`, anything else is the damage the check names. */
export function failed(error: unknown, check: JournalCheck, sizeBytes: number | null): JournalDiagnosis {
  const code = transientCodeOf(error);
  if (code !== null) return { kind: 'unreadable', code };
  return { kind: 'damaged', damage: { check, proof: PROOF_OF[check], message: messageOf(error), sizeBytes } };
}

/**
 * quick_check's and integrity_check's words for a page the disk would not deliver: "unable to get the page. error
 * code=N" with N an SQLITE_IOERR code (its low byte 10; 8458 is SQLITE_IOERR_READ). The check then judged bytes it
 * never read, so its verdict is `unreadable` just now, never damage.
 */
const PAGE_NOT_READ = /unable to get the page\. error code=(\d+)/;
const SQLITE_IOERR = 10;

export function pageReadRefused(line: string): boolean {
  const code = PAGE_NOT_READ.exec(line)?.[1];
  return code !== undefined && (Number(code) & 0xff) === SQLITE_IOERR;
}

function damaged(check: JournalCheck, message: string, sizeBytes: number | null): JournalDiagnosis {
  return { kind: 'damaged', damage: { check, proof: PROOF_OF[check], message, sizeBytes } };
}

/** What one pass reads beyond the file, header and schema: every page (two strengths), or each table's edges. */
export type JournalPass = 'quick_check' | 'integrity_check' | 'table-edges';

/** The lines of SQLite's check that are not `ok`. */
export function problemsOf(rows: ReadonlyArray<Record<string, unknown>>): string[] {
  return rows.map((row) => String(Object.values(row)[0])).filter((line) => line !== 'ok');
}

/** The verdict on a check's problem lines: sound, a page the disk would not deliver, or damage. */
export function verdictOf(problems: readonly string[], sizeBytes: number): JournalDiagnosis {
  if (problems.some(pageReadRefused)) return { kind: 'unreadable', code: 'SQLITE_IOERR' };
  if (problems.length > 0) {
    const shown = problems.slice(0, 5).join('; ');
    return damaged('quick-check', problems.length > 5 ? `${shown}; …` : shown, sizeBytes);
  }
  return SOUND;
}

/** The first and last row of every rowid table: the root page and both edges of each b-tree, whatever its size. */
function readTableEdges(db: DatabaseSync): void {
  const tables = db
    .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all() as Array<{ name: string }>;
  for (const { name } of tables) {
    const quoted = `"${name.replace(/"/g, '""')}"`;
    db.prepare(`SELECT * FROM ${quoted} ORDER BY rowid LIMIT 1`).all();
    db.prepare(`SELECT * FROM ${quoted} ORDER BY rowid DESC LIMIT 1`).all();
  }
}

/** One pass over the journal: sound (or new: no file yet), damaged, or unreadable just now. */
export function diagnoseJournal(path: string, pragma: JournalPass = 'quick_check'): JournalDiagnosis {
  let size: number;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) return damaged('file', `${path} is not a regular file`, null);
    size = stat.size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return SOUND;
    return failed(error, 'file', null);
  }
  // SQLite treats an empty file as a new database: a journal truncated to nothing would start over unseen.
  if (size === 0) return damaged('file', 'the journal file is empty (truncated to 0 bytes)', 0);
  const header = Buffer.alloc(SQLITE_HEADER.length);
  try {
    const fd = openSync(path, 'r');
    try {
      readSync(fd, header, 0, header.length, 0);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    return failed(error, 'open', size);
  }
  if (header.toString('latin1') !== SQLITE_HEADER) {
    return damaged('open', 'file is not a database (the SQLite header is damaged)', size);
  }
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(path, { readOnly: true });
  } catch (error) {
    return failed(error, 'open', size);
  }
  try {
    try {
      db.prepare('SELECT count(*) FROM sqlite_schema').get();
    } catch (error) {
      return failed(error, 'schema', size);
    }
    try {
      if (pragma === 'table-edges') {
        readTableEdges(db);
        return SOUND;
      }
      return verdictOf(problemsOf(db.prepare(`PRAGMA ${pragma}`).all() as Array<Record<string, unknown>>), size);
    } catch (error) {
      return failed(error, 'quick-check', size);
    }
  } finally {
    db.close();
  }
}

/**
 * The transient code of the first read that fails over the whole file and its WAL, or null when every
 * byte could be read: damage is only believed of a file the disk delivers.
 */
export function unreadableBytes(path: string): TransientCode | null {
  const chunk = Buffer.alloc(1 << 20);
  for (const file of [path, `${path}-wal`]) {
    try {
      const fd = openSync(file, 'r');
      try {
        while (readSync(fd, chunk, 0, chunk.length, null) > 0);
      } finally {
        closeSync(fd);
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      const code = transientCodeOf(error);
      if (code !== null) return code;
    }
  }
  return null;
}

export interface CheckSchedule {
  /** The waits between tries after a transient error. */
  readonly delaysMs: readonly number[];
  readonly sleep: (ms: number) => void;
}

export const START_UP_SCHEDULE: CheckSchedule = { delaysMs: TRANSIENT_RETRY_DELAYS_MS, sleep: sleepSync };

/**
 * What start-up acts on: sound, damaged (found by a quick pass, `firstPass`, confirmed by `integrity_check` on a
 * second pass over a file whose every byte reads), or unreadable after every try of the schedule.
 * `diagnose` is the one pass (tests of the rule give a scripted one).
 */
export function checkJournal(
  path: string,
  schedule: CheckSchedule = START_UP_SCHEDULE,
  diagnose: typeof diagnoseJournal = diagnoseJournal,
  firstPass: JournalPass = 'quick_check',
): JournalDiagnosis {
  for (let tried = 0; ; tried++) {
    const first = diagnose(path, firstPass);
    if (first.kind === 'sound') return first;
    const verdict = first.kind === 'damaged' ? confirmed(path, first, diagnose(path, 'integrity_check')) : first;
    if (verdict.kind !== 'unreadable') return verdict;
    const wait = schedule.delaysMs[tried];
    if (wait === undefined) return verdict;
    schedule.sleep(wait);
  }
}

/**
 * The rule after a first pass found damage, shared by start-up and the whole-file check beside the running cabinet:
 * the confirming pass decides, and damage is believed only of a file whose every byte reads; "unreadable" means try
 * again (docs/cabinet-rules.md#damaged-journal).
 */
export function confirmed(
  path: string,
  first: Extract<JournalDiagnosis, { kind: 'damaged' }>,
  confirm: JournalDiagnosis,
): JournalDiagnosis {
  if (confirm.kind !== 'damaged') return confirm;
  const unread = unreadableBytes(path);
  return unread === null
    ? { kind: 'damaged', damage: { ...first.damage, proof: confirm.damage.proof } }
    : { kind: 'unreadable', code: unread };
}
