/**
 * The second copy of critical memory, in its own small file (`<journal>.critical` unless the
 * installation places it elsewhere, docs/cabinet-rules.md#critical-memory). JSON
 * `{"record": {state, lastLedgerId}, "sha256": "…"}`, the SHA-256 over the record's canonical JSON.
 *
 * Written after the journal's COMMIT and before the cabinet tells anyone, atomically: a temporary
 * file is written and fsynced, renamed over the copy, and the folder is fsynced, so a power loss
 * leaves either the old copy or the new one, never half of one.
 *
 * `CommittedCopyWriter` is the hook: the journal hands it every transaction's critical-memory write (a round, a
 * note, a RAM clear, a rebuilt copy), and it writes this file once that transaction committed. The cabinet sees
 * the file only as the CriticalCopyPort in its context.
 */
import { readFileSync } from 'node:fs';
import { canonicalJson } from '../core/integrity/canonical-json.ts';
import { sha256Hex } from '../core/integrity/sha256.ts';
import type { CriticalCopyPort, CriticalCopyRead, CriticalCopyRecord } from '../core/model/critical-copy.ts';
import type { CriticalState } from '../core/model/critical-state.ts';
import { writeFileDurably } from './durable-file.ts';

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

export class CriticalCopyFile implements CriticalCopyPort {
  readonly location: string;

  constructor(file: string) {
    this.location = file;
  }

  read(): CriticalCopyRead {
    let text: string;
    try {
      text = readFileSync(this.location, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return code === 'ENOENT'
        ? { record: null, problem: 'missing', osCode: null }
        : { record: null, problem: 'unreadable', osCode: code ?? null };
    }
    let parsed: { record?: unknown; sha256?: unknown };
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      return { record: null, problem: 'not-json', osCode: null };
    }
    const record = parsed?.record as Partial<CriticalCopyRecord> | undefined;
    if (typeof parsed?.sha256 !== 'string' || !record || typeof record !== 'object')
      return { record: null, problem: 'no-checksum', osCode: null };
    if (sha256Hex(canonicalJson(record)) !== parsed.sha256)
      return { record: null, problem: 'checksum-mismatch', osCode: null };
    const state = record.state as Partial<CriticalState> | undefined;
    if (!isCount(record.lastLedgerId) || !state || !isCount(state.seq) || !Number.isSafeInteger(state.creditsMinor))
      return { record: null, problem: 'not-a-copy', osCode: null };
    return { record: record as CriticalCopyRecord, problem: null };
  }

  write(record: CriticalCopyRecord): void {
    const body = JSON.stringify({ record, sha256: sha256Hex(canonicalJson(record)) });
    writeFileDurably(this.location, body);
  }
}

/**
 * Writes every committed critical-memory state to `copy` as well. The journal (journal.ts `keepCriticalCopy`) stages
 * each critical-memory write here and calls `committed()` after COMMIT returned and before `transaction` returns, so
 * the file is written before the cabinet emits anything, and a rolled-back transaction (`discard()`) leaves it alone.
 * A file that cannot be written is not a reason to undo a committed change: `onWriteError` is told, and the next
 * start-up finds the file behind or missing and rebuilds it from the journal, logged.
 */
export class CommittedCopyWriter {
  private pending: CriticalState | null = null;
  private readonly copy: CriticalCopyPort;
  private readonly lastLedgerId: () => number;
  private readonly onWriteError: (error: unknown) => void;

  constructor(copy: CriticalCopyPort, lastLedgerId: () => number, onWriteError: (error: unknown) => void) {
    this.copy = copy;
    this.lastLedgerId = lastLedgerId;
    this.onWriteError = onWriteError;
  }

  stage(state: CriticalState): void {
    this.pending = state;
  }

  discard(): void {
    this.pending = null;
  }

  committed(): void {
    const state = this.pending;
    this.pending = null;
    if (state === null) return;
    try {
      this.copy.write({ state, lastLedgerId: this.lastLedgerId() });
    } catch (error) {
      this.onWriteError(error);
    }
  }
}
