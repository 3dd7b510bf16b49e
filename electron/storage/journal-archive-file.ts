/**
 * The archive file `<journal>.archive` (docs/cabinet-rules.md#retention-and-archive): its own node:sqlite
 * file, WAL and synchronous=FULL like the journal, holding the rounds and event-log rows that moved out
 * of the live journal, every column as it was plus its chain digest, append-only. `archive_chain` says
 * after which row (and digest) each chain's rows start: 0 and the genesis link for an archive that
 * holds a chain from its first row; a cut's row when an earlier archive was set aside.
 */
import type { ArchiveChainState, ArchivedChain, ArchivedRow } from '../core/model/journal-archive.ts';
import { Database, type DatabaseOptions } from './database.ts';
import type { Migration } from './sql-connection.ts';
import { CHAINS } from './record-chain-columns.ts';
import type { ChainValue } from './record-chain.ts';

export const ARCHIVED_CHAINS: readonly ArchivedChain[] = ['rounds', 'events'];

/** The archive's own path: beside the journal, so a backup of the folder takes both. */
export function archivePathOf(journalPath: string): string {
  return `${journalPath}.archive`;
}

function tableSql(chain: ArchivedChain): string {
  const def = CHAINS[chain];
  // Untyped columns: SQLite keeps each value exactly as the journal held it (no affinity changes a digit).
  const columns = def.columns.map((c) => (c === def.idColumn ? `${c} INTEGER PRIMARY KEY` : c));
  return `CREATE TABLE ${def.table} (${columns.join(', ')}, chain_digest TEXT NOT NULL);
    CREATE TRIGGER ${def.table}_append_only_u BEFORE UPDATE ON ${def.table} BEGIN
      SELECT RAISE(ABORT, 'the archive is append-only');
    END;
    CREATE TRIGGER ${def.table}_append_only_d BEFORE DELETE ON ${def.table} BEGIN
      SELECT RAISE(ABORT, 'the archive is append-only');
    END;`;
}

export const ARCHIVE_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'archived rounds and events with their chain digests; where each chain starts',
    sql: `
      CREATE TABLE archive_chain (
        chain TEXT PRIMARY KEY CHECK (chain IN ('rounds', 'events')),
        starts_after_id INTEGER NOT NULL,
        starts_after_digest TEXT NOT NULL,
        started_at TEXT NOT NULL
      );
      ${tableSql('rounds')}
      ${tableSql('events')}
    `,
  },
];

type Row = Record<string, ChainValue>;

export interface ArchiveChainStart {
  readonly afterId: number;
  readonly afterDigest: string;
}

export class JournalArchiveFile {
  private readonly db: Database;
  readonly path: string;

  private constructor(db: Database, path: string) {
    this.db = db;
    this.path = path;
  }

  /** Opens (creating if needed) the archive; read-only opens never create or migrate. */
  static open(path: string, options: DatabaseOptions = {}): JournalArchiveFile {
    return new JournalArchiveFile(Database.open(path, options, ARCHIVE_MIGRATIONS), path);
  }

  close(): void {
    this.db.close();
  }

  /** False for a file that was never made an archive (empty, or created by a read-only open of nothing). */
  hasSchema(): boolean {
    return this.db.hasSchema();
  }

  start(chain: ArchivedChain): ArchiveChainStart | null {
    const r = this.db.get<{ a: number; d: string }>(
      'SELECT starts_after_id AS a, starts_after_digest AS d FROM archive_chain WHERE chain = ?',
      chain,
    );
    return r ? { afterId: r.a, afterDigest: r.d } : null;
  }

  /** The newest archived row's id and digest, or the chain's start when it holds none. */
  tail(chain: ArchivedChain): { id: number; digest: string } | null {
    const def = CHAINS[chain];
    const r = this.db.get<{ id: number; d: string }>(
      `SELECT ${def.idColumn} AS id, chain_digest AS d FROM ${def.table} ORDER BY ${def.idColumn} DESC LIMIT 1`,
    );
    if (r) return { id: r.id, digest: r.d };
    const s = this.start(chain);
    return s ? { id: s.afterId, digest: s.afterDigest } : null;
  }

  /** Every chained column and the digest of the archived row `id`, or null. */
  row(chain: ArchivedChain, id: number): Row | null {
    const def = CHAINS[chain];
    return (
      this.db.get<Row>(
        `SELECT ${def.columns.join(', ')}, chain_digest FROM ${def.table} WHERE ${def.idColumn} = ?`,
        id,
      ) ?? null
    );
  }

  /** Rows with ids above `afterId`, oldest first, at most `limit`. */
  rowsAfter(chain: ArchivedChain, afterId: number, limit: number): ArchivedRow[] {
    const def = CHAINS[chain];
    return this.db.all<Row>(
      `SELECT ${def.columns.join(', ')}, chain_digest FROM ${def.table} WHERE ${def.idColumn} > ?
       ORDER BY ${def.idColumn} LIMIT ?`,
      afterId,
      limit,
    );
  }

  /** Selected columns of every row, oldest first (the audit's meters read rounds and door/power events). */
  auditColumns<T>(chain: ArchivedChain, columns: readonly string[], where = ''): T[] {
    const def = CHAINS[chain];
    return this.db.all<T>(`SELECT ${columns.join(', ')} FROM ${def.table} ${where} ORDER BY ${def.idColumn}`);
  }

  state(): ArchiveChainState[] {
    const out: ArchiveChainState[] = [];
    for (const chain of ARCHIVED_CHAINS) {
      const s = this.start(chain);
      if (!s) continue;
      const def = CHAINS[chain];
      const n = this.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${def.table}`)?.n ?? 0;
      out.push({ chain, startsAfterId: s.afterId, lastId: this.tail(chain)?.id ?? s.afterId, rows: n });
    }
    return out;
  }

  /**
   * The archive's one transaction of a batch: starts a chain that has no start yet and appends the
   * rows the archive does not hold (rows it already holds are the ones a crash left; the caller
   * checked they are the same).
   */
  append(
    batches: readonly { chain: ArchivedChain; start: ArchiveChainStart; rows: readonly Row[] }[],
    at: string,
  ): void {
    this.db.transaction(() => {
      for (const { chain, start, rows } of batches) {
        if (!this.start(chain)) {
          this.db.run(
            'INSERT INTO archive_chain (chain, starts_after_id, starts_after_digest, started_at) VALUES (?, ?, ?, ?)',
            chain,
            start.afterId,
            start.afterDigest,
            at,
          );
        }
        const def = CHAINS[chain];
        const held = this.tail(chain)?.id ?? start.afterId;
        const sql = `INSERT INTO ${def.table} (${def.columns.join(', ')}, chain_digest) VALUES (${[
          ...def.columns,
          'chain_digest',
        ]
          .map(() => '?')
          .join(', ')})`;
        for (const row of rows) {
          if ((row[def.idColumn] as number) <= held) continue;
          this.db.run(sql, ...def.columns.map((c) => row[c] ?? null), row.chain_digest ?? null);
        }
      }
    });
  }
}
