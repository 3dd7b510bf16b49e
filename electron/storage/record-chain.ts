/**
 * The record chain (docs/cabinet-rules.md#verified-records): every ledger row, round record and
 * event-log row carries `chain_digest` = HMAC-SHA-256(cabinet key, chain name, previous row's
 * stored digest, canonical JSON of the row's fields in a fixed column order). One chain per
 * table: a round record is rewritten as it moves locked → dealt → settled, and with one chain over
 * all tables that rewrite would have to re-stamp every ledger and event row written since its lock;
 * per table it re-stamps only rounds after it (none in normal play).
 *
 * Verification is incremental so start-up does not grow with the journal: each chain has a
 * checkpoint in `record_chain` (the last verified row id and its digest, itself keyed). A check
 * reads only the rows after the checkpoint plus the newest `RECENT_ROWS` of each chain; the
 * checkpoint moves forward once `ADVANCE_EVERY` rows have been verified past it. A RAM clear sets
 * the floor: rows up to it were accepted by a technician and are left to the full audit.
 *
 * Rows that moved to the archive (journal-archive.ts) leave a keyed cut (journal-archive-cut.ts): the
 * first live row links to it, so every check here reads the cut where no earlier live row is left.
 * Over 400 lines because writing, incremental and full checks and the cut share the private link and
 * key handling; split, the key would have to leave this class.
 */
import { JournalError } from '../core/model/journal-port.ts';
import {
  RecordBreakError,
  type ChainedTable,
  type RecordBreak,
  type RecordProblem,
  type RecordCheck,
  type VerifiedLedgerState,
} from '../core/model/record-check.ts';
import type { SqlConnection } from './sql-connection.ts';
import { CHAINS, type ChainDef } from './record-chain-columns.ts';
import { readCut, writeCut, type ArchiveCut } from './journal-archive-cut.ts';
import { ChainDigests, sameDigest, type ChainValue } from './record-chain-digests.ts';

export { CHAINS, type ChainDef } from './record-chain-columns.ts';
export { rowDigest, type ChainValue } from './record-chain-digests.ts';

export const CHAIN_NAMES: readonly ChainedTable[] = ['ledger', 'rounds', 'events'];

/** The link before a chain's first row. */
export const GENESIS = 'genesis';
/** How many of each chain's newest rows every check reads, whatever the checkpoint says. */
export const RECENT_ROWS = 32;
/** How many verified rows past the checkpoint before it is moved (one small write). */
export const ADVANCE_EVERY = 64;
const PAGE = 2000;

interface CheckpointRow {
  chain: ChainedTable;
  started_after_id: number;
  verified_through_id: number;
  verified_digest: string;
  floor_id: number;
  mac: string;
}

function same(a: string | null, b: string): boolean {
  return a !== null && sameDigest(a, b);
}

function checkpointMac(digests: ChainDigests, c: Omit<CheckpointRow, 'mac'>): string {
  return digests.mac([
    'checkpoint',
    c.chain,
    String(c.started_after_id),
    String(c.verified_through_id),
    c.verified_digest,
    String(c.floor_id),
  ]);
}

type Row = Record<string, ChainValue> & { chain_digest: string | null };

/** A new key was made (the key file had gone): nothing written before it verifies until a RAM clear. */
const KEY_REPLACED: RecordCheck = {
  ok: false,
  rowsChecked: 0,
  firstBreak: { table: 'record_chain', rowId: 0, problem: { code: 'key-replaced' } },
};

export class RecordChain {
  private readonly db: SqlConnection;
  private readonly key: Buffer | null;
  /** The key imported once, and the digests already computed (record-chain-digests.ts). */
  private readonly digests: ChainDigests | null;
  /** The key file had gone and a new key was made: nothing before it verifies until a RAM clear. */
  private keyLost: boolean;
  /** Per chain, the lowest row id written or re-stamped since a check last covered it (`verifyWritten`). */
  private readonly writtenFrom = new Map<ChainedTable, number>();
  /**
   * Per chain, where the last `verifyRecent` window started without this carry: the next window starts no
   * later, so it covers every row the after-round window used to re-read (docs/cabinet-rules.md#verified-records).
   */
  private readonly lastWindowFrom = new Map<ChainedTable, number>();

  /** `key` null (a read-only open without the key file): nothing verifies and writers refuse. */
  constructor(db: SqlConnection, key: Buffer | null, keyLost = false) {
    this.db = db;
    this.key = key;
    this.digests = key ? new ChainDigests(key) : null;
    this.keyLost = keyLost;
  }

  private requireKey(): Buffer {
    if (!this.key) throw new JournalError('the record-chain key file is missing: the journal cannot be written');
    return this.key;
  }

  private requireDigests(): ChainDigests {
    this.requireKey();
    return this.digests as ChainDigests;
  }

  // ---------------------------------------------------------------- writing

  /** The chain's last row (id 0 and the genesis link when it has none): the next row's id and link. */
  tail(chain: ChainedTable): { id: number; digest: string } {
    return this.lastRow(chain);
  }

  /** The digest of a new last row with these values, given the chain's `tail` read in this transaction. */
  digestAfter(chain: ChainedTable, tail: { digest: string }, values: readonly ChainValue[]): string {
    const digest = this.requireDigests().row(chain, tail.digest, values);
    this.noteWritten(chain, values[0] as number);
    return digest;
  }

  /** A row at `id` was written: the next `verifyWritten` reads it back. */
  private noteWritten(chain: ChainedTable, id: number): void {
    const from = this.writtenFrom.get(chain);
    if (from === undefined || id < from) this.writtenFrom.set(chain, id);
  }

  /**
   * Before a round row is changed: it must still verify, or its damage would be re-stamped as if it
   * were the cabinet's own write. Throws JournalError naming the row.
   */
  requireIntact(chain: ChainedTable, id: number): void {
    const def = CHAINS[chain];
    const digests = this.requireDigests();
    const row = this.db.get<Row>(
      `SELECT ${def.columns.join(', ')}, chain_digest FROM ${def.table} WHERE ${def.idColumn} = ?`,
      id,
    );
    if (!row) return;
    const link = this.linkAtOrBefore(chain, id - 1);
    if (!same(row.chain_digest, digests.row(chain, link, values(def, row)))) {
      throw new RecordBreakError({
        table: chain,
        rowId: id,
        problem: { code: 'digest-mismatch' },
      });
    }
  }

  /** After a round row changed: re-stamps it and every round after it, and keeps the checkpoint on them. */
  restampFrom(chain: ChainedTable, id: number): void {
    const def = CHAINS[chain];
    const digests = this.requireDigests();
    this.noteWritten(chain, id);
    let prev = this.linkAtOrBefore(chain, id - 1);
    const rows = this.db.all<Row>(
      `SELECT ${def.columns.join(', ')}, chain_digest FROM ${def.table} WHERE ${def.idColumn} >= ? ORDER BY ${def.idColumn}`,
      id,
    );
    let oldPrev: string | null = null;
    for (const [i, row] of rows.entries()) {
      const rid = row[def.idColumn] as number;
      // A later row is re-linked only if it verified against the old link: damage is never laundered.
      if (i > 0 && !same(row.chain_digest, digests.row(chain, oldPrev ?? GENESIS, values(def, row)))) {
        throw new JournalError(`${def.table} row ${rid} does not verify; it is not re-stamped`);
      }
      oldPrev = row.chain_digest;
      const digest = digests.row(chain, prev, values(def, row));
      this.db.run(`UPDATE ${def.table} SET chain_digest = ? WHERE ${def.idColumn} = ?`, digest, rid);
      prev = digest;
    }
    const cp = this.checkpoint(chain);
    if (cp && cp.verified_through_id >= id) {
      const d = this.db.get<{ d: string | null }>(
        `SELECT chain_digest AS d FROM ${def.table} WHERE ${def.idColumn} = ?`,
        cp.verified_through_id,
      );
      if (d?.d) this.writeCheckpoint({ ...cp, verified_digest: d.d });
    }
  }

  /** Chains every existing row (migration 6) and records that each chain starts there. */
  chainExisting(at: string): void {
    const digests = this.requireDigests();
    for (const chain of CHAIN_NAMES) {
      const def = CHAINS[chain];
      let prev = GENESIS;
      let last = 0;
      for (const row of this.pageArrays(def, 0, Number.MAX_SAFE_INTEGER)) {
        const rowValues = row.slice(0, def.columns.length);
        prev = digests.row(chain, prev, rowValues);
        last = rowValues[0] as number;
        this.db.run(`UPDATE ${def.table} SET chain_digest = ? WHERE ${def.idColumn} = ?`, prev, last);
      }
      const c = {
        chain,
        started_after_id: last,
        verified_through_id: last,
        verified_digest: last > 0 ? prev : GENESIS,
        floor_id: 0,
      };
      this.db.run(
        `INSERT INTO record_chain (chain, started_after_id, started_at, verified_through_id, verified_digest, floor_id, mac)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
        chain,
        c.started_after_id,
        at,
        c.verified_through_id,
        c.verified_digest,
        c.floor_id,
        checkpointMac(digests, c),
      );
    }
  }

  /** RAM clear: every row written so far is accepted; incremental checks start after them. */
  acceptAllUpToNow(): void {
    this.keyLost = false;
    // Rows up to now are accepted as they are: no later check reads them again as written by this process.
    this.writtenFrom.clear();
    this.lastWindowFrom.clear();
    for (const chain of CHAIN_NAMES) {
      const cp = this.checkpoint(chain);
      if (!cp) continue;
      const last = this.lastRow(chain);
      this.writeCheckpoint({
        ...cp,
        verified_through_id: last.id,
        verified_digest: last.digest,
        floor_id: last.id,
      });
    }
  }

  // -------------------------------------------------------------- verifying

  /**
   * The incremental check: each chain's rows after its checkpoint and its newest `RECENT_ROWS`.
   * When all verify and a checkpoint is `ADVANCE_EVERY` rows behind, it is moved to the last row.
   */
  verifyRecent(): RecordCheck {
    if (this.keyLost) return KEY_REPLACED;
    let rowsChecked = 0;
    const advances: CheckpointRow[] = [];
    for (const chain of CHAIN_NAMES) {
      const cp = this.checkpoint(chain);
      const cpBreak = this.checkpointProblem(chain, cp) ?? this.cutProblem(chain);
      if (cpBreak) return { ok: false, rowsChecked, firstBreak: cpBreak };
      const c = cp as CheckpointRow;
      const last = this.lastRow(chain);
      const window = Math.max(c.floor_id, Math.min(c.verified_through_id, last.id - RECENT_ROWS));
      const from = Math.max(c.floor_id, Math.min(window, this.lastWindowFrom.get(chain) ?? window));
      const r = this.verifyRange(chain, from, Number.MAX_SAFE_INTEGER);
      rowsChecked += r.rows;
      if (r.firstBreak) return { ok: false, rowsChecked, firstBreak: r.firstBreak };
      this.lastWindowFrom.set(chain, window);
      if ((this.writtenFrom.get(chain) ?? 0) > from) this.writtenFrom.delete(chain);
      if (last.id - c.verified_through_id >= ADVANCE_EVERY) {
        advances.push({ ...c, verified_through_id: last.id, verified_digest: last.digest });
      }
    }
    if (advances.length > 0) {
      const write = () => advances.forEach((a) => this.writeCheckpoint(a));
      if (this.db.inTransaction) write();
      else this.db.transaction(write);
    }
    return { ok: true, rowsChecked };
  }

  /**
   * The check after a round: the rows written or re-stamped since the last check, read back once and verified
   * against the link before them; the rows the round did not touch are left to the next `verifyRecent`, whose
   * window starts no later than the last one did (docs/cabinet-rules.md#verified-records). Moves no checkpoint.
   */
  verifyWritten(): RecordCheck {
    if (this.keyLost) return KEY_REPLACED;
    let rowsChecked = 0;
    for (const chain of CHAIN_NAMES) {
      const from = this.writtenFrom.get(chain);
      if (from === undefined) continue;
      const r = this.verifyRange(chain, from - 1, Number.MAX_SAFE_INTEGER);
      rowsChecked += r.rows;
      if (r.firstBreak) return { ok: false, rowsChecked, firstBreak: r.firstBreak };
      this.writtenFrom.delete(chain);
    }
    return { ok: true, rowsChecked };
  }

  /** The technician's check: every row of every chain from the first (also rows a RAM clear accepted). */
  verifyAll(limit = 20): { rowsChecked: number; breaks: RecordBreak[] } {
    let rowsChecked = 0;
    const breaks: RecordBreak[] = [];
    for (const chain of CHAIN_NAMES) {
      const cpBreak = this.checkpointProblem(chain, this.checkpoint(chain)) ?? this.cutProblem(chain);
      if (cpBreak) breaks.push(cpBreak);
      const r = this.verifyRange(chain, 0, Number.MAX_SAFE_INTEGER, limit);
      rowsChecked += r.rows;
      breaks.push(...r.all);
    }
    return { rowsChecked, breaks: breaks.slice(0, limit) };
  }

  /** The newest row of the wallet whose digest verifies, and the balance it records. */
  verifiedLedgerState(demo: boolean): VerifiedLedgerState {
    const digests = this.digests;
    const def = CHAINS.ledger;
    let below = Number.MAX_SAFE_INTEGER;
    for (;;) {
      const rows = this.db.all<Row>(
        `SELECT ${def.columns.join(', ')}, chain_digest FROM ledger WHERE demo = ? AND id < ? ORDER BY id DESC LIMIT ?`,
        demo ? 1 : 0,
        below,
        PAGE,
      );
      if (rows.length === 0) return { ledgerId: 0, balanceMinor: 0 };
      for (const row of rows) {
        const id = row.id as number;
        const prev = this.db.get<{ d: string | null }>(
          'SELECT chain_digest AS d FROM ledger WHERE id < ? ORDER BY id DESC LIMIT 1',
          id,
        );
        const link = prev ? (prev.d ?? GENESIS) : GENESIS;
        if (digests && same(row.chain_digest, digests.row('ledger', link, values(def, row)))) {
          return { ledgerId: id, balanceMinor: row.balance_after_minor as number };
        }
        below = id;
      }
    }
  }

  // -------------------------------------------------------------- internals

  private verifyRange(
    chain: ChainedTable,
    afterId: number,
    throughId: number,
    collect = 1,
  ): { rows: number; firstBreak: RecordBreak | null; all: RecordBreak[] } {
    const def = CHAINS[chain];
    const all: RecordBreak[] = [];
    let rows = 0;
    const digests = this.digests;
    if (!digests) {
      const b: RecordBreak = { table: chain, rowId: afterId, problem: { code: 'key-missing' } };
      return { rows, firstBreak: b, all: [b] };
    }
    let prev = this.linkAtOrBefore(chain, afterId);
    const n = def.columns.length;
    for (const row of this.pageArrays(def, afterId, throughId)) {
      rows++;
      // The row's columns in the digest's order, then its stored digest (ids come first: values[0]).
      const values = row.slice(0, n);
      const stored = row[n] as string | null;
      if (!same(stored, digests.row(chain, prev, values))) {
        all.push({
          table: chain,
          rowId: values[0] as number,
          problem: { code: stored === null ? 'digest-missing' : 'digest-mismatch' },
        });
        if (all.length >= collect) break;
      }
      prev = stored ?? GENESIS;
    }
    return { rows, firstBreak: all[0] ?? null, all };
  }

  /** A chain's rows in id order, a page at a time, each an array: its columns in order, then `chain_digest`. */
  private *pageArrays(def: ChainDef, afterId: number, throughId: number): Generator<readonly ChainValue[]> {
    let after = afterId;
    for (;;) {
      const rows = this.db.rows<ChainValue[]>(
        `SELECT ${def.columns.join(', ')}, chain_digest FROM ${def.table}
         WHERE ${def.idColumn} > ? AND ${def.idColumn} <= ? ORDER BY ${def.idColumn} LIMIT ?`,
        after,
        throughId,
        PAGE,
      );
      yield* rows;
      if (rows.length < PAGE) return;
      after = rows[rows.length - 1]![def.columns.indexOf(def.idColumn)] as number;
    }
  }

  private lastRow(chain: ChainedTable): { id: number; digest: string } {
    const def = CHAINS[chain];
    const r = this.db.get<{ id: number; d: string | null }>(
      `SELECT ${def.idColumn} AS id, chain_digest AS d FROM ${def.table} ORDER BY ${def.idColumn} DESC LIMIT 1`,
    );
    if (r) return { id: r.id, digest: r.d ?? GENESIS };
    // Every row moved to the archive: the next row links to the cut.
    const cut = this.cut(chain);
    return cut ? { id: cut.throughId, digest: cut.digest } : { id: 0, digest: GENESIS };
  }

  private checkpoint(chain: ChainedTable): CheckpointRow | null {
    return (
      this.db.get<CheckpointRow>(
        'SELECT chain, started_after_id, verified_through_id, verified_digest, floor_id, mac FROM record_chain WHERE chain = ?',
        chain,
      ) ?? null
    );
  }

  /** The checkpoint must exist, carry its own digest, and still match the row it names. */
  private checkpointProblem(chain: ChainedTable, cp: CheckpointRow | null): RecordBreak | null {
    if (!cp) return { table: 'record_chain', rowId: 0, problem: { code: 'checkpoint-missing', chain } };
    if (!this.digests) return { table: chain, rowId: cp.verified_through_id, problem: { code: 'key-missing' } };
    if (!same(cp.mac, checkpointMac(this.digests, cp))) {
      return { table: 'record_chain', rowId: cp.verified_through_id, problem: { code: 'checkpoint-damaged', chain } };
    }
    if (cp.verified_through_id === 0) return null;
    const def = CHAINS[chain];
    const row = this.db.get<{ d: string | null }>(
      `SELECT chain_digest AS d FROM ${def.table} WHERE ${def.idColumn} = ?`,
      cp.verified_through_id,
    );
    if (!row) {
      // The verified row moved to the archive: the cut keeps its id and digest (journal-archive-cut.ts).
      const cut = this.cut(chain);
      if (cut && cut.throughId === cp.verified_through_id && same(cut.digest, cp.verified_digest)) return null;
      return { table: chain, rowId: cp.verified_through_id, problem: { code: 'verified-row-missing' } };
    }
    if (!same(row.d, cp.verified_digest)) {
      return {
        table: chain,
        rowId: cp.verified_through_id,
        problem: { code: 'checkpoint-digest-differs' },
      };
    }
    return null;
  }

  // ------------------------------------------------- the archive cut (journal-archive.ts)

  /** The chain's archive cut when it verifies; null when nothing moved (or for the ledger, which never moves). */
  cut(chain: ChainedTable): ArchiveCut | null {
    if (chain === 'ledger') return null;
    const r = readCut(this.db, this.key, chain);
    return r.state === 'ok' ? r.cut : null;
  }

  /** A cut whose keyed mac does not verify: the first live row's link cannot be trusted. */
  private cutProblem(chain: ChainedTable): RecordBreak | null {
    if (chain === 'ledger') return null;
    const r = readCut(this.db, this.key, chain);
    if (r.state !== 'damaged') return null;
    return { table: 'record_chain', rowId: r.throughId, problem: { code: 'archive-cut-damaged', chain } };
  }

  /**
   * The stored digest the row after `id` links to: the newest live row at or before `id`, else (every
   * earlier row moved to the archive) the cut's digest, else the genesis link.
   */
  private linkAtOrBefore(chain: ChainedTable, id: number): string {
    const def = CHAINS[chain];
    const before = this.db.get<{ d: string | null }>(
      `SELECT chain_digest AS d FROM ${def.table} WHERE ${def.idColumn} <= ? ORDER BY ${def.idColumn} DESC LIMIT 1`,
      id,
    );
    if (before) return before.d ?? GENESIS;
    return this.cut(chain)?.digest ?? GENESIS;
  }

  /**
   * Checks rows in id order against `prev` (the link before the first): how many verify before the
   * first that does not, and that row's problem. The archive uses it before rows move and to check
   * the archive file itself.
   */
  verifyRows(
    chain: ChainedTable,
    prev: string,
    rows: readonly Readonly<Record<string, ChainValue>>[],
  ): { verified: number; problem: RecordProblem | null } {
    const def = CHAINS[chain];
    const digests = this.digests;
    if (!digests) return { verified: 0, problem: { code: 'key-missing' } };
    let link = prev;
    for (const [i, row] of rows.entries()) {
      const digest = row.chain_digest;
      if (typeof digest !== 'string') return { verified: i, problem: { code: 'digest-missing' } };
      if (!same(digest, digests.row(chain, link, values(def, row as Row)))) {
        return { verified: i, problem: { code: 'digest-mismatch' } };
      }
      link = digest;
    }
    return { verified: rows.length, problem: null };
  }

  /**
   * Inside the archive's live transaction: records the new cut and, when the checkpoint is behind it,
   * moves the checkpoint to the cut (those rows were verified before they moved).
   */
  recordCut(chain: 'rounds' | 'events', throughId: number, digest: string, at: string): void {
    const key = this.requireKey();
    writeCut(this.db, key, { chain, throughId, digest, at });
    const cp = this.checkpoint(chain);
    if (cp && cp.verified_through_id < throughId) {
      this.writeCheckpoint({ ...cp, verified_through_id: throughId, verified_digest: digest });
    }
  }

  private writeCheckpoint(c: CheckpointRow): void {
    const digests = this.requireDigests();
    this.db.run(
      'UPDATE record_chain SET verified_through_id = ?, verified_digest = ?, floor_id = ?, mac = ? WHERE chain = ?',
      c.verified_through_id,
      c.verified_digest,
      c.floor_id,
      checkpointMac(digests, c),
      c.chain,
    );
  }
}

function values(def: ChainDef, row: Row): ChainValue[] {
  return def.columns.map((c) => row[c] ?? null);
}
