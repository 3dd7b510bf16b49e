/**
 * Bounded journal growth (docs/cabinet-rules.md#retention-and-archive): rounds beyond the venue's
 * `journal.retainRounds`, and the event-log rows written before the oldest round that stays, move to
 * `<journal>.archive` in bounded batches. The ledger never moves (the money identity, the running
 * balances and the RAM clear's verified payout stay checkable from the live journal alone).
 *
 * One batch, crash-safe in this order:
 *  1. the rows are read from the live journal and their chained digests checked, from the cut's link;
 *     a row that does not verify stops the batch before it (it stays live, where the audit names it);
 *  2. the archive commits them (one transaction in the archive file);
 *  3. the live journal deletes them, records the new cut (last id and digest per chain, keyed) and
 *     the `journal-archived` event (one transaction in the journal).
 * A crash between 2 and 3 leaves rows in both files and no new cut: the next run finds the archive
 * ahead of the cut, checks those rows are the live ones, and finishes that batch before any other.
 * No row is lost (the live copy goes only after the archive's commit) or doubled (the next run ends it).
 *
 * An archive that cannot be read, or does not continue the live chains (a flipped page, a file left
 * beside a fresh journal), is renamed aside, kept, and a new archive starts at the live cut.
 *
 * A little over 400 lines: the batch's three steps and the recovery of a batch a crash interrupted share
 * their reads and checks, and read best in one file beside the ordering rules above.
 */
import { existsSync, renameSync } from 'node:fs';
import {
  ArchiveError,
  type ArchiveChainState,
  type ArchivedChain,
  type ArchivedRow,
  type ArchiveProblem,
  type ArchiveRunRequest,
  type ArchiveRunResult,
} from '../core/model/journal-archive.ts';
import type { EventMessage } from '../core/model/journal-message.ts';
import type { RecordProblem } from '../core/model/record-check.ts';
import { errorCodeOf } from '../core/model/storage-error-code.ts';
import type { Database } from './database.ts';
import type { EventLogStore } from './event-log-store.ts';
import { ARCHIVED_CHAINS, archivePathOf, JournalArchiveFile, type ArchiveChainStart } from './journal-archive-file.ts';
import { GENESIS, type ChainValue, type RecordChain } from './record-chain.ts';
import { CHAINS } from './record-chain-columns.ts';

type Row = Record<string, ChainValue>;

/** The first live row beyond the retention that does not verify, and why: it and every later row stay live. */
interface Blocked {
  readonly table: ArchivedChain;
  readonly rowId: number;
  readonly problem: RecordProblem;
}

/** How many of the archive's newest rows per chain each run checks against the chain (the full check is the audit's). */
const ARCHIVE_TAIL_CHECK = 32;
/** More rows than one batch can hold: an interrupted batch is read whole. */
const PENDING_LIMIT = 1_000_000;

/** SQLite's words for a file that is not a sound database (the archive is then set aside, never written). */
function isDamage(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { errcode } = error as Error & { errcode?: unknown };
  const primary = typeof errcode === 'number' ? errcode & 0xff : -1;
  // SQLITE_CORRUPT 11, SQLITE_NOTADB 26; a broken schema reads as "malformed".
  return primary === 11 || primary === 26 || /malformed|not a database/i.test(error.message);
}

/** What a run keeps of an error: its code, never the driver's sentence. */
function problemOf(error: unknown): ArchiveProblem {
  if (error instanceof ArchiveError) return error.problem;
  return { code: isDamage(error) ? 'archive-unreadable' : 'archive-write-failed', error: errorCodeOf(error) };
}

/** The archive does not continue the live chains: it is set aside. */
class Mismatch extends ArchiveError {}

interface ChainBatch {
  readonly chain: ArchivedChain;
  /** The live cut before this batch: the archive's start for a chain it does not hold yet. */
  readonly start: ArchiveChainStart;
  readonly rows: Row[];
}

export class JournalArchiver {
  private readonly db: Database;
  private readonly chain: RecordChain;
  private readonly events: EventLogStore;
  private readonly path: string;
  private file: JournalArchiveFile | null = null;
  /** The last blocked row or write failure reported, so a run repeating it writes no new event. */
  private lastReported: string | null = null;

  constructor(db: Database, chain: RecordChain, events: EventLogStore, journalPath: string) {
    this.db = db;
    this.chain = chain;
    this.events = events;
    this.path = archivePathOf(journalPath);
  }

  close(): void {
    this.file?.close();
    this.file = null;
  }

  // ------------------------------------------------------------- reading

  /** The archive's chains, read through the open handle or a read-only one (nothing when there is no file). */
  state(): ArchiveChainState[] {
    return this.read((f) => f.state(), []);
  }

  rows(chain: ArchivedChain, afterId: number, limit: number): ArchivedRow[] {
    return this.read((f) => f.rowsAfter(chain, afterId, limit), []);
  }

  private read<T>(fn: (f: JournalArchiveFile) => T, none: T): T {
    if (this.file) return fn(this.file);
    if (!existsSync(this.path)) return none;
    const f = JournalArchiveFile.open(this.path, { readOnly: true });
    try {
      return f.hasSchema() ? fn(f) : none;
    } finally {
      f.close();
    }
  }

  // ------------------------------------------------------------- one run

  run(request: ArchiveRunRequest): ArchiveRunResult {
    for (const c of ARCHIVED_CHAINS) {
      // A damaged cut is the live chain's break (verifyRecent names it); nothing moves past it.
      if (this.liveCut(c) === null) {
        return { outcome: 'blocked', table: c, rowId: 0, problem: { code: 'archive-cut-damaged', chain: c } };
      }
    }
    let batches: ChainBatch[];
    let resumed: boolean;
    try {
      // No archive file yet: the plan needs none, and none is made for a run that moves nothing.
      const file = this.file ?? (existsSync(this.path) ? this.openFile() : null);
      ({ batches, resumed } = this.planBatches(file, request));
    } catch (error) {
      if (error instanceof Mismatch || isDamage(error)) return this.setAside(error, request.at);
      return this.failed(problemOf(error), request.at);
    }
    const verified = this.verified(batches);
    if (verified.blocked && verified.batches.every((b) => b.rows.length === 0)) {
      return this.report(verified.blocked, request.at);
    }
    const moving = verified.batches.filter((b) => b.rows.length > 0);
    if (moving.length === 0) return { outcome: 'nothing-to-do' };
    try {
      this.openFile().append(moving, request.at);
    } catch (error) {
      if (isDamage(error)) return this.setAside(error, request.at);
      return this.failed(problemOf(error), request.at);
    }
    return this.commitLive(moving, resumed, request.at);
  }

  /** The live cut of a chain: id and digest (0 and genesis when nothing moved yet); null when damaged. */
  private liveCut(c: ArchivedChain): ArchiveChainStart | null {
    const cut = this.chain.cut(c);
    if (cut) return { afterId: cut.throughId, afterDigest: cut.digest };
    return this.cutRowExists(c) ? null : { afterId: 0, afterDigest: GENESIS };
  }

  private cutRowExists(c: ArchivedChain): boolean {
    return (this.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM record_chain_cut WHERE chain = ?', c)?.n ?? 0) > 0;
  }

  private openFile(): JournalArchiveFile {
    this.file ??= JournalArchiveFile.open(this.path);
    return this.file;
  }

  /**
   * What this run moves, per chain. An archive ahead of the live cut holds a batch a crash cut short:
   * exactly those rows are moved again (after checking they are the live ones). Otherwise rounds up to
   * the newest beyond the retention (finished ones only), and events written before the first round
   * that stays live after this batch. Throws Mismatch when the archive does not continue the live chains.
   */
  private planBatches(
    file: JournalArchiveFile | null,
    request: ArchiveRunRequest,
  ): { batches: ChainBatch[]; resumed: boolean } {
    const pending = new Map<ArchivedChain, number>();
    const starts = new Map<ArchivedChain, ArchiveChainStart>();
    for (const c of ARCHIVED_CHAINS) {
      const cut = this.liveCut(c) as ArchiveChainStart;
      starts.set(c, cut);
      const ahead = this.checkContinues(file, c, cut);
      if (ahead > cut.afterId) pending.set(c, ahead);
    }
    if (pending.size > 0) {
      const batches = ARCHIVED_CHAINS.map((c) => {
        const start = starts.get(c)!;
        const through = pending.get(c) ?? start.afterId;
        const rows = this.liveRows(c, start.afterId, through, PENDING_LIMIT);
        const held = file?.rowsAfter(c, start.afterId, PENDING_LIMIT) ?? [];
        if (held.length !== rows.length || held.some((h, i) => !sameRow(c, h, rows[i]!))) {
          throw new Mismatch({ code: 'archive-rows-differ', chain: c, afterId: start.afterId });
        }
        return { chain: c, start, rows };
      });
      return { batches, resumed: true };
    }
    const roundsStart = starts.get('rounds')!;
    // Round ids are unique, so a live id range no wider than the retention holds no round beyond it: two index
    // lookups instead of stepping over `retainRounds` rows (every row, when the journal is within its retention).
    const span = this.db.get<{ lo: number | null; hi: number | null }>(
      'SELECT MIN(round_id) AS lo, MAX(round_id) AS hi FROM rounds',
    );
    const within = span?.lo == null || span.hi == null || span.hi - span.lo + 1 <= request.retainRounds;
    const newestToMove = within
      ? undefined
      : this.db.get<{ id: number }>(
          'SELECT round_id AS id FROM rounds ORDER BY round_id DESC LIMIT 1 OFFSET ?',
          request.retainRounds,
        )?.id;
    let rounds: Row[] = [];
    if (newestToMove !== undefined && newestToMove > roundsStart.afterId) {
      rounds = this.liveRows('rounds', roundsStart.afterId, newestToMove, request.maxRounds);
      // Only finished rounds move (an open round is never beyond the retention, but never move one).
      const open = rounds.findIndex((r) => r.status !== 'settled' && r.status !== 'voided');
      if (open >= 0) rounds = rounds.slice(0, open);
    }
    const lastMoved = rounds.at(-1)?.round_id as number | undefined;
    const throughRound = lastMoved ?? roundsStart.afterId;
    // Events move only before the first round that stays live: its lock time is the boundary.
    const firstKept = this.db.get<{ at: string }>(
      'SELECT started_at AS at FROM rounds WHERE round_id > ? ORDER BY round_id LIMIT 1',
      throughRound,
    )?.at;
    const eventsStart = starts.get('events')!;
    let events: Row[] = [];
    if (firstKept !== undefined && throughRound > 0) {
      const before = this.db.get<{ id: number }>(
        'SELECT id FROM events WHERE at < ? ORDER BY at DESC, id DESC LIMIT 1',
        firstKept,
      )?.id;
      if (before !== undefined && before > eventsStart.afterId) {
        events = this.liveRows('events', eventsStart.afterId, before, request.maxEvents);
      }
    }
    return {
      batches: [
        { chain: 'rounds', start: roundsStart, rows: rounds },
        { chain: 'events', start: eventsStart, rows: events },
      ],
      resumed: false,
    };
  }

  /**
   * The archive must continue the live chain: hold the cut's row with the cut's digest (or start exactly
   * at the cut), and its newest rows must verify. Returns the archive's last id (above the cut: a batch
   * a crash cut short). Throws Mismatch otherwise.
   */
  private checkContinues(file: JournalArchiveFile | null, c: ArchivedChain, cut: ArchiveChainStart): number {
    const start = file?.start(c) ?? null;
    if (!file || !start) {
      if (cut.afterId > 0) {
        throw new Mismatch({ code: 'archive-empty', chain: c, cutId: cut.afterId });
      }
      return 0;
    }
    const tail = file.tail(c)!;
    if (start.afterId > cut.afterId || tail.id < cut.afterId) {
      throw new Mismatch({
        code: 'archive-short',
        chain: c,
        firstId: start.afterId + 1,
        lastId: tail.id,
        cutId: cut.afterId,
      });
    }
    const atCut = cut.afterId === start.afterId ? start.afterDigest : (file.row(c, cut.afterId)?.chain_digest ?? null);
    if (atCut !== cut.afterDigest) {
      throw new Mismatch({ code: 'archive-cut-digest-differs', chain: c, rowId: cut.afterId });
    }
    const newest = file
      .rowsAfter(c, Math.max(start.afterId, tail.id - ARCHIVE_TAIL_CHECK), ARCHIVE_TAIL_CHECK + 1)
      .map((r) => ({ ...r }));
    if (newest.length > 0) {
      const firstId = newest[0]![CHAINS[c].idColumn] as number;
      const link = firstId - 1 === start.afterId ? start.afterDigest : (file.row(c, firstId - 1)?.chain_digest ?? null);
      const check = this.chain.verifyRows(c, typeof link === 'string' ? link : '', newest);
      if (check.problem) throw new Mismatch({ code: 'archive-rows-unverified', chain: c, problem: check.problem });
    }
    return tail.id;
  }

  private liveRows(c: ArchivedChain, afterId: number, throughId: number, limit: number): Row[] {
    const def = CHAINS[c];
    return this.db.all<Row>(
      `SELECT ${def.columns.join(', ')}, chain_digest FROM ${def.table}
       WHERE ${def.idColumn} > ? AND ${def.idColumn} <= ? ORDER BY ${def.idColumn} LIMIT ?`,
      afterId,
      throughId,
      limit,
    );
  }

  /** Each batch cut to the rows that verify from the cut's link; the first row that does not, if any. */
  private verified(batches: ChainBatch[]): {
    batches: ChainBatch[];
    blocked: Blocked | null;
  } {
    let blocked: Blocked | null = null;
    const out = batches.map((b) => {
      const check = this.chain.verifyRows(b.chain, b.start.afterDigest, b.rows);
      if (check.problem === null) return b;
      const bad = b.rows[check.verified]!;
      blocked ??= { table: b.chain, rowId: bad[CHAINS[b.chain].idColumn] as number, problem: check.problem };
      return { ...b, rows: b.rows.slice(0, check.verified) };
    });
    return { batches: out, blocked };
  }

  /** The live journal's one transaction: delete the archived rows, record the cut, log the batch. */
  private commitLive(batches: ChainBatch[], resumed: boolean, at: string): ArchiveRunResult {
    const moved = { rounds: 0, events: 0, throughRoundId: 0, throughEventId: 0 };
    for (const c of ARCHIVED_CHAINS) {
      const cut = this.chain.cut(c);
      if (c === 'rounds') moved.throughRoundId = cut?.throughId ?? 0;
      else moved.throughEventId = cut?.throughId ?? 0;
    }
    // The ledger's and refunds' round_id name archived rounds: the keys hold across the two files, which
    // SQLite cannot check, so foreign keys are off for this one transaction (they cannot change inside one).
    this.db.exec('PRAGMA foreign_keys = OFF');
    try {
      this.db.transaction(() => {
        for (const b of batches) {
          const def = CHAINS[b.chain];
          const last = b.rows.at(-1)!;
          const lastId = last[def.idColumn] as number;
          const deleted = this.db.run(
            `DELETE FROM ${def.table} WHERE ${def.idColumn} > ? AND ${def.idColumn} <= ?`,
            b.start.afterId,
            lastId,
          ).changes;
          if (deleted !== b.rows.length) {
            throw new ArchiveError({
              code: 'archive-delete-mismatch',
              chain: b.chain,
              deleted,
              archived: b.rows.length,
            });
          }
          this.chain.recordCut(b.chain, lastId, last.chain_digest as string, at);
          if (b.chain === 'rounds') {
            moved.rounds = b.rows.length;
            moved.throughRoundId = lastId;
          } else {
            moved.events = b.rows.length;
            moved.throughEventId = lastId;
          }
        }
        const m: EventMessage = { code: 'journal-archived', ...moved, resumed };
        this.events.append('journal-archive', at, m);
      });
    } finally {
      this.db.exec('PRAGMA foreign_keys = ON');
    }
    this.lastReported = null;
    return { outcome: 'moved', ...moved, resumed };
  }

  private setAside(error: unknown, at: string): ArchiveRunResult {
    this.close();
    const stamp = at.replace(/[-:.]/g, '');
    const keptAs = `${this.path}.set-aside-${stamp}`;
    // The WAL and index go with it (first, so a stale WAL is never replayed into a new archive).
    for (const suffix of ['-wal', '-shm']) {
      if (existsSync(this.path + suffix)) renameSync(this.path + suffix, keptAs + suffix);
    }
    const existed = existsSync(this.path);
    if (existed) renameSync(this.path, keptAs);
    const cause = problemOf(error);
    const problem: ArchiveProblem =
      existed || !('error' in cause) ? cause : { code: 'archive-file-missing', error: cause.error };
    // The new archive starts at the live cut: the rows before it are in the file kept aside. A disk that
    // cannot make it is a failed run (reported below); the next run tries again with no file.
    let started: ArchiveProblem | null = null;
    try {
      this.openFile().append(
        ARCHIVED_CHAINS.map((c) => ({ chain: c, start: this.liveCut(c)!, rows: [] })),
        at,
      );
    } catch (startError) {
      this.close();
      started = problemOf(startError);
    }
    // Nothing was renamed and no new archive could start: only the failure is worth a record.
    if (started !== null && !existed) return this.failed(started, at);
    this.db.transaction(() => {
      this.events.append('journal-archive', at, {
        code: 'journal-archive-set-aside',
        keptAs: existed ? keptAs : '',
        problem,
      });
    });
    if (started !== null) return this.failed(started, at);
    return { outcome: 'set-aside', problem, keptAs: existed ? keptAs : '' };
  }

  private report(blocked: Blocked, at: string): ArchiveRunResult {
    const key = `blocked ${blocked.table} ${blocked.rowId}`;
    if (this.lastReported !== key) {
      this.db.transaction(() => {
        this.events.append('journal-archive', at, {
          code: 'journal-archive-blocked',
          table: blocked.table,
          rowId: blocked.rowId,
          problem: blocked.problem,
        });
      });
      this.lastReported = key;
    }
    return { outcome: 'blocked', ...blocked };
  }

  private failed(problem: ArchiveProblem, at: string): ArchiveRunResult {
    this.close();
    const key = `failed ${JSON.stringify(problem)}`;
    if (this.lastReported !== key) {
      this.db.transaction(() => {
        this.events.append('journal-archive', at, {
          code: 'journal-archive-failed',
          problem,
        });
      });
      this.lastReported = key;
    }
    return { outcome: 'failed', problem };
  }
}

function sameRow(c: ArchivedChain, a: Row, b: Row): boolean {
  return [...CHAINS[c].columns, 'chain_digest'].every((col) => (a[col] ?? null) === (b[col] ?? null));
}
