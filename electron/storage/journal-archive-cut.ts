/**
 * The archive cut (docs/cabinet-rules.md#retention-and-archive): per chain, the last row that moved
 * from the live journal to `<journal>.archive` and its stored digest, in `record_chain_cut` (migration
 * 7), keyed like the record-chain checkpoints so editing the journal alone cannot move it. The first
 * live row of the chain links to this digest, so the live chain verifies from the cut on, and the
 * archive's last row must carry the same id and digest, so archive and live verify as one chain.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ArchivedChain } from '../core/model/journal-archive.ts';
import type { SqlConnection } from './sql-connection.ts';

export interface ArchiveCut {
  readonly chain: ArchivedChain;
  readonly throughId: number;
  readonly digest: string;
  readonly at: string;
}

interface CutRow {
  chain: ArchivedChain;
  archived_through_id: number;
  archived_digest: string;
  archived_at: string;
  mac: string;
}

function cutMac(key: Buffer, c: ArchiveCut): string {
  return createHmac('sha256', key)
    .update(['cut', c.chain, String(c.throughId), c.digest, c.at].join('\n'))
    .digest('hex');
}

/** Per connection: whether it has the cut table (asked once; only a migration, run at open, adds it). */
const cutTables = new WeakMap<SqlConnection, boolean>();

/** The journal has the cut table (schema v7): a journal opened read-only at an older version has none. */
function hasCutTable(db: SqlConnection): boolean {
  const known = cutTables.get(db);
  if (known !== undefined) return known;
  const t = db.get<{ n: number }>(
    "SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'record_chain_cut'",
  );
  const has = (t?.n ?? 0) > 0;
  cutTables.set(db, has);
  return has;
}

export type CutRead =
  | { readonly state: 'none' }
  | { readonly state: 'ok'; readonly cut: ArchiveCut }
  /** The row is there but its mac does not verify (or there is no key to check it). */
  | { readonly state: 'damaged'; readonly throughId: number };

export function readCut(db: SqlConnection, key: Buffer | null, chain: ArchivedChain): CutRead {
  if (!hasCutTable(db)) return { state: 'none' };
  const row = db.get<CutRow>(
    'SELECT chain, archived_through_id, archived_digest, archived_at, mac FROM record_chain_cut WHERE chain = ?',
    chain,
  );
  if (!row) return { state: 'none' };
  const cut: ArchiveCut = {
    chain,
    throughId: row.archived_through_id,
    digest: row.archived_digest,
    at: row.archived_at,
  };
  const expected = key ? cutMac(key, cut) : null;
  if (expected === null || expected.length !== row.mac.length) return { state: 'damaged', throughId: cut.throughId };
  if (!timingSafeEqual(Buffer.from(expected), Buffer.from(row.mac))) {
    return { state: 'damaged', throughId: cut.throughId };
  }
  return { state: 'ok', cut };
}

/** Records the new cut (inside the live journal's archive transaction). */
export function writeCut(db: SqlConnection, key: Buffer, cut: ArchiveCut): void {
  db.requireTransaction('writeCut');
  db.run(
    `INSERT INTO record_chain_cut (chain, archived_through_id, archived_digest, archived_at, mac) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (chain) DO UPDATE SET archived_through_id = excluded.archived_through_id,
       archived_digest = excluded.archived_digest, archived_at = excluded.archived_at, mac = excluded.mac`,
    cut.chain,
    cut.throughId,
    cut.digest,
    cut.at,
    cutMac(key, cut),
  );
}
