/**
 * Rounds (game recall) and their refunds. A round moves only forward, locked →
 * dealt → settled, or locked/dealt → voided; triggers make a finished round final,
 * and `refunds` is keyed by round so a round is refunded at most once
 * (docs/cabinet-rules.md#power-loss, docs/cabinet-rules.md#game-recall). Every write re-stamps
 * the round's record-chain digest in the same transaction (docs/cabinet-rules.md#verified-records).
 */
import type { Card } from '../core/cards/card.ts';
import type { RoundOutcome, Winner } from '../core/engine/round.ts';
import type { Bets, Returns } from '../core/engine/settlement.ts';
import { canonicalJson } from '../core/integrity/canonical-json.ts';
import { RuleProfileSchema, type RuleProfile } from '../core/engine/rule-profile.ts';
import { JournalError, type NewRound, type RecallQuery, type SettledOutcome } from '../core/model/journal-port.ts';
import { joinMessage, splitMessage, type VoidReason } from '../core/model/journal-message.ts';
import type { OpenRound, RoundRecord, RoundStatus } from '../core/model/round-record.ts';
import { RecordBreakError } from '../core/model/record-check.ts';
import type { MinorUnits } from '../core/money/minor-units.ts';
import type { Database } from './database.ts';
import type { RecordChain } from './record-chain.ts';
import { pageLimit, timeBound } from './time-bounds.ts';

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
  refunded_minor: number;
  /** NULL for rounds locked before schema v3. */
  profile_json: string | null;
  /** NULL unless voided from schema v5 on. */
  void_code: string | null;
  void_params_json: string | null;
  chain_digest: string | null;
}

/** The fields of a settled round the roads draw (JSON true/false come back from SQLite as 1/0). */
interface SettledOutcomeRow {
  round_id: number;
  winner: Winner;
  player_total: number;
  banker_total: number;
  player_pair: number;
  banker_pair: number;
  natural: number;
}

/**
 * The roads' window: the newest settled rounds of one wallet after a round id, newest first (parameters:
 * after round id, demo 0/1, limit). Read through the `rounds_road_window` index (migration 8), so the
 * rounds of the other wallet and the voided ones in between are never visited. SQLite reads the few
 * fields the roads draw out of each outcome, so no card list is parsed.
 */
export const SETTLED_OUTCOMES_SQL = `SELECT round_id,
    json_extract(outcome_json, '$.winner') AS winner,
    json_extract(outcome_json, '$.player.total') AS player_total,
    json_extract(outcome_json, '$.banker.total') AS banker_total,
    json_extract(outcome_json, '$.playerPair') AS player_pair,
    json_extract(outcome_json, '$.bankerPair') AS banker_pair,
    json_extract(outcome_json, '$.natural') AS natural
  FROM rounds
  WHERE round_id > ? AND status = 'settled' AND demo = ? AND outcome_json IS NOT NULL
  ORDER BY round_id DESC LIMIT ?`;

/** A round row as the audit reads it. */
export interface RoundAuditRow {
  round_id: number;
  status: string;
  demo: number;
  bets_json: string;
  stake_minor: number;
  outcome_json: string | null;
  returns_json: string | null;
  return_minor: number | null;
  refunded_minor: number;
}

/** The columns of RoundAuditRow (the archive's rounds are read with the same list). */
export const ROUND_AUDIT_COLUMNS = [
  'round_id',
  'status',
  'demo',
  'bets_json',
  'stake_minor',
  'outcome_json',
  'returns_json',
  'return_minor',
  'refunded_minor',
] as const;

/** A refund row as the audit reads it. */
export interface RefundAuditRow {
  round_id: number;
  amount_minor: number;
}

/** One stored JSON column; a damaged one is a record break naming the round, never a raw SyntaxError. */
function parsed<T>(row: RoundRow, column: string, text: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new RecordBreakError({
      table: 'rounds',
      rowId: row.round_id,
      problem: { code: 'column-unreadable', column },
    });
  }
}

/**
 * The round's rule profile through the profile schema, so a profile stored before a field existed
 * reads with that field's default: the game it was played under (docs/rules.md#variants).
 */
function storedProfile(row: RoundRow, text: string): RuleProfile {
  const result = RuleProfileSchema.safeParse(parsed<unknown>(row, 'profile_json', text));
  if (result.success) return result.data;
  throw new RecordBreakError({
    table: 'rounds',
    rowId: row.round_id,
    problem: { code: 'column-unreadable', column: 'profile_json' },
  });
}

function toRecord(row: RoundRow): RoundRecord {
  const status: RoundStatus = row.status === 'settled' ? 'settled' : row.status === 'voided' ? 'voided' : 'in-progress';
  return {
    roundId: row.round_id,
    status,
    demo: row.demo === 1,
    bets: parsed<Bets>(row, 'bets_json', row.bets_json),
    cards: row.cards_json ? parsed<Card[]>(row, 'cards_json', row.cards_json) : [],
    outcome: row.outcome_json ? parsed<RoundOutcome>(row, 'outcome_json', row.outcome_json) : null,
    returns: row.returns_json ? parsed<Returns>(row, 'returns_json', row.returns_json) : {},
    creditsBeforeMinor: row.credits_before_minor,
    creditsAfterMinor: row.credits_after_minor ?? row.credits_before_minor - row.stake_minor,
    startedAt: row.started_at,
    endedAt: row.ended_at,
    voidCode: joinMessage<VoidReason>(row.void_code, row.void_params_json),
    refundedMinor: row.refunded_minor,
    profile: row.profile_json ? storedProfile(row, row.profile_json) : null,
  };
}

/** Every status the rounds table's CHECK allows (migrations.ts). */
const ROUND_STATUSES = ['locked', 'dealt', 'settled', 'voided'] as const;

export class RoundStore {
  private readonly db: Database;
  /** null only for the unchained baseline of the benchmark. */
  private readonly chain: RecordChain | null;

  constructor(db: Database, chain: RecordChain | null = null) {
    this.db = db;
    this.chain = chain;
  }

  private stamp(roundId: number): void {
    this.chain?.restampFrom('rounds', roundId);
  }

  /** A round that no longer verifies is never changed (its damage would be re-stamped). */
  private requireIntact(roundId: number): void {
    this.chain?.requireIntact('rounds', roundId);
  }

  /** Locks a new round (its stake rows go to the ledger in the same transaction). */
  insert(r: NewRound): void {
    this.db.requireTransaction('insertRound');
    this.db.run(
      `INSERT INTO rounds (round_id, status, demo, bets_json, stake_minor, credits_before_minor, credits_after_minor, started_at, profile_json)
       VALUES (?, 'locked', ?, ?, ?, ?, ?, ?, ?)`,
      r.roundId,
      r.demo ? 1 : 0,
      canonicalJson(r.bets),
      r.stakeMinor,
      r.creditsBeforeMinor,
      r.creditsBeforeMinor - r.stakeMinor,
      r.at,
      r.profile ? canonicalJson(r.profile) : null,
    );
    this.stamp(r.roundId);
  }

  /** Records the cards (committed before any is shown). */
  markDealt(roundId: number, outcome: RoundOutcome, at: string): void {
    this.db.requireTransaction('markDealt');
    this.requireIntact(roundId);
    const r = this.db.run(
      `UPDATE rounds SET status = 'dealt', cards_json = ?, outcome_json = ?, dealt_at = ? WHERE round_id = ? AND status = 'locked'`,
      JSON.stringify(outcome.dealOrder),
      JSON.stringify(outcome),
      at,
      roundId,
    );
    if (r.changes !== 1) throw new JournalError(`round ${roundId} is not locked`);
    this.stamp(roundId);
  }

  markSettled(
    roundId: number,
    returns: Returns,
    returnMinor: MinorUnits,
    creditsAfterMinor: MinorUnits,
    at: string,
  ): void {
    this.db.requireTransaction('markSettled');
    this.requireIntact(roundId);
    const r = this.db.run(
      `UPDATE rounds SET status = 'settled', returns_json = ?, return_minor = ?, credits_after_minor = ?, ended_at = ?
       WHERE round_id = ? AND status = 'dealt'`,
      canonicalJson(returns),
      returnMinor,
      creditsAfterMinor,
      at,
      roundId,
    );
    if (r.changes !== 1) throw new JournalError(`round ${roundId} is not dealt`);
    this.stamp(roundId);
  }

  /** Voids a locked or dealt round and writes its one refund row (UNIQUE per round). */
  markVoided(
    roundId: number,
    refundMinor: MinorUnits,
    creditsAfterMinor: MinorUnits,
    at: string,
    code: VoidReason,
  ): void {
    // Not checked here: voiding is the way out (power-up recovery after a verified start, and the RAM
    // clear, which must work on a damaged round too).
    this.db.requireTransaction('markVoided');
    const coded = splitMessage(code);
    this.db.run('INSERT INTO refunds (round_id, amount_minor, at) VALUES (?, ?, ?)', roundId, refundMinor, at);
    const r = this.db.run(
      `UPDATE rounds SET status = 'voided', void_code = ?, void_params_json = ?, refunded_minor = ?,
         credits_after_minor = ?, ended_at = ?, returns_json = '{}', return_minor = 0
       WHERE round_id = ? AND status IN ('locked', 'dealt')`,
      coded.code,
      coded.paramsJson,
      refundMinor,
      creditsAfterMinor,
      at,
      roundId,
    );
    if (r.changes !== 1) throw new JournalError(`round ${roundId} is not in progress`);
    this.stamp(roundId);
  }

  open(): OpenRound[] {
    return this.db
      .all<RoundRow>("SELECT * FROM rounds WHERE status IN ('locked', 'dealt') ORDER BY round_id")
      .map((row) => ({
        roundId: row.round_id,
        status: row.status as 'locked' | 'dealt',
        demo: row.demo === 1,
        bets: JSON.parse(row.bets_json) as Bets,
        stakeMinor: row.stake_minor,
      }));
  }

  maxId(): number {
    return this.db.get<{ m: number | null }>('SELECT MAX(round_id) AS m FROM rounds')?.m ?? 0;
  }

  get(roundId: number): RoundRecord | null {
    const row = this.db.get<RoundRow>('SELECT * FROM rounds WHERE round_id = ?', roundId);
    return row ? toRecord(row) : null;
  }

  /** The last finished round of a wallet (for REBET and the screen). */
  lastFinished(demo: boolean, status?: 'settled'): RoundRecord | null {
    const row = status
      ? this.db.get<RoundRow>(
          "SELECT * FROM rounds WHERE demo = ? AND status = 'settled' ORDER BY round_id DESC LIMIT 1",
          demo ? 1 : 0,
        )
      : this.db.get<RoundRow>(
          "SELECT * FROM rounds WHERE demo = ? AND status IN ('settled', 'voided') ORDER BY round_id DESC LIMIT 1",
          demo ? 1 : 0,
        );
    return row ? toRecord(row) : null;
  }

  /**
   * Game recall by round number and lock time, newest first; every bound inclusive
   * (docs/cabinet-rules.md#game-recall). The primary key and `rounds_started_at` keep both an
   * index lookup however many rounds are kept.
   */
  recall(range: RecallQuery): RoundRecord[] {
    const timeClause =
      range.fromTime === undefined && range.toTime === undefined ? '' : ' AND started_at >= ? AND started_at <= ?';
    const timeArgs = timeClause ? [timeBound(range.fromTime, 'from'), timeBound(range.toTime, 'to')] : [];
    const where = `round_id >= ? AND round_id <= ?${timeClause}`;
    const args = [range.fromRoundId ?? 0, range.toRoundId ?? Number.MAX_SAFE_INTEGER, ...timeArgs];
    const limit = pageLimit(range.limit);
    // One wallet: with `demo = ?` alone SQLite took `rounds_road_window` (demo, status, round_id) and sorted every
    // round of the wallet (the player's history at start-up read the whole journal). Per status, that index walks
    // back in round order, so each status gives its newest `limit` and the page is the newest of those.
    const rows =
      range.demo === undefined
        ? this.db.all<RoundRow>(`SELECT * FROM rounds WHERE ${where} ORDER BY round_id DESC LIMIT ?`, ...args, limit)
        : this.db.all<RoundRow>(
            `SELECT * FROM (${ROUND_STATUSES.map(
              (status) =>
                `SELECT * FROM (SELECT * FROM rounds WHERE demo = ${range.demo ? 1 : 0} AND status = '${status}' AND ${where} ORDER BY round_id DESC LIMIT ?)`,
            ).join(' UNION ALL ')}) ORDER BY round_id DESC LIMIT ?`,
            ...ROUND_STATUSES.flatMap(() => [...args, limit]),
            limit,
          );
    return rows.map((row) => {
      // What recall shows must be what was recorded: each row is verified against its chain first.
      this.chain?.requireIntact('rounds', row.round_id);
      return toRecord(row);
    });
  }

  /**
   * The roads' window (docs/roads.md#implementation-status): `limit` settled rounds of the wallet walking
   * back from the newest, found by their index, so the cost follows the window, not the journal, also in
   * demo mode on a journal of real rounds (SETTLED_OUTCOMES_SQL).
   */
  settledOutcomes(demo: boolean, afterRoundId: number, limit: number): SettledOutcome[] {
    return this.db
      .all<SettledOutcomeRow>(SETTLED_OUTCOMES_SQL, afterRoundId, demo ? 1 : 0, pageLimit(limit))
      .map((row) => ({
        roundId: row.round_id,
        winner: row.winner,
        playerTotal: row.player_total,
        bankerTotal: row.banker_total,
        playerPair: row.player_pair === 1,
        bankerPair: row.banker_pair === 1,
        natural: row.natural === 1,
      }));
  }

  auditRows(): RoundAuditRow[] {
    return this.db.all(`SELECT ${ROUND_AUDIT_COLUMNS.join(', ')} FROM rounds ORDER BY round_id`);
  }

  auditRefunds(): RefundAuditRow[] {
    return this.db.all('SELECT round_id, amount_minor FROM refunds ORDER BY round_id');
  }
}
