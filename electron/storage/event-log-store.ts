/**
 * The event log: every fault, tilt, clearance, door, configuration change,
 * power-up and shutdown, append-only and in the transaction of the change it
 * describes (docs/cabinet-rules.md#door-and-tilt, docs/cabinet-rules.md#meters).
 */
import type { EventLogEntry } from '../core/model/event-log.ts';
import type { Database } from './database.ts';

/** An event row as the audit reads it (power-ups and door opens drive meters). */
export interface EventAuditRow {
  id: number;
  kind: string;
  detail: string;
}

export class EventLogStore {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  append(kind: string, detail: string, at: string): number {
    this.db.requireTransaction('appendEvent');
    return this.db.run('INSERT INTO events (at, kind, detail) VALUES (?, ?, ?)', at, kind, detail).lastId;
  }

  /** Newest first, by id range and optionally one kind. */
  list(range: { fromId?: number; toId?: number; limit?: number; kind?: string }): EventLogEntry[] {
    const limit = Math.max(1, Math.min(range.limit ?? 100, 10_000));
    const rows = range.kind
      ? this.db.all<EventLogEntry>(
          'SELECT id, at, kind, detail FROM events WHERE id >= ? AND id <= ? AND kind = ? ORDER BY id DESC LIMIT ?',
          range.fromId ?? 0,
          range.toId ?? Number.MAX_SAFE_INTEGER,
          range.kind,
          limit,
        )
      : this.db.all<EventLogEntry>(
          'SELECT id, at, kind, detail FROM events WHERE id >= ? AND id <= ? ORDER BY id DESC LIMIT ?',
          range.fromId ?? 0,
          range.toId ?? Number.MAX_SAFE_INTEGER,
          limit,
        );
    return rows.map((r) => ({ id: r.id, at: r.at, kind: r.kind, detail: r.detail }));
  }

  lastId(): number {
    return this.db.get<{ m: number | null }>('SELECT MAX(id) AS m FROM events')?.m ?? 0;
  }

  auditRows(): EventAuditRow[] {
    return this.db.all("SELECT id, kind, detail FROM events WHERE kind IN ('power-up', 'door') ORDER BY id");
  }
}
