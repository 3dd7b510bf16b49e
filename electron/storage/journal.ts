/**
 * The durable journal of the cabinet: the ONLY module that speaks SQL.
 *
 * SQLite through `node:sqlite` (DatabaseSync), WAL with synchronous=FULL, so a
 * COMMIT has reached the disk before the call returns. Every money movement is
 * a ledger row written in the same transaction as the state change that caused
 * it and as both copies of critical memory (domain-notes §3 "Critical memory",
 * "Power loss"). The cabinet calls `transaction(fn)` and the typed writers
 * below; it never sees a statement.
 *
 * Chaos hook: when `killAtStatement` is given (the chaos child passes
 * CHAOS_KILL_AT_STATEMENT), the process SIGKILLs itself right after that many
 * statements, which lands kills inside transactions, right after COMMIT and
 * inside recovery.
 */
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { Card } from '../core/cards/card.ts';
import type { RoundOutcome } from '../core/engine/round.ts';
import type { Bets, Returns } from '../core/engine/settlement.ts';
import type { MinorUnits } from '../core/money/minor-units.ts';
import { canonicalJson as canonicalize } from '../core/integrity/canonical-json.ts';
import type { CopyName, CopyRead, CriticalState } from '../core/model/critical-state.ts';
import type { EventLogEntry } from '../core/model/event-log.ts';
import type { Handpay } from '../core/model/handpay.ts';
import { JournalError, type JournalPort } from '../core/model/journal-port.ts';
import type { LedgerEntry, LedgerKind } from '../core/model/ledger.ts';
import type { Meters } from '../core/model/meters.ts';
import type { OpenRound, RoundRecord, RoundStatus } from '../core/model/round-record.ts';
import type { Tilt, TiltClearance, TiltKind } from '../core/model/tilt.ts';
import { sha256Hex } from '../core/integrity/sha256.ts';
import { MIGRATIONS } from './migrations.ts';

export interface JournalOptions {
  readonly readOnly?: boolean;
  /** Chaos testing only: SIGKILL this process right after the nth statement. */
  readonly killAtStatement?: number;
  /** Chaos testing only: told where the kill lands, just before it (must be synchronous). */
  readonly onBeforeKill?: (where: { statement: number; inTransaction: boolean; sql: string }) => void;
}

interface RoundRow {
  round_id: number;
  status: string;
  demo: number;
  bets_json: string;
  stake_minor: number;
  cards_json: string | null;
  outcome_json: string | null;
  returns_json: string | null;
  return_minor: number | null;
  credits_before_minor: number;
  credits_after_minor: number | null;
  started_at: string;
  dealt_at: string | null;
  ended_at: string | null;
  void_reason: string | null;
  refunded_minor: number;
}

function toRecord(row: RoundRow): RoundRecord {
  const status: RoundStatus = row.status === 'settled' ? 'settled' : row.status === 'voided' ? 'voided' : 'in-progress';
  return {
    roundId: row.round_id,
    status,
    demo: row.demo === 1,
    bets: JSON.parse(row.bets_json) as Bets,
    cards: row.cards_json ? (JSON.parse(row.cards_json) as Card[]) : [],
    outcome: row.outcome_json ? (JSON.parse(row.outcome_json) as RoundOutcome) : null,
    returns: row.returns_json ? (JSON.parse(row.returns_json) as Returns) : {},
    creditsBeforeMinor: row.credits_before_minor,
    creditsAfterMinor: row.credits_after_minor ?? row.credits_before_minor - row.stake_minor,
    startedAt: row.started_at,
    endedAt: row.ended_at,
    voidReason: row.void_reason,
    refundedMinor: row.refunded_minor,
  };
}

export class Journal implements JournalPort {
  private readonly db: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();
  private killAt: number | null;
  private inTransaction = false;
  /** Statements executed since open (the chaos hook counts these). */
  statementCount = 0;

  private readonly onBeforeKill: JournalOptions['onBeforeKill'];

  private constructor(db: DatabaseSync, killAt: number | null, onBeforeKill?: JournalOptions['onBeforeKill']) {
    this.db = db;
    this.killAt = killAt;
    this.onBeforeKill = onBeforeKill;
  }

  /** Opens (creating if needed) the journal file and runs pending migrations. */
  static open(path: string, options: JournalOptions = {}): Journal {
    const killAt = options.killAtStatement ?? null;
    if (killAt !== null && (!Number.isSafeInteger(killAt) || killAt < 1)) {
      throw new JournalError(`killAtStatement must be a whole number ≥ 1, got ${String(killAt)}`);
    }
    const db = new DatabaseSync(path, { readOnly: options.readOnly ?? false, enableForeignKeyConstraints: true });
    const journal = new Journal(db, killAt, options.onBeforeKill);
    if (options.readOnly) {
      journal.exec('PRAGMA query_only = ON');
      return journal;
    }
    journal.exec('PRAGMA journal_mode = WAL');
    // FULL: the WAL is fsynced at every COMMIT, so a committed transaction survives a power loss.
    journal.exec('PRAGMA synchronous = FULL');
    journal.exec('PRAGMA busy_timeout = 5000');
    journal.exec('PRAGMA foreign_keys = ON');
    journal.migrate();
    return journal;
  }

  /** Chaos and recovery tests: SIGKILL after `n` more statements from now. */
  armKill(n: number): void {
    if (!Number.isSafeInteger(n) || n < 1) throw new JournalError(`armKill needs a whole number ≥ 1, got ${String(n)}`);
    this.killAt = this.statementCount + n;
  }

  close(): void {
    this.statements.clear();
    if (this.db.isOpen) this.db.close();
  }

  // ---------------------------------------------------------------- plumbing

  private tick(sql = ''): void {
    this.statementCount++;
    if (this.killAt !== null && this.statementCount >= this.killAt) {
      this.onBeforeKill?.({ statement: this.statementCount, inTransaction: this.db.isTransaction, sql });
      process.kill(process.pid, 'SIGKILL');
      // SIGKILL is not deliverable synchronously on every platform: never run on past it.
      for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
    }
  }

  private exec(sql: string): void {
    this.db.exec(sql);
    this.tick(sql);
  }

  private stmt(sql: string): StatementSync {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  private run(sql: string, ...params: SQLInputValue[]): { changes: number; lastId: number } {
    const r = this.stmt(sql).run(...params);
    this.tick(sql);
    return { changes: Number(r.changes), lastId: Number(r.lastInsertRowid) };
  }

  private get<T>(sql: string, ...params: SQLInputValue[]): T | undefined {
    const r = this.stmt(sql).get(...params) as T | undefined;
    this.tick(sql);
    return r;
  }

  private all<T>(sql: string, ...params: SQLInputValue[]): T[] {
    const r = this.stmt(sql).all(...params) as T[];
    this.tick(sql);
    return r;
  }

  /**
   * Runs `fn` inside BEGIN IMMEDIATE … COMMIT. Either everything it wrote is on
   * disk when this returns, or (on a throw or a crash) nothing of it is.
   */
  transaction<T>(fn: () => T): T {
    if (this.inTransaction) throw new JournalError('transactions do not nest');
    this.exec('BEGIN IMMEDIATE');
    this.inTransaction = true;
    try {
      const result = fn();
      this.exec('COMMIT');
      return result;
    } catch (error) {
      if (this.db.isTransaction) this.db.exec('ROLLBACK');
      throw error;
    } finally {
      this.inTransaction = false;
    }
  }

  private requireTransaction(what: string): void {
    if (!this.inTransaction) throw new JournalError(`${what} must run inside a journal transaction`);
  }

  private migrate(): void {
    this.exec(
      'CREATE TABLE IF NOT EXISTS migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
    );
    const row = this.get<{ v: number | null }>('SELECT MAX(version) AS v FROM migrations');
    const current = row?.v ?? 0;
    for (const m of MIGRATIONS) {
      if (m.version <= current) continue;
      this.transaction(() => {
        this.exec(m.sql);
        this.run(
          'INSERT INTO migrations (version, name, applied_at) VALUES (?, ?, ?)',
          m.version,
          m.name,
          new Date().toISOString(),
        );
      });
    }
  }

  /** False for a file whose first migration never committed (killed during the very first start). */
  hasSchema(): boolean {
    const t = this.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'migrations'",
    );
    return (t?.n ?? 0) > 0 && this.schemaVersion() >= MIGRATIONS.length;
  }

  schemaVersion(): number {
    return this.get<{ v: number | null }>('SELECT MAX(version) AS v FROM migrations')?.v ?? 0;
  }

  // ------------------------------------------------------- critical memory

  private static encode(state: CriticalState): { body: string; sha: string } {
    const body = canonicalize(state);
    return { body, sha: sha256Hex(body) };
  }

  /** Writes both copies (inside the transaction of the change). */
  writeCritical(state: CriticalState): void {
    this.requireTransaction('writeCritical');
    const { body, sha } = Journal.encode(state);
    this.run('INSERT OR REPLACE INTO critical_a (slot, body, sha256) VALUES (1, ?, ?)', body, sha);
    this.run('INSERT OR REPLACE INTO critical_b (slot, body, sha256) VALUES (1, ?, ?)', body, sha);
  }

  /** Rebuilds one copy from a good state (inside a transaction). */
  writeCriticalCopy(copy: CopyName, state: CriticalState): void {
    this.requireTransaction('writeCriticalCopy');
    const { body, sha } = Journal.encode(state);
    const table = copy === 'a' ? 'critical_a' : 'critical_b';
    this.run(`INSERT OR REPLACE INTO ${table} (slot, body, sha256) VALUES (1, ?, ?)`, body, sha);
  }

  readCriticalCopies(): { a: CopyRead; b: CopyRead; exists: boolean } {
    const read = (copy: CopyName): CopyRead & { present: boolean } => {
      const table = copy === 'a' ? 'critical_a' : 'critical_b';
      const row = this.get<{ body: string; sha256: string }>(`SELECT body, sha256 FROM ${table} WHERE slot = 1`);
      if (!row) return { copy, state: null, problem: 'copy missing', present: false };
      if (sha256Hex(row.body) !== row.sha256) return { copy, state: null, problem: 'checksum mismatch', present: true };
      try {
        return { copy, state: JSON.parse(row.body) as CriticalState, problem: null, present: true };
      } catch {
        return { copy, state: null, problem: 'body is not valid JSON', present: true };
      }
    };
    const a = read('a');
    const b = read('b');
    return { a, b, exists: a.present || b.present };
  }

  /** Test and chaos tooling: damage one copy the way a bad memory cell would. */
  corruptCriticalCopy(copy: CopyName, how: 'flip-body' | 'bad-checksum' | 'delete' = 'flip-body'): void {
    const table = copy === 'a' ? 'critical_a' : 'critical_b';
    if (how === 'delete') {
      this.run(`DELETE FROM ${table} WHERE slot = 1`);
      return;
    }
    if (how === 'bad-checksum') {
      this.run(`UPDATE ${table} SET sha256 = ? WHERE slot = 1`, '0'.repeat(64));
      return;
    }
    // Change the credits digits without fixing the checksum.
    this.run(`UPDATE ${table} SET body = replace(body, '"creditsMinor":', '"creditsMinor":9') WHERE slot = 1`);
  }

  // ------------------------------------------------------------------ ledger

  appendLedger(entry: LedgerEntry): number {
    this.requireTransaction('appendLedger');
    return this.run(
      `INSERT INTO ledger (at, kind, demo, delta_minor, round_id, spot, event_key, denomination_minor, balance_after_minor)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      entry.at,
      entry.kind,
      entry.demo ? 1 : 0,
      entry.deltaMinor,
      entry.roundId ?? null,
      entry.spot ?? null,
      entry.eventKey ?? null,
      entry.denominationMinor ?? null,
      entry.balanceAfterMinor,
    ).lastId;
  }

  billKeyCredited(eventKey: string): boolean {
    return this.get('SELECT 1 AS x FROM ledger WHERE event_key = ?', eventKey) !== undefined;
  }

  /** Sum of all ledger deltas of one wallet: what the credits must be. */
  ledgerBalance(demo: boolean): MinorUnits {
    return (
      this.get<{ s: number | null }>('SELECT SUM(delta_minor) AS s FROM ledger WHERE demo = ?', demo ? 1 : 0)?.s ?? 0
    );
  }

  lastLedgerId(): number {
    return this.get<{ m: number | null }>('SELECT MAX(id) AS m FROM ledger')?.m ?? 0;
  }

  // ------------------------------------------------------------------ rounds

  insertRound(r: {
    roundId: number;
    demo: boolean;
    bets: Bets;
    stakeMinor: MinorUnits;
    creditsBeforeMinor: MinorUnits;
    at: string;
  }): void {
    this.requireTransaction('insertRound');
    this.run(
      `INSERT INTO rounds (round_id, status, demo, bets_json, stake_minor, credits_before_minor, credits_after_minor, started_at)
       VALUES (?, 'locked', ?, ?, ?, ?, ?, ?)`,
      r.roundId,
      r.demo ? 1 : 0,
      canonicalize(r.bets),
      r.stakeMinor,
      r.creditsBeforeMinor,
      r.creditsBeforeMinor - r.stakeMinor,
      r.at,
    );
  }

  /** Records the cards (committed before any is shown). */
  markDealt(roundId: number, outcome: RoundOutcome, at: string): void {
    this.requireTransaction('markDealt');
    const r = this.run(
      `UPDATE rounds SET status = 'dealt', cards_json = ?, outcome_json = ?, dealt_at = ? WHERE round_id = ? AND status = 'locked'`,
      JSON.stringify(outcome.dealOrder),
      JSON.stringify(outcome),
      at,
      roundId,
    );
    if (r.changes !== 1) throw new JournalError(`round ${roundId} is not locked`);
  }

  markSettled(
    roundId: number,
    returns: Returns,
    returnMinor: MinorUnits,
    creditsAfterMinor: MinorUnits,
    at: string,
  ): void {
    this.requireTransaction('markSettled');
    const r = this.run(
      `UPDATE rounds SET status = 'settled', returns_json = ?, return_minor = ?, credits_after_minor = ?, ended_at = ?
       WHERE round_id = ? AND status = 'dealt'`,
      canonicalize(returns),
      returnMinor,
      creditsAfterMinor,
      at,
      roundId,
    );
    if (r.changes !== 1) throw new JournalError(`round ${roundId} is not dealt`);
  }

  /** Voids a locked or dealt round and writes its one refund row (UNIQUE per round). */
  markVoided(
    roundId: number,
    reason: string,
    refundMinor: MinorUnits,
    creditsAfterMinor: MinorUnits,
    at: string,
  ): void {
    this.requireTransaction('markVoided');
    this.run(
      'INSERT INTO refunds (round_id, amount_minor, reason, at) VALUES (?, ?, ?, ?)',
      roundId,
      refundMinor,
      reason,
      at,
    );
    const r = this.run(
      `UPDATE rounds SET status = 'voided', void_reason = ?, refunded_minor = ?, credits_after_minor = ?, ended_at = ?,
         returns_json = '{}', return_minor = 0
       WHERE round_id = ? AND status IN ('locked', 'dealt')`,
      reason,
      refundMinor,
      creditsAfterMinor,
      at,
      roundId,
    );
    if (r.changes !== 1) throw new JournalError(`round ${roundId} is not in progress`);
  }

  openRounds(): OpenRound[] {
    return this.all<RoundRow>("SELECT * FROM rounds WHERE status IN ('locked', 'dealt') ORDER BY round_id").map(
      (row) => ({
        roundId: row.round_id,
        status: row.status as 'locked' | 'dealt',
        demo: row.demo === 1,
        bets: JSON.parse(row.bets_json) as Bets,
        stakeMinor: row.stake_minor,
      }),
    );
  }

  maxRoundId(): number {
    return this.get<{ m: number | null }>('SELECT MAX(round_id) AS m FROM rounds')?.m ?? 0;
  }

  round(roundId: number): RoundRecord | null {
    const row = this.get<RoundRow>('SELECT * FROM rounds WHERE round_id = ?', roundId);
    return row ? toRecord(row) : null;
  }

  /** The last finished round of a wallet (for REBET and the screen). */
  lastFinishedRound(demo: boolean, status?: 'settled'): RoundRecord | null {
    const row = status
      ? this.get<RoundRow>(
          "SELECT * FROM rounds WHERE demo = ? AND status = 'settled' ORDER BY round_id DESC LIMIT 1",
          demo ? 1 : 0,
        )
      : this.get<RoundRow>(
          "SELECT * FROM rounds WHERE demo = ? AND status IN ('settled', 'voided') ORDER BY round_id DESC LIMIT 1",
          demo ? 1 : 0,
        );
    return row ? toRecord(row) : null;
  }

  /** Game recall by round id range, newest first. */
  recall(range: { fromRoundId?: number; toRoundId?: number; limit?: number; demo?: boolean }): RoundRecord[] {
    const limit = Math.max(1, Math.min(range.limit ?? 100, 10_000));
    const demoClause = range.demo === undefined ? '' : ` AND demo = ${range.demo ? 1 : 0}`;
    return this.all<RoundRow>(
      `SELECT * FROM rounds WHERE round_id >= ? AND round_id <= ?${demoClause} ORDER BY round_id DESC LIMIT ?`,
      range.fromRoundId ?? 0,
      range.toRoundId ?? Number.MAX_SAFE_INTEGER,
      limit,
    ).map(toRecord);
  }

  // ------------------------------------------------------------------ events

  appendEvent(kind: string, detail: string, at: string): number {
    return this.run('INSERT INTO events (at, kind, detail) VALUES (?, ?, ?)', at, kind, detail).lastId;
  }

  events(range: { fromId?: number; toId?: number; limit?: number; kind?: string }): EventLogEntry[] {
    const limit = Math.max(1, Math.min(range.limit ?? 100, 10_000));
    const rows = range.kind
      ? this.all<EventLogEntry>(
          'SELECT id, at, kind, detail FROM events WHERE id >= ? AND id <= ? AND kind = ? ORDER BY id DESC LIMIT ?',
          range.fromId ?? 0,
          range.toId ?? Number.MAX_SAFE_INTEGER,
          range.kind,
          limit,
        )
      : this.all<EventLogEntry>(
          'SELECT id, at, kind, detail FROM events WHERE id >= ? AND id <= ? ORDER BY id DESC LIMIT ?',
          range.fromId ?? 0,
          range.toId ?? Number.MAX_SAFE_INTEGER,
          limit,
        );
    return rows.map((r) => ({ id: r.id, at: r.at, kind: r.kind, detail: r.detail }));
  }

  lastEventId(): number {
    return this.get<{ m: number | null }>('SELECT MAX(id) AS m FROM events')?.m ?? 0;
  }

  // ------------------------------------------------------------------- tilts

  tilts(): Tilt[] {
    return this.all<{ kind: string; source: string; reason: string; cleared_by: string; since: string }>(
      'SELECT kind, source, reason, cleared_by, since FROM tilts ORDER BY since, kind, source',
    ).map((r) => ({
      kind: r.kind as TiltKind,
      source: r.source,
      reason: r.reason,
      clearedBy: r.cleared_by as TiltClearance,
      since: r.since,
    }));
  }

  putTilt(tilt: Tilt): boolean {
    return (
      this.run(
        'INSERT OR IGNORE INTO tilts (kind, source, reason, cleared_by, since) VALUES (?, ?, ?, ?, ?)',
        tilt.kind,
        tilt.source,
        tilt.reason,
        tilt.clearedBy,
        tilt.since,
      ).changes === 1
    );
  }

  removeTilt(kind: TiltKind, source?: string): number {
    return source === undefined
      ? this.run('DELETE FROM tilts WHERE kind = ?', kind).changes
      : this.run('DELETE FROM tilts WHERE kind = ? AND source = ?', kind, source).changes;
  }

  // ---------------------------------------------------------------- handpays

  insertHandpay(amountMinor: MinorUnits, at: string): Handpay {
    this.requireTransaction('insertHandpay');
    const id = this.run('INSERT INTO handpays (amount_minor, at) VALUES (?, ?)', amountMinor, at).lastId;
    return { handpayId: id, amountMinor, at };
  }

  pendingHandpays(): Handpay[] {
    return this.all<{ id: number; amount_minor: number; at: string }>(
      'SELECT id, amount_minor, at FROM handpays WHERE cleared_at IS NULL ORDER BY id',
    ).map((r) => ({ handpayId: r.id, amountMinor: r.amount_minor, at: r.at }));
  }

  clearHandpays(at: string): number {
    return this.run('UPDATE handpays SET cleared_at = ? WHERE cleared_at IS NULL', at).changes;
  }

  // ------------------------------------------------------------------ config

  storedConfig(): { body: string; sha256: string } | null {
    return this.get<{ body: string; sha256: string }>('SELECT body, sha256 FROM config WHERE slot = 1') ?? null;
  }

  storeConfig(body: string, sha: string): void {
    this.run('INSERT OR REPLACE INTO config (slot, body, sha256) VALUES (1, ?, ?)', body, sha);
  }

  // --------------------------------------------------------------- RAM clear

  recordRamClear(r: { at: string; creditsRemovedMinor: MinorUnits; metersBefore: Meters | null }): void {
    this.requireTransaction('recordRamClear');
    this.run(
      `INSERT INTO ram_clears (at, after_ledger_id, after_round_id, after_event_id, credits_removed_minor, meters_before_json)
       VALUES (?, ?, ?, ?, ?, ?)`,
      r.at,
      this.lastLedgerId(),
      this.maxRoundId(),
      this.lastEventId(),
      r.creditsRemovedMinor,
      r.metersBefore ? canonicalize(r.metersBefore) : null,
    );
  }

  lastRamClear(): { afterLedgerId: number; afterRoundId: number; afterEventId: number } | null {
    const row = this.get<{ after_ledger_id: number; after_round_id: number; after_event_id: number }>(
      'SELECT after_ledger_id, after_round_id, after_event_id FROM ram_clears ORDER BY id DESC LIMIT 1',
    );
    return row
      ? { afterLedgerId: row.after_ledger_id, afterRoundId: row.after_round_id, afterEventId: row.after_event_id }
      : null;
  }

  // ------------------------------------------------------- audit (verifier)

  /** Everything a verifier needs to recompute meters and the money identity. */
  auditRows(): {
    ledger: Array<{
      id: number;
      kind: LedgerKind;
      demo: number;
      delta_minor: number;
      round_id: number | null;
      spot: string | null;
      event_key: string | null;
      denomination_minor: number | null;
      balance_after_minor: number;
    }>;
    rounds: Array<{
      round_id: number;
      status: string;
      demo: number;
      bets_json: string;
      stake_minor: number;
      outcome_json: string | null;
      returns_json: string | null;
      return_minor: number | null;
      refunded_minor: number;
    }>;
    refunds: Array<{ round_id: number; amount_minor: number }>;
    events: Array<{ id: number; kind: string; detail: string }>;
  } {
    return {
      ledger: this.all(
        'SELECT id, kind, demo, delta_minor, round_id, spot, event_key, denomination_minor, balance_after_minor FROM ledger ORDER BY id',
      ),
      rounds: this.all(
        'SELECT round_id, status, demo, bets_json, stake_minor, outcome_json, returns_json, return_minor, refunded_minor FROM rounds ORDER BY round_id',
      ),
      refunds: this.all('SELECT round_id, amount_minor FROM refunds ORDER BY round_id'),
      events: this.all("SELECT id, kind, detail FROM events WHERE kind IN ('power-up', 'door') ORDER BY id"),
    };
  }

  /** The durability settings in force on this connection (2 = FULL). */
  durability(): { journalMode: string; synchronous: number } {
    const mode = this.get<{ journal_mode: string }>('PRAGMA journal_mode')?.journal_mode ?? '?';
    const sync = this.get<{ synchronous: number }>('PRAGMA synchronous')?.synchronous ?? -1;
    return { journalMode: mode, synchronous: sync };
  }

  /** SQLite's own page-level check. */
  quickCheck(): string {
    return this.get<{ quick_check: string }>('PRAGMA quick_check')?.quick_check ?? 'no answer';
  }
}
