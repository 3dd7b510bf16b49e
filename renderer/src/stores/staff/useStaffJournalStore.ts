/**
 * The RAM clear view: the journal files a technician saves first, a damaged journal kept aside at start-up
 * (docs/cabinet-rules.md#damaged-journal), and the RAM clear itself.
 */
import { defineStore } from 'pinia';
import type { ResponseOf } from '../../../../electron/ipc/contract.ts';
import { useStaffStore } from '../useStaffStore.ts';
import { sessionRef } from './session-scoped.ts';

/** A journal found damaged at start-up and kept aside until the RAM clear. */
export type JournalDamage = NonNullable<ResponseOf<'tech:journal-damage'>>;
export type JournalSalvage = ResponseOf<'tech:journal-damage:export'>;
/** The files a technician can save: recall and event log live, and the archived rounds and events. */
export type JournalExport = 'recall' | 'events' | 'events-csv' | 'archive-rounds' | 'archive-events';

export const useStaffJournalStore = defineStore('staff-journal', () => {
  const session = useStaffStore();
  const journalDamage = sessionRef<JournalDamage | null>(null);
  const journalSalvage = sessionRef<JournalSalvage | null>(null);

  /** The damaged journal main kept aside at start-up, if any. */
  async function load(): Promise<void> {
    journalDamage.value = await session.ask('tech:journal-damage', {}, true);
  }

  /**
   * The whole game recall (JSON) or event log (JSON or CSV) as main builds it from the journal, or the archived
   * rounds or events (docs/cabinet-rules.md#retention-and-archive), one file each, handed to `save`.
   */
  async function exportJournal(
    what: JournalExport,
    save: (fileName: string, text: string, contentType: string) => void,
  ): Promise<boolean> {
    const file =
      what === 'recall'
        ? await session.ask('tech:recall:export', {})
        : what === 'archive-rounds' || what === 'archive-events'
          ? await session.ask('tech:archive:export', { part: what === 'archive-rounds' ? 'rounds' : 'events' })
          : await session.ask('tech:events:export', { format: what === 'events-csv' ? 'csv' : 'json' });
    if (!file) return false;
    save(file.fileName, file.text, file.contentType);
    session.confirm('exported', file.fileName);
    return true;
  }

  async function ramClear(): Promise<boolean> {
    const ok = session.adopt(await session.ask('tech:ram-clear', { confirm: 'RAM CLEAR' }), 'ram-cleared');
    // A damaged journal kept aside is dealt with by the clear: main no longer reports one.
    if (ok) await load();
    return ok;
  }

  /** A fresh export of what can still be read from the damaged journal, handed to `save` when main sent the text. */
  async function exportJournalDamage(
    save: (fileName: string, text: string, contentType: string) => void,
  ): Promise<boolean> {
    const r = await session.ask('tech:journal-damage:export', {});
    if (!r) return false;
    journalSalvage.value = r;
    if (r.text !== null) save(r.fileName, r.text, r.contentType);
    session.confirm('exported', r.fileName);
    return true;
  }

  return { journalDamage, journalSalvage, load, exportJournal, ramClear, exportJournalDamage };
});
