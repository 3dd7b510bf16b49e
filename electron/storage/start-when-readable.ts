/**
 * Start-up on a journal the disk will not read at all (docs/cabinet-rules.md#damaged-journal): the file
 * stays where it is and start-up waits for the disk, trying again as often as a held storage fault does
 * (storage-fault.ts). No exit: the code that tells systemd to stop restarting is for settings no restart
 * can fix, and a restart loop would only meet the same disk. Once the journal reads, the cabinet comes up
 * on it in the storage-fault tilt, which a technician clears after a test write, as any other.
 */
import { setTimeout as wait } from 'node:timers/promises';
import { STORAGE_RETRY_MS } from '../core/cabinet/storage-fault.ts';
import type { StartedOnJournal } from './open-cabinet.ts';
import { JournalUnreadableError, type TransientCode } from './journal-read-retry.ts';

export async function startWhenReadable(
  startOnce: () => StartedOnJournal,
  log: (line: string) => void,
  retryMs: number = STORAGE_RETRY_MS,
): Promise<StartedOnJournal> {
  let heldFor: TransientCode | null = null;
  for (;;) {
    try {
      const started = startOnce();
      if (heldFor !== null && started.unreadable === null && started.quarantined === null) {
        started.cabinet.storageFaultAtStartUp(heldFor);
      }
      return started;
    } catch (error) {
      if (!(error instanceof JournalUnreadableError)) throw error;
      if (heldFor === null) {
        log(`storage fault: ${error.message}; the journal stays in place, start-up tries again every ${retryMs} ms`);
      }
      heldFor = error.code;
      await wait(retryMs);
    }
  }
}
