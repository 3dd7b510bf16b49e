/**
 * The venue-config audit trail (docs/venue-config.md#audit-trail): append-only, one row per
 * changed leaf field, written in the transaction of the config change it describes.
 */
import type { ConfigAuditEntry, NewConfigAuditEntry } from '../core/model/config-audit.ts';
import type { Database } from './database.ts';

interface Row {
  id: number;
  at: string;
  role: string;
  field: string;
  old_value: string;
  new_value: string;
}

export class ConfigAuditStore {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  append(entry: NewConfigAuditEntry): number {
    this.db.requireTransaction('appendConfigAudit');
    return this.db.run(
      'INSERT INTO config_audit (at, role, field, old_value, new_value, config_sha256) VALUES (?, ?, ?, ?, ?, ?)',
      entry.at,
      entry.role,
      entry.field,
      entry.oldValue,
      entry.newValue,
      entry.configSha256,
    ).lastId;
  }

  /** Newest first; `beforeId` pages back from an earlier answer's last id. */
  list(range: { limit?: number; beforeId?: number }): ConfigAuditEntry[] {
    const limit = Math.max(1, Math.min(range.limit ?? 100, 10_000));
    const rows = this.db.all<Row>(
      'SELECT id, at, role, field, old_value, new_value FROM config_audit WHERE id < ? ORDER BY id DESC LIMIT ?',
      range.beforeId ?? Number.MAX_SAFE_INTEGER,
      limit,
    );
    return rows.map((r) => ({
      id: r.id,
      at: r.at,
      role: r.role,
      field: r.field,
      oldValue: r.old_value,
      newValue: r.new_value,
    }));
  }
}
