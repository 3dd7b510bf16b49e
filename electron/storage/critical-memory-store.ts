/**
 * Critical memory: two copies in two tables (two different b-tree pages), each
 * stored as canonical JSON with its SHA-256, so a changed byte in either copy is
 * detected and the other copy can rebuild it (docs/cabinet-rules.md#critical-memory).
 */
import { canonicalJson } from '../core/integrity/canonical-json.ts';
import { sha256Hex } from '../core/integrity/sha256.ts';
import type { CopyName, CopyRead, CriticalState } from '../core/model/critical-state.ts';
import type { Database } from './database.ts';

const TABLE: Readonly<Record<CopyName, string>> = { a: 'critical_a', b: 'critical_b' };

/** The stored form of a state: canonical JSON (key order never matters) and its SHA-256. */
export function encodeCritical(state: CriticalState): { body: string; sha: string } {
  const body = canonicalJson(state);
  return { body, sha: sha256Hex(body) };
}

export class CriticalMemoryStore {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /** Writes both copies (inside the transaction of the change). */
  write(state: CriticalState): void {
    this.db.requireTransaction('writeCritical');
    const { body, sha } = encodeCritical(state);
    this.put('a', body, sha);
    this.put('b', body, sha);
  }

  /** Rebuilds one copy from a good state (inside a transaction). */
  writeCopy(copy: CopyName, state: CriticalState): void {
    this.db.requireTransaction('writeCriticalCopy');
    const { body, sha } = encodeCritical(state);
    this.put(copy, body, sha);
  }

  private put(copy: CopyName, body: string, sha: string): void {
    this.db.run(`INSERT OR REPLACE INTO ${TABLE[copy]} (slot, body, sha256) VALUES (1, ?, ?)`, body, sha);
  }

  readCopies(): { a: CopyRead; b: CopyRead; exists: boolean } {
    const a = this.read('a');
    const b = this.read('b');
    return { a, b, exists: a.present || b.present };
  }

  private read(copy: CopyName): CopyRead & { present: boolean } {
    const row = this.db.get<{ body: string; sha256: string }>(`SELECT body, sha256 FROM ${TABLE[copy]} WHERE slot = 1`);
    if (!row) return { copy, state: null, problem: 'missing', present: false };
    if (sha256Hex(row.body) !== row.sha256) return { copy, state: null, problem: 'checksum-mismatch', present: true };
    try {
      return { copy, state: JSON.parse(row.body) as CriticalState, problem: null, present: true, body: row.body };
    } catch {
      return { copy, state: null, problem: 'not-json', present: true };
    }
  }
}
