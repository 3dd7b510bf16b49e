/**
 * The parent's side of `chaos --faults storage` (docs/cabinet-rules.md#storage-faults): the disk the
 * journal lives on, the fault each run meets, the byte flips between kills, the read errors injected into
 * a start-up, and the reference start every damaged or faulted journal is judged against.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { startCabinetOn, startOnJournalOrLocked } from '../../storage/open-cabinet.ts';
import { recordKeyPath } from '../../storage/record-chain-key.ts';
import { deterministicRandom } from '../fixtures.ts';
import { eioOnReads } from '../strace-inject.ts';
import { mountExt4, mountTmpfs, type ScratchFilesystem } from '../scratch-filesystem.ts';
import type { SqliteFault } from '../statement-fault.ts';
import { CHAOS_CONFIG } from './chaos-config.ts';
import type { ChildFault } from './child-fault.ts';
import { fillerPath } from './child-fault.ts';
import { startView, type StartView } from './start-view.ts';

export type FaultKind = 'full' | 'immutable' | 'sqlite-readonly' | 'sqlite-ioerr' | 'sqlite-full';

export interface StorageDisk {
  /** The folder the journal lives in (wiped when a damaged journal is given up). */
  readonly journalDir: string;
  readonly kinds: readonly FaultKind[];
  cleanup(): void;
}

/** RAM-backed so filling it is quick; the ext4 image sits in /dev/shm when it can. */
const DISK_MIB = 48;

/**
 * A loop ext4 (full disk and chattr +i), else a tmpfs (full disk; read-only through SQLITE_READONLY),
 * else the scratch folder with injected errors only. Says on stderr (`note`) what it had to skip.
 */
export function prepareStorageDisk(scratchDir: string, note: (line: string) => void): StorageDisk {
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = scratchDir;
  let fs: ScratchFilesystem | null = null;
  let kinds: FaultKind[] = ['sqlite-ioerr', 'sqlite-full'];
  try {
    const ext4 = mountExt4(DISK_MIB);
    if ('skip' in ext4) {
      note(`chaos: read-only journal by chattr +i skipped (${ext4.skip}); injecting SQLITE_READONLY instead`);
      const tmpfs = mountTmpfs(DISK_MIB * 1024 * 1024);
      if ('skip' in tmpfs) note(`chaos: full-disk faults skipped (${tmpfs.skip})`);
      else fs = tmpfs;
      kinds = [...kinds, 'sqlite-readonly', ...(fs ? (['full'] as const) : [])];
    } else {
      fs = ext4;
      kinds = [...kinds, 'full', 'immutable'];
    }
  } finally {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
  }
  const journalDir = join(fs?.dir ?? scratchDir, 'journal');
  mkdirSync(journalDir, { recursive: true });
  return {
    journalDir,
    kinds,
    cleanup() {
      rmSync(journalDir, { recursive: true, force: true });
      fs?.cleanup();
    },
  };
}

const SQLITE_OF: Partial<Record<FaultKind, SqliteFault>> = {
  'sqlite-readonly': 'SQLITE_READONLY',
  'sqlite-ioerr': 'SQLITE_IOERR',
  'sqlite-full': 'SQLITE_FULL',
};

/** The fault of one run, before a random write statement of its play (start-up included). */
export function childFault(kind: FaultKind, atWrite: number): ChildFault {
  const sqlite = SQLITE_OF[kind];
  if (sqlite) return { kind: 'sqlite', atWrite, sqlite };
  return { kind: kind === 'full' ? 'full' : 'immutable', atWrite };
}

/** Empties the journal folder: the next run starts a fresh journal. */
export function wipeJournal(journalDir: string): void {
  for (const name of readdirSync(journalDir)) rmSync(join(journalDir, name), { recursive: true, force: true });
}

/** Copies every file of the journal folder (journal, WAL, record key, markers) except the filler. */
export function copyJournal(journalPath: string, journalDir: string, toDir: string): string {
  rmSync(toDir, { recursive: true, force: true });
  mkdirSync(toDir, { recursive: true });
  const filler = fillerPath(journalPath);
  for (const name of readdirSync(journalDir)) {
    const from = join(journalDir, name);
    if (from !== filler && statSync(from).isFile()) copyFileSync(from, join(toDir, name));
  }
  return join(toDir, journalPath.slice(journalDir.length + 1));
}

/** What a clean start of the journal at `path` shows, and whether that start moved it aside (run it on a copy). */
export function referenceStart(path: string): { readonly view: StartView; readonly quarantined: boolean } {
  const { cabinet, quarantined } = startOnJournalOrLocked(path, (journal, criticalCopyPath) =>
    startCabinetOn(journal, { config: CHAOS_CONFIG, random: deterministicRandom(1), criticalCopyPath }),
  );
  try {
    return { view: startView(cabinet), quarantined: quarantined !== null };
  } finally {
    cabinet.close();
  }
}

/** How many of the probe's first reads of the journal an injected EIO may start at. */
const EIO_FIRST_READS = 40;
/** At most this many reads in a row fail: fewer than the start-up's tries, so the fault is transient. */
const EIO_MAX_RUN = 3;

/**
 * The transient start-up case (docs/cabinet-rules.md#damaged-journal): which of the probe's reads of the
 * journal fail with EIO, in strace's `when` syntax: a run of 1 to 3 reads among the first 40 (the header
 * check, SQLite's check and its open), then the disk reads again.
 */
export function startReadFault(rand: () => number): string {
  const first = 1 + Math.floor(rand() * EIO_FIRST_READS);
  const run = 1 + Math.floor(rand() * EIO_MAX_RUN);
  return run === 1 ? String(first) : `${first}..${first + run - 1}`;
}

/** How to fork the probe child so strace fails those reads from outside the process. */
export function underStrace(journalPath: string, when: string): { execPath: string; execArgv: string[] } {
  return { execPath: 'strace', execArgv: [...eioOnReads(journalPath, when), process.execPath] };
}

export interface Flip {
  readonly file: 'journal' | 'wal' | 'critical-copy' | 'record-key';
  readonly offset: number;
  readonly bit: number;
}

/** How much of a WAL is its header (32 bytes) before the first frame: a flip there loses the whole log. */
const WAL_HEADER_BYTES = 32;

function sizeOf(path: string): number {
  return existsSync(path) ? statSync(path).size : 0;
}

/**
 * Flips one random bit in one of the files a power cut leaves: the journal (the WAL folded in first, so
 * the flip hits the only copy of its page), the WAL itself as the kill left it (a damaged frame makes
 * SQLite drop it and every later frame: committed transactions silently gone, which only the second
 * copy of critical memory can notice), that second copy, or the record-key file.
 */
export function flipRandomBit(journalPath: string, rand: () => number): Flip {
  const wal = `${journalPath}-wal`;
  const copy = `${journalPath}.critical`;
  const pick = rand();
  let file: Flip['file'] = pick < 0.5 ? 'journal' : pick < 0.75 ? 'wal' : pick < 0.9 ? 'critical-copy' : 'record-key';
  if (file === 'wal' && sizeOf(wal) <= WAL_HEADER_BYTES) file = 'journal';
  if (file === 'critical-copy' && sizeOf(copy) === 0) file = 'journal';
  if (file === 'journal') {
    const db = new DatabaseSync(journalPath);
    try {
      db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    } finally {
      db.close();
    }
  }
  const path = { journal: journalPath, wal, 'critical-copy': copy, 'record-key': recordKeyPath(journalPath)! }[file];
  const bytes = readFileSync(path);
  const floor = file === 'wal' ? WAL_HEADER_BYTES : 0;
  const offset = floor + Math.floor(rand() * (bytes.length - floor));
  const bit = Math.floor(rand() * 8);
  bytes[offset] = bytes[offset]! ^ (1 << bit);
  writeFileSync(path, bytes);
  return { file, offset, bit };
}
