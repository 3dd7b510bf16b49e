/**
 * The second copy of critical memory, in its own small file (`<journal>.critical` unless the
 * installation places it elsewhere, docs/cabinet-rules.md#critical-memory). JSON
 * `{"record": {state, lastLedgerId}, "sha256": "…"}`, the SHA-256 over the record's canonical JSON.
 *
 * Written after the journal's COMMIT and before the cabinet tells anyone, atomically: a temporary
 * file is written and fsynced, renamed over the copy, and the folder is fsynced, so a power loss
 * leaves either the old copy or the new one, never half of one.
 *
 * `journalWithCriticalCopy` is the hook: it wraps the journal so every transaction that wrote
 * critical memory (a round, a note, a RAM clear, a rebuilt copy) also writes this file once it
 * committed. The cabinet never sees the file except through CriticalCopyPort at start-up.
 */
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import path from 'node:path';
import { canonicalJson } from '../core/integrity/canonical-json.ts';
import { sha256Hex } from '../core/integrity/sha256.ts';
import type { CriticalCopyPort, CriticalCopyRead, CriticalCopyRecord } from '../core/model/critical-copy.ts';
import type { CriticalState } from '../core/model/critical-state.ts';
import type { JournalPort } from '../core/model/journal-port.ts';

function syncFolder(folder: string): void {
  const fd = openSync(folder, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

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
    const temporary = `${this.location}.tmp`;
    const fd = openSync(temporary, 'w', 0o600);
    try {
      writeSync(fd, body);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, this.location);
    syncFolder(path.dirname(this.location));
  }
}

/**
 * The journal, with every committed critical-memory write also written to `copy`. The file write
 * happens after COMMIT returned (a rolled-back transaction leaves the file alone) and before
 * `transaction` returns, so before the cabinet emits anything. A file that cannot be written is not
 * a reason to undo a committed change: `onWriteError` is told, and the next start-up finds the file
 * behind or missing and rebuilds it from the journal, logged.
 */
export function journalWithCriticalCopy<J extends JournalPort>(
  journal: J,
  copy: CriticalCopyPort,
  onWriteError: (error: unknown) => void = () => {},
): J {
  let pending: CriticalState | null = null;
  const writeCopy = (state: CriticalState) => {
    try {
      copy.write({ state, lastLedgerId: journal.lastLedgerId() });
    } catch (error) {
      onWriteError(error);
    }
  };
  return new Proxy(journal, {
    get(target, property, receiver) {
      if (property === 'writeCritical')
        return (state: CriticalState) => {
          target.writeCritical(state);
          pending = state;
        };
      if (property === 'writeCriticalCopy')
        return (name: 'a' | 'b', state: CriticalState) => {
          target.writeCriticalCopy(name, state);
          pending = state;
        };
      if (property === 'transaction')
        return <T>(fn: () => T): T => {
          pending = null;
          let result: T;
          try {
            result = target.transaction(fn);
          } catch (error) {
            pending = null;
            throw error;
          }
          const committed = pending;
          pending = null;
          if (committed) writeCopy(committed);
          return result;
        };
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
