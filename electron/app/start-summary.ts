/**
 * The one log line a shell prints about start-up (docs/cabinet-rules.md#power-loss): what recovery did, and the crash
 * the run before this one ended in.
 */
import type { CabinetCore } from '../core/cabinet/cabinet.ts';
import { describeQuarantine, type QuarantinedJournal } from '../storage/journal-quarantine.ts';
import type { Journal } from '../storage/journal.ts';
import type { CrashReport } from './process-crash-handler.ts';
import { describeLastCrash, takeLastCrash } from './process-crash-record.ts';

/**
 * The crash the run before this one ended in, journaled first if only its marker had it; a journal that refuses
 * the row leaves the marker for the next start, and start-up goes on (docs/cabinet-rules.md#damaged-journal).
 * A crash kept only in its marker has just written its program-fault tilt: the lock screen shows it now.
 */
export function lastRunCrash(
  cabinet: CabinetCore,
  journal: Journal,
  journalPath: string,
  log: (message: string) => void,
): CrashReport | null {
  let crash: CrashReport | null;
  try {
    crash = takeLastCrash(journal, journalPath);
  } catch (error) {
    log(
      `the last run's crash could not be read or journaled: ${error instanceof Error ? error.message : String(error)}`,
    );
    return null;
  }
  if (crash) cabinet.tiltsWrittenAtStart();
  return crash;
}

/** Plain words for the log: a RAM error, an unreadable journal, a voided round, or a clean start; and the last crash. */
export function describeStart(
  cabinet: CabinetCore,
  quarantined: QuarantinedJournal | null,
  lastCrash: CrashReport | null,
): string {
  const snapshot = cabinet.snapshot();
  const last = snapshot.lastRound;
  const unreadable = snapshot.tilts.some(
    (t) => t.reasonCode.code === 'storage-error' && t.reasonCode.stage === 'start-up',
  );
  const recovery = quarantined
    ? `RAM error: ${describeQuarantine(quarantined)}; locked until a technician RAM clear`
    : unreadable
      ? 'storage fault: the journal could not be read at start-up; it stays in place, tilted until a technician clears it after a test write'
      : last && last.voidCode?.code === 'power-lost'
        ? `recovered: round ${last.roundId} voided, ${last.refundedMinor} minor units refunded (power lost while ${last.voidCode.status})`
        : 'clean start: no round was interrupted';
  return recovery + (lastCrash ? `; ${describeLastCrash(lastCrash)}` : '');
}
