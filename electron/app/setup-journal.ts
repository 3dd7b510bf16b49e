/**
 * Step one of start-up (docs/cabinet-rules.md#power-loss): the journal is opened, critical memory checked and an
 * interrupted round voided and refunded, all before anything else starts, so no shell can show credits before
 * recovery. A damaged journal is moved aside and the cabinet starts locked on a fresh one
 * (docs/cabinet-rules.md#damaged-journal); a journal the disk will not read stays in place and start-up waits for it,
 * never exits (start-when-readable.ts). Start-up checks each table's edges, a time that does not grow with the
 * journal; the whole file is checked beside the running cabinet (journal-file-watch.ts).
 */
import type { CabinetCore } from '../core/cabinet/cabinet.ts';
import type { RandomSource } from '../core/random/random-source.ts';
import type { QuarantinedJournal } from '../storage/journal-quarantine.ts';
import type { Journal } from '../storage/journal.ts';
import { startCabinetOn, startOnJournalOrLocked } from '../storage/open-cabinet.ts';
import { startWhenReadable } from '../storage/start-when-readable.ts';
import { watchJournalFile, type FileWatch } from './journal-file-watch.ts';
import type { LoadedConfig } from './venue-file.ts';

export interface OpenedJournal {
  readonly journal: Journal;
  readonly cabinet: CabinetCore;
  /** The damaged journal moved aside at this start, if any. */
  readonly quarantined: QuarantinedJournal | null;
  /** The whole-file check running beside the cabinet. */
  readonly fileWatch: FileWatch;
  /** Ends the whole-file check, then closes the cabinet and its journal. */
  dispose(): Promise<void>;
}

export async function setupJournal(
  journalPath: string,
  loaded: LoadedConfig,
  random: RandomSource,
  log: (message: string) => void,
  clock: (() => Date) | undefined,
  fileCheck: { readonly restart: () => void; readonly afterMs?: number },
): Promise<OpenedJournal> {
  // startCabinetOn closes the journal when start-up fails.
  const started = await startWhenReadable(
    () =>
      startOnJournalOrLocked(
        journalPath,
        (opened, criticalCopyPath) =>
          startCabinetOn(opened, {
            config: loaded.input,
            configSource: loaded.source,
            stadiumOverride: loaded.stadiumOverride,
            random,
            criticalCopyPath,
            ...(clock ? { clock } : {}),
          }),
        undefined,
        loaded.criticalCopyPath,
        undefined,
        'table-edges',
      ),
    log,
  );
  const { journal, cabinet, quarantined } = started;
  const fileWatch = watchJournalFile(cabinet, journalPath, { log, ...fileCheck, ...(clock ? { clock } : {}) });
  return {
    journal,
    cabinet,
    quarantined,
    fileWatch,
    dispose: async () => {
      await fileWatch.stop();
      cabinet.close();
    },
  };
}
