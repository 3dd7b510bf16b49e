/**
 * What the running cabinet does with the whole-file check of its journal (docs/cabinet-rules.md#damaged-journal),
 * which runs beside it from start-up on (electron/storage/journal-file-check.ts):
 * - sound: the ledger's sum per wallet is compared with its newest row's running balance (start-up compared the
 *   credits with that balance alone); a difference is the memory error start-up raised for credits that did not
 *   match the ledger (`memory-no-good-copy`, docs/cabinet-rules.md#critical-memory);
 * - unreadable after the schedule: the storage-fault tilt start-up raises for the same verdict;
 * - damaged: play stops at once (the memory-error tilt from `journal` with the damage's proof, as start-up raises it),
 *   the quarantine marker is written, and the shell is asked to restart: the next start moves the file aside and
 *   starts locked on a fresh journal, exactly as if start-up had found the damage itself.
 */
import { statSync } from 'node:fs';
import { setTimeout as wait } from 'node:timers/promises';
import type { CabinetCore } from '../core/cabinet/cabinet.ts';
import {
  checkWholeFile,
  ledgerSumsOffThread,
  type BackgroundSchedule,
  type Stoppable,
} from '../storage/journal-file-check.ts';
import { markDamagedWhileOpen, quarantineReason } from '../storage/journal-quarantine.ts';

export type FileCheckOutcome = 'sound' | 'damaged' | 'ledger-differs' | 'unreadable' | 'stopped';

export interface FileWatch {
  /** Settles with what the check found ('stopped' when the cabinet closed first). */
  readonly done: Promise<FileCheckOutcome>;
  /** Ends the check (the cabinet is closing); its answer, if any, is ignored. */
  stop(): Promise<void>;
}

/**
 * The check waits this long after start-up: on a 2-core cabinet its worker would otherwise take a core from the page
 * loading in the same seconds (at 10^6 rounds the page took 0.6 s longer); the table is up well before it.
 */
export const FILE_CHECK_AFTER_MS = 3_000;

export interface FileWatchOptions {
  readonly log: (message: string) => void;
  /** Default FILE_CHECK_AFTER_MS; tests start it at once. */
  readonly afterMs?: number;
  /** Called once the damage is durable in the marker and the tilt; the shell restarts the process. */
  readonly restart: () => void;
  readonly clock?: () => Date;
  readonly schedule?: BackgroundSchedule;
}

/** What the check may do to the running cabinet: stop play with a tilt. */
export type WatchedCabinet = Pick<CabinetCore, 'raiseFault' | 'storageFaultAtStartUp'>;

export function watchJournalFile(cabinet: WatchedCabinet, journalPath: string, options: FileWatchOptions): FileWatch {
  const run: Stoppable = { stopped: false, worker: null };
  const stopping = new AbortController();
  const started = performance.now();
  const done = (async () => {
    // Not holding the process open, and ended by stop().
    const waited = await wait(options.afterMs ?? FILE_CHECK_AFTER_MS, true, {
      ref: false,
      signal: stopping.signal,
    }).catch(() => false);
    if (!waited || run.stopped) return 'stopped' as const;
    // The check speaks only of the file it started on: a path removed or replaced meanwhile (an installation's
    // change, a test host's reset) is no damage of this journal, and acting on it would restart a healthy cabinet.
    const checked = fileIdentity(journalPath);
    const stillThere = (): boolean => checked !== null && fileIdentity(journalPath) === checked;
    let verdict;
    try {
      verdict = await checkWholeFile(journalPath, run, options.schedule);
    } catch (error) {
      // The worker itself failed (not the journal): said in the log; start-up's own checks stand.
      options.log(
        `journal: the whole-file check could not run: ${error instanceof Error ? error.message : String(error)}`,
      );
      return 'stopped' as const;
    }
    if (verdict === null || run.stopped) return 'stopped' as const;
    if (verdict.kind !== 'sound' && !stillThere()) {
      options.log(
        'journal: the journal file was removed or replaced during the whole-file check; its verdict is not acted on',
      );
      return 'stopped' as const;
    }
    const took = `${(performance.now() - started).toFixed(0)} ms`;
    if (verdict.kind === 'sound') {
      const differs = await ledgerSumsOffThread(journalPath, run).catch((error: unknown) => {
        options.log(
          `journal: the ledger sums could not be read: ${error instanceof Error ? error.message : String(error)}`,
        );
        return null;
      });
      if (differs === null || run.stopped || !stillThere()) return 'stopped' as const;
      if (differs.length > 0) {
        const d = differs[0]!;
        options.log(
          `journal: the ${d.demo ? 'demo' : 'real'} wallet's ledger rows add up to ${d.sumMinor}, its newest row records ${d.runningMinor}; memory error`,
        );
        cabinet.raiseFault('memory-error', 'critical-memory', { code: 'memory-no-good-copy' });
        return 'ledger-differs' as const;
      }
      options.log(`journal: the whole-file check found no damage and the ledger adds up (${took})`);
      return 'sound' as const;
    }
    if (verdict.kind === 'unreadable') {
      options.log(`journal: the whole-file check could not read the journal (${verdict.code}); storage fault`);
      cabinet.storageFaultAtStartUp(verdict.code);
      return 'unreadable' as const;
    }
    const marked = markDamagedWhileOpen(journalPath, options.clock ?? (() => new Date()), verdict.damage);
    cabinet.raiseFault('memory-error', 'journal', quarantineReason(marked));
    options.log(
      `journal: the whole-file check found damage (${verdict.damage.check}: ${verdict.damage.message}); play stopped, restarting to move it aside`,
    );
    options.restart();
    return 'damaged' as const;
  })();
  return {
    done,
    async stop() {
      run.stopped = true;
      stopping.abort();
      await run.worker?.terminate();
    },
  };
}

/** The file a path names now (device and inode), or null when there is none. */
function fileIdentity(path: string): string | null {
  try {
    const stat = statSync(path);
    return `${stat.dev}:${stat.ino}`;
  } catch {
    return null;
  }
}
