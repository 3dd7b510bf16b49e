/**
 * Active tilts. They are durable, so an error still shows after a power cycle, and
 * keyed by kind and source, so one fault is one tilt with one clearance
 * (docs/cabinet-rules.md#door-and-tilt).
 */
import { joinMessage, splitMessage, type TiltReason } from '../core/model/journal-message.ts';
import type { Tilt, TiltClearance, TiltKind } from '../core/model/tilt.ts';
import type { Database } from './database.ts';

interface TiltRow {
  kind: string;
  source: string;
  reason_code: string;
  reason_params_json: string;
  cleared_by: string;
  since: string;
}

export class TiltStore {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  list(): Tilt[] {
    return this.db
      .all<TiltRow>(
        'SELECT kind, source, reason_code, reason_params_json, cleared_by, since FROM tilts ORDER BY since, kind, source',
      )
      .map((r) => ({
        kind: r.kind as TiltKind,
        source: r.source,
        reasonCode: joinMessage<TiltReason>(r.reason_code, r.reason_params_json)!,
        clearedBy: r.cleared_by as TiltClearance,
        since: r.since,
      }));
  }

  /** False when the same kind and source is already active (the first one stays). */
  put(tilt: Tilt): boolean {
    this.db.requireTransaction('putTilt');
    const coded = splitMessage(tilt.reasonCode);
    return (
      this.db.run(
        `INSERT OR IGNORE INTO tilts (kind, source, reason_code, reason_params_json, cleared_by, since)
         VALUES (?, ?, ?, ?, ?, ?)`,
        tilt.kind,
        tilt.source,
        coded.code,
        coded.paramsJson,
        tilt.clearedBy,
        tilt.since,
      ).changes === 1
    );
  }

  /** Removes the tilts of `kind` (from `source` only, when given); returns how many. */
  remove(kind: TiltKind, source?: string): number {
    this.db.requireTransaction('removeTilt');
    return source === undefined
      ? this.db.run('DELETE FROM tilts WHERE kind = ?', kind).changes
      : this.db.run('DELETE FROM tilts WHERE kind = ? AND source = ?', kind, source).changes;
  }
}
