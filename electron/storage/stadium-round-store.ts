/**
 * A stadium terminal's rounds and its id (docs/stadium.md#the-terminals-journal): `StadiumRoundJournal` over the
 * `stadium_rounds` and `stadium_terminal` tables. The PRIMARY KEY (table, round) makes a second close of one round
 * impossible; triggers keep a concluded row final and refuse a delete.
 */
import { randomBytes } from 'node:crypto';
import type { Card } from '../core/cards/card.ts';
import {
  STADIUM_CONCLUSIONS,
  STADIUM_SIT_OUTS,
  type StadiumConclusion,
  type StadiumRoundJournal,
  type StadiumRoundRow,
  type StadiumSitOut,
  type StreamWord,
} from '../core/model/stadium-journal.ts';
import type { Database } from './database.ts';

/** A new terminal id: `t` and 16 hex digits, one NATS subject token and a valid consumer name. */
export function newTerminalId(): string {
  return `t${randomBytes(8).toString('hex')}`;
}

interface Row {
  table_id: string;
  table_round: number;
  round_id: number | null;
  sit_out: string | null;
  conclusion: string | null;
  stream_kind: string | null;
  cards_json: string | null;
  closed_at: string | null;
  concluded_at: string | null;
  reported_at: string | null;
}

const COLUMNS =
  'table_id, table_round, round_id, sit_out, conclusion, stream_kind, cards_json, closed_at, concluded_at, reported_at';

function oneOf<T extends string>(list: readonly T[], value: string | null): T | null {
  return value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;
}

function streamOf(r: Pick<Row, 'stream_kind' | 'cards_json'>): StreamWord | null {
  const cards = r.cards_json === null ? null : (JSON.parse(r.cards_json) as Card[]);
  switch (r.stream_kind) {
    case 'result':
      return cards === null ? null : { kind: 'result', cards };
    case 'void':
      return { kind: 'void' };
    case 'doubtful':
      return { kind: 'doubtful', cards };
    default:
      return null;
  }
}

/** The stream's word as its two columns. */
function streamColumns(stream: StreamWord | null): [string | null, string | null] {
  if (stream === null) return [null, null];
  const cards = stream.kind === 'void' || stream.cards === null ? null : JSON.stringify(stream.cards);
  return [stream.kind, cards];
}

function toRow(r: Row): StadiumRoundRow {
  return {
    table: r.table_id,
    tableRound: r.table_round,
    roundId: r.round_id,
    sitOut: oneOf<StadiumSitOut>(STADIUM_SIT_OUTS, r.sit_out),
    conclusion: oneOf<StadiumConclusion>(STADIUM_CONCLUSIONS, r.conclusion),
    stream: streamOf(r),
    closedAt: r.closed_at,
    concludedAt: r.concluded_at,
    reportedAt: r.reported_at,
  };
}

export class StadiumRoundStore implements StadiumRoundJournal {
  private readonly db: Database;
  /** Read once: the id never changes (every snapshot of a terminal shows it). */
  private terminal: string | null = null;

  constructor(db: Database) {
    this.db = db;
  }

  terminalId(): string {
    if (this.terminal !== null) return this.terminal;
    const row = this.db.get<{ terminal_id: string }>('SELECT terminal_id FROM stadium_terminal WHERE slot = 1');
    if (!row) throw new Error('the journal has no stadium terminal id (its first migration did not run)');
    this.terminal = row.terminal_id;
    return this.terminal;
  }

  row(table: string, tableRound: number): StadiumRoundRow | null {
    const r = this.db.get<Row>(
      `SELECT ${COLUMNS} FROM stadium_rounds WHERE table_id = ? AND table_round = ?`,
      table,
      tableRound,
    );
    return r ? toRow(r) : null;
  }

  rowOfRound(roundId: number): StadiumRoundRow | null {
    const r = this.db.get<Row>(`SELECT ${COLUMNS} FROM stadium_rounds WHERE round_id = ?`, roundId);
    return r ? toRow(r) : null;
  }

  lastStreamRound(table: string): number | null {
    return (
      this.db.get<{ n: number | null }>(
        'SELECT MAX(table_round) AS n FROM stadium_rounds WHERE table_id = ? AND stream_kind IS NOT NULL',
        table,
      )?.n ?? null
    );
  }

  lastConcludedRound(table: string): number | null {
    return (
      this.db.get<{ n: number | null }>(
        'SELECT MAX(table_round) AS n FROM stadium_rounds WHERE table_id = ? AND conclusion IS NOT NULL',
        table,
      )?.n ?? null
    );
  }

  lastResult(table: string): StadiumRoundRow | null {
    return this.recentResults(table, 1)[0] ?? null;
  }

  /** Every row, for the journal audit. */
  all(): StadiumRoundRow[] {
    return this.db.all<Row>(`SELECT ${COLUMNS} FROM stadium_rounds ORDER BY table_id, table_round`).map(toRow);
  }

  recentResults(table: string, limit: number): StadiumRoundRow[] {
    return this.db
      .all<Row>(
        `SELECT ${COLUMNS} FROM stadium_rounds WHERE table_id = ? AND conclusion = 'result'
          ORDER BY table_round DESC LIMIT ?`,
        table,
        limit,
      )
      .map(toRow);
  }

  unreported(limit: number): StadiumRoundRow[] {
    return this.db
      .all<Row>(
        `SELECT ${COLUMNS} FROM stadium_rounds
          WHERE reported_at IS NULL AND round_id IS NOT NULL AND conclusion IS NOT NULL
          ORDER BY concluded_at, table_id, table_round LIMIT ?`,
        limit,
      )
      .map(toRow);
  }

  recordClose(
    table: string,
    tableRound: number,
    roundId: number | null,
    sitOut: StadiumSitOut | null,
    at: string,
  ): void {
    this.db.requireTransaction('recordStadiumClose');
    this.db.run(
      'INSERT INTO stadium_rounds (table_id, table_round, round_id, sit_out, closed_at) VALUES (?, ?, ?, ?, ?)',
      table,
      tableRound,
      roundId,
      sitOut,
      at,
    );
  }

  conclude(
    table: string,
    tableRound: number,
    conclusion: StadiumConclusion,
    stream: StreamWord | null,
    at: string,
  ): void {
    this.db.requireTransaction('concludeStadiumRound');
    const [kind, cards] = streamColumns(stream);
    const changed = this.db.run(
      `UPDATE stadium_rounds SET conclusion = ?, stream_kind = COALESCE(stream_kind, ?),
          cards_json = CASE WHEN stream_kind IS NULL THEN ? ELSE cards_json END, concluded_at = ?
        WHERE table_id = ? AND table_round = ? AND conclusion IS NULL`,
      conclusion,
      kind,
      cards,
      at,
      table,
      tableRound,
    ).changes;
    if (changed === 1) return;
    // No row yet (the terminal did not see this round's close); a concluded row makes the INSERT fail the key.
    this.db.run(
      `INSERT INTO stadium_rounds (table_id, table_round, conclusion, stream_kind, cards_json, concluded_at)
        VALUES (?, ?, ?, ?, ?, ?)`,
      table,
      tableRound,
      conclusion,
      kind,
      cards,
      at,
    );
  }

  markStream(table: string, tableRound: number, stream: StreamWord): void {
    this.db.requireTransaction('markStadiumStream');
    const [kind, cards] = streamColumns(stream);
    this.db.run(
      'UPDATE stadium_rounds SET stream_kind = ?, cards_json = ? WHERE table_id = ? AND table_round = ? AND stream_kind IS NULL',
      kind,
      cards,
      table,
      tableRound,
    );
  }

  markReported(table: string, tableRound: number, at: string): boolean {
    this.db.requireTransaction('markStadiumReported');
    return (
      this.db.run(
        `UPDATE stadium_rounds SET reported_at = ?
          WHERE table_id = ? AND table_round = ? AND reported_at IS NULL AND conclusion IS NOT NULL`,
        at,
        table,
        tableRound,
      ).changes === 1
    );
  }
}
