/**
 * The venue configuration in force, as canonical JSON with its SHA-256; critical
 * memory carries the same hash, so a changed configuration is noticed and logged at
 * start-up (docs/cabinet-rules.md#critical-memory).
 */
import type { Database } from './database.ts';

export class ConfigStore {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  stored(): { body: string; sha256: string } | null {
    return this.db.get<{ body: string; sha256: string }>('SELECT body, sha256 FROM config WHERE slot = 1') ?? null;
  }

  store(body: string, sha: string): void {
    this.db.requireTransaction('storeConfig');
    this.db.run('INSERT OR REPLACE INTO config (slot, body, sha256) VALUES (1, ?, ?)', body, sha);
  }
}
