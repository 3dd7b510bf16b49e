/**
 * The money ledger: every money movement, append-only (triggers refuse UPDATE and
 * DELETE), written in the same transaction as the state change that caused it.
 * Credits always equal the sum of a wallet's deltas (docs/architecture.md#where-the-money-goes);
 * a stacked note's event key is UNIQUE, so a repeated credit is refused
 * (docs/protocols/essp.md#credit-rules). Each row carries its record-chain digest, written by
 * the same INSERT (docs/cabinet-rules.md#verified-records).
 */
import type { LedgerEntry, LedgerKind } from '../core/model/ledger.ts';
import type { MinorUnits } from '../core/money/minor-units.ts';
import type { Database } from './database.ts';
import type { RecordChain } from './record-chain.ts';

/** A ledger row as the audit reads it. */
export interface LedgerAuditRow {
  id: number;
  kind: LedgerKind;
  demo: number;
  delta_minor: number;
  round_id: number | null;
  spot: string | null;
  event_key: string | null;
  denomination_minor: number | null;
  balance_after_minor: number;
}

/** Every kind the ledger's CHECK allows (migrations.ts). */
const LEDGER_KINDS = ['bill', 'stake', 'win', 'refund', 'handpay', 'demo-credit', 'ram-clear'] as const;

export class LedgerStore {
  private readonly db: Database;
  /** null only for the unchained baseline of the benchmark. */
  private readonly chain: RecordChain | null;

  constructor(db: Database, chain: RecordChain | null = null) {
    this.db = db;
    this.chain = chain;
  }

  append(entry: LedgerEntry): number {
    this.db.requireTransaction('appendLedger');
    // The id is chosen here (inside BEGIN IMMEDIATE nobody else writes) because the digest covers it;
    // one read gives it and the previous row's digest.
    const tail = this.chain ? this.chain.tail('ledger') : { id: this.lastId(), digest: '' };
    const values = [
      tail.id + 1,
      entry.at,
      entry.kind,
      entry.demo ? 1 : 0,
      entry.deltaMinor,
      entry.roundId ?? null,
      entry.spot ?? null,
      entry.eventKey ?? null,
      entry.denominationMinor ?? null,
      entry.balanceAfterMinor,
    ] as const;
    const digest = this.chain ? this.chain.digestAfter('ledger', tail, values) : null;
    return this.db.run(
      `INSERT INTO ledger (id, at, kind, demo, delta_minor, round_id, spot, event_key, denomination_minor, balance_after_minor, chain_digest)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ...values,
      digest,
    ).lastId;
  }

  billKeyCredited(eventKey: string): boolean {
    return this.db.get('SELECT 1 AS x FROM ledger WHERE event_key = ?', eventKey) !== undefined;
  }

  /** Sum of all ledger deltas of one wallet: what the credits must be. */
  balance(demo: boolean): MinorUnits {
    return (
      this.db.get<{ s: number | null }>('SELECT SUM(delta_minor) AS s FROM ledger WHERE demo = ?', demo ? 1 : 0)?.s ?? 0
    );
  }

  /**
   * The newest row's running balance of one wallet. `ledger_kind` (kind, demo) ends in the row id, so the newest row
   * of each kind is one index lookup; the newest of those is the wallet's (no scan of a wallet with few rows).
   */
  runningBalance(demo: boolean): MinorUnits {
    const newest = LEDGER_KINDS.map((k) => `SELECT MAX(id) AS id FROM ledger WHERE kind = '${k}' AND demo = ?`);
    const row = this.db.get<{ b: number }>(
      `SELECT balance_after_minor AS b FROM ledger WHERE id = (SELECT MAX(id) FROM (${newest.join(' UNION ALL ')}))`,
      ...LEDGER_KINDS.map(() => (demo ? 1 : 0)),
    );
    return row?.b ?? 0;
  }

  lastId(): number {
    return this.db.get<{ m: number | null }>('SELECT MAX(id) AS m FROM ledger')?.m ?? 0;
  }

  auditRows(): LedgerAuditRow[] {
    return this.db.all(
      'SELECT id, kind, demo, delta_minor, round_id, spot, event_key, denomination_minor, balance_after_minor FROM ledger ORDER BY id',
    );
  }
}
