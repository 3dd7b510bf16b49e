/**
 * The one composition used by Electron main, the browser host and the chaos child:
 * opens the journal (migrations), checks critical memory, applies and logs config,
 * recovers an interrupted round (void + refund), counts the power-up. It lives in
 * the storage layer because it is the code that picks the SQLite journal for the
 * cabinet, which itself only knows JournalPort.
 */
import { withStadiumOverride, type StadiumOverride } from '../core/config/stadium-config.ts';
import { CabinetCore } from '../core/cabinet/cabinet.ts';
import type { DeviceStatus } from '../core/cabinet/cabinet-api.ts';
import { storedVenueConfig } from '../core/cabinet/config-change.ts';
import { keepSecrets } from '../core/config/config-secrets.ts';
import { DEFAULT_VENUE_CONFIG, parseVenueConfig, type VenueConfig } from '../core/config/venue-config.ts';
import type { RandomSource } from '../core/random/random-source.ts';
import { CriticalCopyFile } from './critical-copy-file.ts';
import type { StatementObserver } from './database.ts';
import { criticalCopyPathFor, JournalPathError, resolveCriticalCopyPath } from './journal-path.ts';
import { Journal } from './journal.ts';
import {
  quarantineReason,
  finishQuarantine,
  pendingQuarantine,
  quarantineIfDamaged,
  type QuarantinedJournal,
} from './journal-quarantine.ts';
import {
  checkJournal,
  diagnoseJournal,
  START_UP_SCHEDULE,
  unreadableBytes,
  type CheckSchedule,
} from './journal-check.ts';
import { JournalUnreadableError, retryTransient, transientCodeOf, type TransientCode } from './journal-read-retry.ts';
import { existsSync, renameSync, statSync } from 'node:fs';
import { exportOwedByDamagedJournal } from './damaged-journal-owed.ts';

export interface OpenCabinetOptions {
  readonly journalPath: string;
  /**
   * Validated here; a bad config throws ConfigError naming the field. A config that leaves the
   * eSSP fixed key out keeps the key in force (docs/venue-config.md#secrets).
   */
  readonly config: VenueConfig | unknown;
  /**
   * 'given' (default): `config` is the config in force. 'stored-first': the config stored in
   * the journal (the last one a technician applied) wins, `config` is only the first one
   * (docs/venue-config.md#starting-with-a-file).
   */
  readonly configSource?: 'given' | 'stored-first';
  /**
   * The stadium fields the browser host's flags and the environment give (docs/stadium.md#joining-a-table), laid over
   * the stadium section of whichever config is in force, the stored one included, before it is checked.
   */
  readonly stadiumOverride?: StadiumOverride;
  readonly random: RandomSource;
  readonly clock?: () => Date;
  /** Initial device statuses (the hardware bridge reports changes later). */
  readonly devices?: readonly DeviceStatus[];
  /**
   * Crash testing only (electron/testing/chaos/statement-killer.ts): told after every
   * journal statement, start-up included. Production passes none.
   */
  readonly statementObserver?: StatementObserver;
  /**
   * The second copy of critical memory (docs/cabinet-rules.md#critical-memory). Default: the
   * installation's BACCARAT_CRITICAL_COPY, else `<journalPath>.critical`.
   */
  readonly criticalCopyPath?: string;
}

/** Tools and tests: opens and starts, a transient read error tried again (journal-read-retry.ts), never moved aside. */
export function openCabinet(options: OpenCabinetOptions): CabinetCore {
  return retryTransient(() => {
    const journal = Journal.open(
      options.journalPath,
      options.statementObserver ? { observer: options.statementObserver } : {},
    );
    return startCabinetOn(journal, options);
  });
}

/**
 * Starts the cabinet on a journal the caller has opened (tools and tests that also read
 * the journal keep their handle; the cabinet never hands its journal out). Closes the
 * journal when start-up fails.
 */
export function startCabinetOn(
  journal: Journal,
  options: Omit<OpenCabinetOptions, 'journalPath'> & { readonly journalPath?: string },
): CabinetCore {
  try {
    // Without a journal path or a copy path (a tool on a journal it opened) there is no copy file.
    const copyPath =
      options.criticalCopyPath ??
      (options.journalPath === undefined ? undefined : resolveCriticalCopyPath(options.journalPath));
    // A copy write that fails after a commit becomes the cabinet's critical-copy tilt: told after the
    // synchronous operation that committed (a round runs in one call), so it never interleaves with it.
    let cabinet: CabinetCore | null = null;
    let failedAtStart: unknown = null;
    const copyFailed = (error: unknown) => {
      if (cabinet === null) failedAtStart ??= error;
      else queueMicrotask(() => cabinet?.criticalCopyFailed(error));
    };
    const copyFile = copyPath === undefined ? null : new CriticalCopyFile(copyPath);
    if (copyFile) journal.keepCriticalCopy(copyFile, copyFailed);
    const stored = storedVenueConfig({ journal });
    const override = options.stadiumOverride ?? {};
    const storedWins = options.configSource === 'stored-first' ? stored : null;
    const config =
      storedWins !== null && Object.keys(override).length === 0
        ? storedWins
        : parseVenueConfig(
            keepSecrets(withStadiumOverride(storedWins ?? options.config, override), stored ?? DEFAULT_VENUE_CONFIG),
          );
    const started = new CabinetCore(
      journal,
      config,
      options.random,
      options.clock ?? (() => new Date()),
      options.devices ?? [],
      copyFile,
    );
    started.start();
    cabinet = started;
    if (failedAtStart !== null) started.criticalCopyFailed(failedAtStart);
    return started;
  } catch (error) {
    journal.close();
    throw error;
  }
}

/**
 * SQLite's own verdict on the file (corrupt, not a database, cannot be opened, a malformed schema), or
 * a journal that passed SQLite's checks but whose content broke start-up: a flipped byte in a schema
 * text that still parses renames a column, one in a stored JSON text makes it unreadable.
 */
function checkOf(error: unknown): 'open' | 'start-up' {
  if (!(error instanceof Error)) return 'start-up';
  const { code, errcode } = error as Error & { code?: unknown; errcode?: unknown };
  if (code !== 'ERR_SQLITE_ERROR') return 'start-up';
  const primary = typeof errcode === 'number' ? errcode & 0xff : -1;
  // SQLITE_CORRUPT 11, SQLITE_CANTOPEN 14, SQLITE_NOTADB 26; a broken schema is a plain SQLITE_ERROR.
  return primary === 11 || primary === 14 || primary === 26 || /malformed/i.test(error.message) ? 'open' : 'start-up';
}

function sizeOf(path: string): number | null {
  try {
    const stat = statSync(path);
    return stat.isFile() ? stat.size : null;
  } catch {
    return null;
  }
}

/**
 * The critical copy describes the damaged journal, not the fresh one: it moves beside the damaged file
 * (it names the credits at the loss), once, so the fresh journal starts its own copy and the
 * quarantine's tilt is the one that says what happened.
 */
function keepCopyWithDamagedJournal(quarantined: QuarantinedJournal | null, copyPath: string): void {
  if (quarantined === null) return;
  const kept = `${quarantined.damagedPath}.critical`;
  if (existsSync(kept) || !existsSync(copyPath)) return;
  renameSync(copyPath, kept);
}

/**
 * Where start-up finds the copy of critical memory: a venue setting known before the journal opens (null: none,
 * beside the journal), or `stored-config`: the setting stored in the journal, read from the journal once it is open.
 */
export type CopyPathChoice = string | null | 'stored-config';

export interface StartedOnJournal {
  readonly cabinet: CabinetCore;
  readonly journal: Journal;
  /** Set when the journal at the path was damaged: the cabinet runs on a fresh one, locked in memory-error. */
  readonly quarantined: QuarantinedJournal | null;
  /**
   * Set when the check of the journal kept meeting a transient error but the cabinet started on it: it
   * runs on the same file in a storage-fault tilt (docs/cabinet-rules.md#storage-faults).
   */
  readonly unreadable: TransientCode | null;
}

type Opened = { readonly journal: Journal; readonly cabinet: CabinetCore };

/**
 * Opens and starts, trying again on the start-up schedule while the disk answers with a transient error.
 * A failure that is not transient is tried once more at once: damage repeats, a one-off fault does not.
 * Returns the cabinet, or the transient code that outlasted the schedule, or the repeated failure.
 */
function openWithRetry(
  open: () => Opened,
  schedule: CheckSchedule,
): Opened | { readonly unreadable: TransientCode } | { readonly failure: unknown } {
  let repeat = false;
  for (let waits = 0; ;) {
    try {
      return open();
    } catch (error) {
      // A refused copy path is a setting to fix, never damage in the journal.
      if (error instanceof JournalPathError) throw error;
      const code = transientCodeOf(error);
      if (code === null) {
        if (repeat) return { failure: error };
        repeat = true;
        continue;
      }
      repeat = false;
      const wait = schedule.delaysMs[waits++];
      if (wait === undefined) return { unreadable: code };
      schedule.sleep(wait);
    }
  }
}

/**
 * How much of the file start-up checks before it opens it (docs/cabinet-rules.md#damaged-journal): every page
 * (`PRAGMA quick_check`, tools and tests), or each table's edges, the cabinet's own start-up, whose time must not
 * grow with the journal; the whole file is then checked beside the running cabinet (journal-file-check.ts).
 */
export type StartFileCheck = 'whole-file' | 'table-edges';

/**
 * Opens the journal at `journalPath` and starts the cabinet on it with `start`, never into a crash
 * loop over a damaged file and never moving a healthy one aside (docs/cabinet-rules.md#damaged-journal):
 * - a journal whose damage is proved (journal-check.ts), or whose content breaks start-up twice over a
 *   file that reads to its last byte, is moved aside and the cabinet starts on a fresh journal in a
 *   durable memory-error tilt naming the damage and its proof;
 * - a transient error (journal-read-retry.ts) is tried again on the schedule; when the check still cannot
 *   read the file but the cabinet starts, it runs on the same file in a storage-fault tilt; when it cannot
 *   start, JournalUnreadableError is thrown and the file is left where it is.
 * A failure on the fresh journal is thrown (the shell exits; the fault is not in the file).
 */
export function startOnJournalOrLocked(
  journalPath: string,
  start: (journal: Journal, criticalCopyPath: string) => CabinetCore,
  clock: () => Date = () => new Date(),
  venueCopyPath: CopyPathChoice = null,
  schedule: CheckSchedule = START_UP_SCHEDULE,
  fileCheck: StartFileCheck = 'whole-file',
): StartedOnJournal {
  // Resolved first: a refused copy path is a setting to fix, not damage in the journal. A damaged journal's
  // stored setting cannot be trusted, so its copy is looked for where no stored setting puts it.
  const copyPathBeforeOpen = criticalCopyPathFor(journalPath, venueCopyPath === 'stored-config' ? null : venueCopyPath);
  const open = (): Opened => {
    const journal = Journal.open(journalPath);
    let copyPath: string;
    try {
      copyPath =
        venueCopyPath === 'stored-config'
          ? criticalCopyPathFor(journalPath, storedVenueConfig({ journal })?.journal.criticalCopyPath ?? null)
          : copyPathBeforeOpen;
    } catch (error) {
      journal.close();
      throw error;
    }
    return { journal, cabinet: start(journal, copyPath) }; // start closes the journal when it throws
  };
  let quarantined: QuarantinedJournal | null = null;
  let unreadable: TransientCode | null = null;
  if (pendingQuarantine(journalPath) !== null) quarantined = quarantineIfDamaged(journalPath, clock, null);
  else {
    const verdict = checkJournal(
      journalPath,
      schedule,
      undefined,
      fileCheck === 'whole-file' ? 'quick_check' : 'table-edges',
    );
    if (verdict.kind === 'damaged') quarantined = quarantineIfDamaged(journalPath, clock, verdict.damage);
    if (verdict.kind === 'unreadable') unreadable = verdict.code;
  }
  keepCopyWithDamagedJournal(quarantined, copyPathBeforeOpen);
  let opened: Opened;
  if (quarantined !== null)
    opened = open(); // already on a fresh journal: a failure is not the file's
  else {
    const tried = openWithRetry(open, schedule);
    if ('unreadable' in tried) throw new JournalUnreadableError(tried.unreadable);
    if ('failure' in tried) {
      const error = tried.failure;
      const unread = unreadableBytes(journalPath);
      if (unread !== null) throw new JournalUnreadableError(unread);
      // Repeated over a file that reads to its last byte: moving it aside loses nothing (it is kept, and
      // a technician decides), while throwing would restart into the same failure forever.
      const confirmed = diagnoseJournal(journalPath, 'integrity_check');
      if (confirmed.kind === 'unreadable') throw new JournalUnreadableError(confirmed.code);
      quarantined = quarantineIfDamaged(
        journalPath,
        clock,
        confirmed.kind === 'damaged'
          ? confirmed.damage
          : {
              check: checkOf(error),
              proof: 'start-up',
              message: error instanceof Error ? error.message : String(error),
              sizeBytes: sizeOf(journalPath),
            },
      );
      keepCopyWithDamagedJournal(quarantined, copyPathBeforeOpen);
      unreadable = null;
      opened = open();
    } else opened = tried;
  }
  const { cabinet, journal } = opened;
  // The marker stays until the RAM clear (finishQuarantine), so every start-up before it is locked
  // again, even one whose tilt was lost to a power cut; the tilt is raised once.
  if (
    quarantined !== null &&
    !cabinet.snapshot().tilts.some((t) => t.kind === 'memory-error' && t.source === 'journal')
  ) {
    cabinet.raiseFault('memory-error', 'journal', quarantineReason(quarantined));
  }
  if (unreadable !== null) cabinet.storageFaultAtStartUp(unreadable);
  return { cabinet, journal, quarantined, unreadable };
}

/**
 * The RAM clear of a cabinet that started on a damaged journal: what that file still owed is exported
 * beside it and becomes a handpay in the fresh journal (damaged-journal-owed.ts); after the clear, the
 * marker has done its work.
 */
export function ramClearAfterQuarantine(cabinet: Pick<CabinetCore, 'ramClear'>, journalPath: string): void {
  const pending = pendingQuarantine(journalPath);
  cabinet.ramClear(pending === null ? null : exportOwedByDamagedJournal(pending));
  finishQuarantine(journalPath);
}
