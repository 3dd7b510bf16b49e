/**
 * Moving a damaged journal aside (docs/cabinet-rules.md#damaged-journal). A journal that fails its
 * checks is never written again and never deleted: it is renamed, with its -wal, -shm and record key, to
 * `<journal>.damaged-<timestamp>` (kept for forensics), a best-effort export of what is still
 * readable is written beside it, and the cabinet starts on a fresh journal locked in a
 * memory-error tilt that only a technician's RAM clear ends.
 *
 * Power may fail at any point of this. A marker file `<journal>.ram-error.json`, written and synced
 * BEFORE the rename, carries the diagnosis; start-up finishes a move the marker describes, and the
 * marker goes only after the technician's RAM clear has committed. So the lock survives every
 * power loss: either the damaged file is still in place (checked again) or the marker is. A power
 * loss between the RAM clear's commit and the marker's removal asks for one more RAM clear: the
 * safe side.
 */
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { syncFolder, writeFileDurably } from './durable-file.ts';
import path from 'node:path';
import type { TiltReason } from '../core/model/journal-message.ts';
import { checkJournal, PROOF_OF, type JournalDamage } from './journal-check.ts';
import { fileSha256, salvageJournal, type SalvageReport } from './journal-salvage.ts';

export interface QuarantinedJournal extends JournalDamage {
  readonly journalPath: string;
  /** Where the damaged file now is. */
  readonly damagedPath: string;
  readonly sha256: string | null;
  /** The export of the readable rows, beside the damaged file. */
  readonly salvagePath: string;
  readonly salvage: SalvageReport | null;
  readonly at: string;
  /**
   * Set when the whole-file check found the damage while the cabinet ran on the file (journal-file-check.ts): the
   * file could not move then, so the next start moves it, takes its SHA-256 and exports what is readable.
   */
  readonly moveAtNextStart?: boolean;
}

/** The files that belong to one journal: its WAL and shared memory, and the key of its record chain
 * (record-chain-key.ts), so the kept journal can still be verified under its new name. */
const SIDE_FILES = ['-wal', '-shm', '.record-key'] as const;

export function markerPathOf(journalPath: string): string {
  return `${journalPath}.ram-error.json`;
}

/** `2026-12-01T13:40:05.123Z` → `20261201T134005123Z`: sortable, and a legal file name everywhere. */
function stamp(at: string): string {
  return at.replace(/[-:.]/g, '');
}

/**
 * Renames the journal and its side files to the damaged name. The side files go first: a -wal left
 * at the old name without its database could be replayed into the fresh journal. Once the main file
 * has moved, nothing at the old name belongs to the damaged journal any more (a -wal there is the
 * fresh journal's), so a repeated call moves nothing.
 */
function moveAside(journalPath: string, damagedPath: string): void {
  if (!existsSync(journalPath) || existsSync(damagedPath)) return;
  for (const suffix of [...SIDE_FILES, '']) {
    if (existsSync(`${journalPath}${suffix}`) && !existsSync(`${damagedPath}${suffix}`)) {
      renameSync(`${journalPath}${suffix}`, `${damagedPath}${suffix}`);
    }
  }
  syncFolder(path.dirname(journalPath));
}

/** The damage `checkJournal` proved, or null: a sound journal, or one the disk would not read (never damage). */
export function provenDamage(journalPath: string): JournalDamage | null {
  const verdict = checkJournal(journalPath);
  return verdict.kind === 'damaged' ? verdict.damage : null;
}

/**
 * Start-up: returns null for a sound (or new) journal. A damaged one is moved aside as above and
 * described; so is one a marker says was being moved when power failed. `damage` is what proved it
 * (journal-check.ts, or a failure the caller met itself twice while the journal was opened); only proof
 * moves a journal, never a read the disk refused.
 */
export function quarantineIfDamaged(
  journalPath: string,
  clock: () => Date,
  damage: JournalDamage | null,
): QuarantinedJournal | null {
  const marker = markerPathOf(journalPath);
  const pending = pendingQuarantine(journalPath);
  if (pending?.moveAtNextStart === true) return moveMarkedJournal(journalPath, pending);
  if (pending !== null) {
    moveAside(journalPath, pending.damagedPath);
    return pending;
  }
  if (damage === null) return null;
  const record = damagedRecord(journalPath, clock, damage, fileSha256(journalPath));
  writeFileDurably(marker, JSON.stringify(record));
  return moveMarkedJournal(journalPath, record);
}

function damagedRecord(
  journalPath: string,
  clock: () => Date,
  damage: JournalDamage,
  sha256: string | null,
): QuarantinedJournal {
  const at = clock().toISOString();
  const damagedPath = `${journalPath}.damaged-${stamp(at)}`;
  return {
    ...damage,
    journalPath,
    damagedPath,
    sha256,
    salvagePath: `${damagedPath}.salvage.jsonl`,
    salvage: null,
    at,
  };
}

/**
 * The whole-file check found damage in the journal the cabinet runs on (journal-file-check.ts): the marker is
 * written now, so every start from here on is locked, and the next start moves the file aside as above.
 */
export function markDamagedWhileOpen(
  journalPath: string,
  clock: () => Date,
  damage: JournalDamage,
): QuarantinedJournal {
  const record = { ...damagedRecord(journalPath, clock, damage, null), moveAtNextStart: true };
  writeFileDurably(markerPathOf(journalPath), JSON.stringify(record));
  return record;
}

/** Moves the journal a marker names aside, then exports what is readable; the marker is rewritten with both. */
function moveMarkedJournal(journalPath: string, marked: QuarantinedJournal): QuarantinedJournal {
  const marker = markerPathOf(journalPath);
  let record = marked;
  if (record.moveAtNextStart === true) {
    // Still at its path while it was open; its SHA-256 is taken as it is kept, before it moves.
    const sha256 = existsSync(journalPath) ? fileSha256(journalPath) : null;
    record = { ...record, sha256, moveAtNextStart: false };
    writeFileDurably(marker, JSON.stringify(record));
  }
  moveAside(journalPath, record.damagedPath);
  const salvage = record.sizeBytes === null ? null : salvageJournal(record.damagedPath, record.salvagePath);
  const done = { ...record, salvage };
  writeFileDurably(marker, JSON.stringify(done));
  return done;
}

/** After the technician's RAM clear committed: the marker has done its work. */
export function finishQuarantine(journalPath: string): void {
  rmSync(markerPathOf(journalPath), { force: true });
  syncFolder(path.dirname(journalPath));
}

/** The damaged journal a marker says awaits its RAM clear, or null. */
export function pendingQuarantine(journalPath: string): QuarantinedJournal | null {
  const marker = markerPathOf(journalPath);
  return existsSync(marker) ? (JSON.parse(readFileSync(marker, 'utf8')) as QuarantinedJournal) : null;
}

/** The one line the tilt, the event log and the shell's log carry: what failed, and where the evidence is. */
/** The damaged-journal tilt's reason: what proved the damage and the file kept aside (docs/cabinet-rules.md#damaged-journal). */
export function quarantineReason(q: QuarantinedJournal): TiltReason {
  return {
    code: 'journal-damaged',
    // A marker from before proofs were kept names only its check.
    proof: q.proof ?? PROOF_OF[q.check],
    damagedFile: path.basename(q.damagedPath),
    sha256: q.sha256,
  };
}

export function describeQuarantine(q: QuarantinedJournal): string {
  const counts =
    q.salvage === null
      ? 'nothing could be exported'
      : q.salvage.tables === null
        ? `nothing could be exported (${q.salvage.problem ?? 'unreadable'})`
        : `exported ${q.salvage.tables.reduce((n, t) => n + t.rows, 0)} readable row(s) from ${q.salvage.tables.length} table(s), ${q.salvage.tables.reduce((n, t) => n + t.unreadable, 0)} unreadable spot(s) skipped, to ${path.basename(q.salvagePath)}`;
  return (
    `journal damaged (${q.check} check failed${q.proof ? `, proof ${q.proof}` : ''}: ${q.message}); size ${q.sizeBytes ?? 'n/a'} bytes; ` +
    `kept as ${path.basename(q.damagedPath)} (SHA-256 ${q.sha256 ?? 'n/a'}); ${counts}`
  );
}
