/**
 * The event log: every fault, tilt, clearance, door, configuration change,
 * power-up and shutdown, append-only and in the transaction of the change it
 * describes (docs/cabinet-rules.md#door-and-tilt, docs/cabinet-rules.md#meters). Each row carries
 * its record-chain digest, written by the same INSERT (docs/cabinet-rules.md#verified-records).
 */
import type { EventLogEntry } from '../core/model/event-log.ts';
import { joinMessage, splitMessage, type EventMessage } from '../core/model/journal-message.ts';
import type { EventQuery } from '../core/model/journal-port.ts';
import type { Database } from './database.ts';
import type { RecordChain } from './record-chain.ts';
import { pageLimit, timeBound } from './time-bounds.ts';

/** An event row as the audit reads it (power-ups and door opens drive meters). */
export interface EventAuditRow {
  id: number;
  kind: string;
  code: string;
}

interface EventRow {
  id: number;
  at: string;
  kind: string;
  code: string;
  params_json: string;
}

function toEntry(r: EventRow): EventLogEntry {
  return {
    id: r.id,
    at: r.at,
    kind: r.kind,
    message: joinMessage<EventMessage>(r.code, r.params_json)!,
  };
}

export class EventLogStore {
  private readonly db: Database;
  /** null only for the unchained baseline of the benchmark. */
  private readonly chain: RecordChain | null;

  constructor(db: Database, chain: RecordChain | null = null) {
    this.db = db;
    this.chain = chain;
  }

  /** A row is its writer's code and parameters; no words are stored beside them. */
  append(kind: string, at: string, message: EventMessage): number {
    this.db.requireTransaction('appendEvent');
    const { code, paramsJson } = splitMessage(message);
    // One read gives the next id and the previous row's digest (the digest covers the id).
    const tail = this.chain ? this.chain.tail('events') : { id: this.lastId(), digest: '' };
    const values = [tail.id + 1, at, kind, code, paramsJson] as const;
    const digest = this.chain ? this.chain.digestAfter('events', tail, values) : null;
    return this.db.run(
      'INSERT INTO events (id, at, kind, code, params_json, chain_digest) VALUES (?, ?, ?, ?, ?, ?)',
      ...values,
      digest,
    ).lastId;
  }

  /**
   * Newest first, by id range, time range and optionally one kind; every bound inclusive. Page
   * back with `toId` = the last id shown − 1 (an empty page means there is nothing older).
   */
  list(range: EventQuery): EventLogEntry[] {
    const where = ['id >= ?', 'id <= ?'];
    const args: Array<string | number> = [range.fromId ?? 0, range.toId ?? Number.MAX_SAFE_INTEGER];
    if (range.fromTime !== undefined || range.toTime !== undefined) {
      where.push('at >= ?', 'at <= ?');
      args.push(timeBound(range.fromTime, 'from'), timeBound(range.toTime, 'to'));
    }
    if (range.kind) {
      where.push('kind = ?');
      args.push(range.kind);
    }
    const rows = this.db.all<EventRow>(
      `SELECT id, at, kind, code, params_json FROM events WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT ?`,
      ...args,
      pageLimit(range.limit),
    );
    return rows.map(toEntry);
  }

  lastId(): number {
    return this.db.get<{ m: number | null }>('SELECT MAX(id) AS m FROM events')?.m ?? 0;
  }

  auditRows(): EventAuditRow[] {
    return this.db.all("SELECT id, kind, code FROM events WHERE kind IN ('power-up', 'door') ORDER BY id");
  }
}
