/**
 * Step one of start-up (docs/cabinet-rules.md#power-loss): the journal is opened, critical memory checked and an
 * interrupted round voided and refunded, all before anything else starts, so no shell can show credits before
 * recovery. A damaged journal is moved aside and the cabinet starts locked on a fresh one
 * (docs/cabinet-rules.md#damaged-journal); a journal the disk will not read stays in place and start-up waits for it,
 * never exits (start-when-readable.ts).
 */
import type { CabinetCore } from '../core/cabinet/cabinet.ts';
import type { RandomSource } from '../core/random/random-source.ts';
import type { QuarantinedJournal } from '../storage/journal-quarantine.ts';
import type { Journal } from '../storage/journal.ts';
import { startCabinetOn, startOnJournalOrLocked } from '../storage/open-cabinet.ts';
import { startWhenReadable } from '../storage/start-when-readable.ts';
import type { LoadedConfig } from './venue-file.ts';

export interface OpenedJournal {
  readonly journal: Journal;
  readonly cabinet: CabinetCore;
  /** The damaged journal moved aside at this start, if any. */
  readonly quarantined: QuarantinedJournal | null;
  /** Closes the cabinet and its journal. */
  dispose(): void;
}

export async function setupJournal(
  journalPath: string,
  loaded: LoadedConfig,
  random: RandomSource,
  log: (message: string) => void,
  clock?: () => Date,
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
      ),
    log,
  );
  const { journal, cabinet, quarantined } = started;
  return { journal, cabinet, quarantined, dispose: () => cabinet.close() };
}
