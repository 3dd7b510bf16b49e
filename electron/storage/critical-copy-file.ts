/**
 * The second copy of critical memory, in its own small file (`<journal>.critical` unless the
 * installation places it elsewhere, docs/cabinet-rules.md#critical-memory).
 *
 * Format 2 (docs/cabinet-rules.md#the-copy-files-format): two slots of equal size, written in place in
 * turn. Each slot is one line of JSON `{"format":2,"generation":G,"record":{…},"sha256":"…"}` (the
 * SHA-256 over the canonical JSON of format, generation and record), a newline, then NUL bytes to the
 * slot's end. A write goes to the slot that does not hold the newest good generation, with the next
 * generation, and is synced once: a power cut that tears it leaves the other slot whole. The reader takes
 * the good slot with the highest generation and says when the other slot is damaged.
 *
 * Format 1 (one JSON object `{"record", "sha256"}`, replaced by temporary file and rename) is still read,
 * so a cabinet upgraded over an old copy compares against it; the first write replaces it with format 2.
 * So does any write that finds no usable layout (missing, truncated, a record grown past the slot).
 *
 * `CommittedCopyWriter` is the hook: the journal hands it every transaction's critical-memory write (a round, a
 * note, a RAM clear, a rebuilt copy), and it writes this file once that transaction committed. The cabinet sees
 * the file only as the CriticalCopyPort in its context.
 */
import { closeSync, fdatasyncSync, fstatSync, openSync, readFileSync, statfsSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { canonicalJson } from '../core/integrity/canonical-json.ts';
import { sha256Hex } from '../core/integrity/sha256.ts';
import type {
  CopyFileProblem,
  CriticalCopyPort,
  CriticalCopyRead,
  CriticalCopyRecord,
} from '../core/model/critical-copy.ts';
import type { CriticalState } from '../core/model/critical-state.ts';
import { writeFileDurably } from './durable-file.ts';

export const COPY_FILE_FORMAT = 2;
/** The smallest slot; a record that outgrows a slot gets a file with slots twice as large. */
export const MIN_SLOT_BYTES = 4096;
/** How every format-2 file starts: the reader tells the formats apart by it. */
const FORMAT_2_OPENING = Buffer.from(`{"format":${COPY_FILE_FORMAT},`);

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

type SlotRead =
  | { readonly ok: true; readonly generation: number; readonly record: CriticalCopyRecord }
  | { readonly ok: false; readonly problem: CopyFileProblem };

/** The record's own checks, the same in both formats. */
function asRecord(value: unknown): CriticalCopyRecord | null {
  const record = value as Partial<CriticalCopyRecord> | undefined;
  const state = record?.state as Partial<CriticalState> | undefined;
  if (!isCount(record?.lastLedgerId) || !state || !isCount(state.seq) || !Number.isSafeInteger(state.creditsMinor))
    return null;
  return record as CriticalCopyRecord;
}

function slotChecksum(generation: number, record: unknown): string {
  return sha256Hex(canonicalJson({ format: COPY_FILE_FORMAT, generation, record }));
}

/** One slot's bytes: the JSON line, a newline, NUL bytes to `size` (null when the line does not fit). */
export function encodeSlot(generation: number, record: CriticalCopyRecord, size: number): Buffer | null {
  const line = JSON.stringify({
    format: COPY_FILE_FORMAT,
    generation,
    record,
    sha256: slotChecksum(generation, record),
  });
  const bytes = Buffer.alloc(size);
  const length = bytes.write(`${line}\n`, 'utf8');
  return Buffer.byteLength(line) + 1 <= size && length === Buffer.byteLength(line) + 1 ? bytes : null;
}

/** One slot checked: its line parses, its checksum matches, it holds a copy, and nothing but NULs follows. */
export function decodeSlot(slot: Buffer): SlotRead {
  const end = slot.indexOf(0x0a);
  if (end < 0) return { ok: false, problem: 'not-json' };
  let parsed: { format?: unknown; generation?: unknown; record?: unknown; sha256?: unknown };
  try {
    parsed = JSON.parse(slot.subarray(0, end).toString('utf8')) as typeof parsed;
  } catch {
    return { ok: false, problem: 'not-json' };
  }
  if (parsed?.format !== COPY_FILE_FORMAT || !isCount(parsed.generation)) return { ok: false, problem: 'not-a-copy' };
  if (typeof parsed.sha256 !== 'string' || !parsed.record || typeof parsed.record !== 'object')
    return { ok: false, problem: 'no-checksum' };
  if (slotChecksum(parsed.generation, parsed.record) !== parsed.sha256)
    return { ok: false, problem: 'checksum-mismatch' };
  // A changed byte past the line is damage too, even where JSON would not notice it.
  if (slot.subarray(end + 1).some((b) => b !== 0)) return { ok: false, problem: 'checksum-mismatch' };
  const record = asRecord(parsed.record);
  if (!record) return { ok: false, problem: 'not-a-copy' };
  return { ok: true, generation: parsed.generation, record };
}

/** Where the next in-place write goes, learned from the file (or from the last write). */
interface Layout {
  readonly slotBytes: number;
  /** The newest good generation and its slot; the next write takes the other slot. */
  readonly generation: number;
  readonly newestSlot: 0 | 1;
  /** The file as this instance last left it: another inode or change time means someone else wrote it. */
  readonly stamp: string;
}

type FileRead =
  | { readonly format: 1; readonly read: CriticalCopyRead }
  | {
      readonly format: 2;
      readonly read: CriticalCopyRead;
      readonly slotBytes: number;
      readonly newest: { generation: number; slot: 0 | 1 } | null;
    };

/** Format 1: the whole file is one checksummed JSON object. */
function readFormat1(text: string): CriticalCopyRead {
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
  const good = asRecord(record);
  return good ? { record: good, problem: null } : { record: null, problem: 'not-a-copy', osCode: null };
}

/** A format-2 file is two equal slots of a power-of-two size of at least MIN_SLOT_BYTES; anything else is cut short. */
function slotBytesOf(length: number): number | null {
  const half = length / 2;
  return half >= MIN_SLOT_BYTES && Number.isInteger(Math.log2(half)) ? half : null;
}

function readFormat2(bytes: Buffer): FileRead {
  const slotBytes = slotBytesOf(bytes.length);
  if (slotBytes === null) {
    return { format: 2, slotBytes: 0, newest: null, read: { record: null, problem: 'not-json', osCode: null } };
  }
  const slots = [decodeSlot(bytes.subarray(0, slotBytes)), decodeSlot(bytes.subarray(slotBytes))] as const;
  const good = ([0, 1] as const).filter((i) => slots[i].ok);
  if (good.length === 0) {
    const first = slots[0] as Extract<SlotRead, { ok: false }>;
    return { format: 2, slotBytes, newest: null, read: { record: null, problem: first.problem, osCode: null } };
  }
  const pick = (i: 0 | 1) => slots[i] as Extract<SlotRead, { ok: true }>;
  const newestSlot = good.reduce((a, b) => (pick(b).generation > pick(a).generation ? b : a));
  const newest = pick(newestSlot);
  const other = slots[newestSlot === 0 ? 1 : 0];
  return {
    format: 2,
    slotBytes,
    newest: { generation: newest.generation, slot: newestSlot },
    read: other.ok
      ? { record: newest.record, problem: null }
      : { record: newest.record, problem: null, damagedSlot: other.problem },
  };
}

function readCopyFile(location: string): FileRead {
  let bytes: Buffer;
  try {
    bytes = readFileSync(location);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      format: 1,
      read:
        code === 'ENOENT'
          ? { record: null, problem: 'missing', osCode: null }
          : { record: null, problem: 'unreadable', osCode: code ?? null },
    };
  }
  // Either slot's opening marks format 2, so a changed byte at the very start does not hide the other slot.
  const slotBytes = slotBytesOf(bytes.length);
  const opens = (at: number) => bytes.subarray(at, at + FORMAT_2_OPENING.length).equals(FORMAT_2_OPENING);
  if (opens(0) || (slotBytes !== null && opens(slotBytes))) return readFormat2(bytes);
  return { format: 1, read: readFormat1(bytes.toString('utf8')) };
}

/** The error a full device gives, so the cabinet's copy fault names it (critical-copy-fault.ts). */
function noRoom(location: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`no room left beside ${location} for a whole copy file`);
  error.code = 'ENOSPC';
  error.errno = -28;
  error.syscall = 'write';
  error.path = location;
  return error;
}

export class CriticalCopyFile implements CriticalCopyPort {
  readonly location: string;
  /** Known after a read or a write of this instance; forgotten when a write fails. */
  private layout: Layout | null = null;

  constructor(file: string) {
    this.location = file;
  }

  read(): CriticalCopyRead {
    return readCopyFile(this.location).read;
  }

  write(record: CriticalCopyRecord): void {
    try {
      if (!this.writeInPlace(record)) this.writeWhole(record);
    } catch (error) {
      this.layout = null;
      throw error;
    }
  }

  /** The next generation into the older slot, one sync; false when the file has no usable layout. */
  private writeInPlace(record: CriticalCopyRecord): boolean {
    let fd: number;
    try {
      fd = openSync(this.location, 'r+');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
    try {
      const layout = this.layout?.stamp === stampOf(fd) ? this.layout : this.learnLayout();
      if (!layout) return false;
      const slot: 0 | 1 = layout.newestSlot === 0 ? 1 : 0;
      const generation = layout.generation + 1;
      const bytes = encodeSlot(generation, record, layout.slotBytes);
      if (!bytes) return false;
      this.requireRoomForWholeFile(2 * layout.slotBytes);
      writeSync(fd, bytes, 0, bytes.length, slot * layout.slotBytes);
      fdatasyncSync(fd);
      this.layout = { ...layout, generation, newestSlot: slot, stamp: stampOf(fd) };
      return true;
    } finally {
      closeSync(fd);
    }
  }

  /** Reads the file to find its slots; null for format 1 or a file with no good slot. */
  private learnLayout(): Layout | null {
    const file = readCopyFile(this.location);
    if (file.format !== 2 || !file.newest) return null;
    // No stamp: the write that follows records it.
    return { slotBytes: file.slotBytes, generation: file.newest.generation, newestSlot: file.newest.slot, stamp: '' };
  }

  /**
   * A new format-2 file, both slots holding the record, by temporary file and rename (durable-file.ts): the
   * first write, an upgrade from format 1, a damaged layout, or a record grown past its slot.
   */
  private writeWhole(record: CriticalCopyRecord): void {
    const generation = this.layout ? this.layout.generation + 1 : 1;
    let slotBytes = MIN_SLOT_BYTES;
    let slot = encodeSlot(generation, record, slotBytes);
    while (!slot) {
      slotBytes *= 2;
      slot = encodeSlot(generation, record, slotBytes);
    }
    writeFileDurably(this.location, Buffer.concat([slot, slot]));
    this.layout = { slotBytes, generation, newestSlot: 1, stamp: stampAt(this.location) };
  }

  /**
   * An in-place write needs no new blocks, so a full device would not stop it; but the copy must always be
   * replaceable whole (rebuilt, grown, upgraded). A device without room for a whole file is reported now,
   * as the copy's storage fault (docs/cabinet-rules.md#critical-memory), not at the next start-up.
   */
  private requireRoomForWholeFile(bytes: number): void {
    const fs = statfsSync(dirname(this.location));
    if (fs.bavail * fs.bsize < bytes) throw noRoom(this.location);
  }
}

/** Inode, size and change time (ns): equal only while nobody but this instance wrote the file. */
function stampOf(fd: number): string {
  const st = fstatSync(fd, { bigint: true });
  return `${st.ino}:${st.size}:${st.ctimeNs}`;
}

function stampAt(path: string): string {
  const fd = openSync(path, 'r');
  try {
    return stampOf(fd);
  } finally {
    closeSync(fd);
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
