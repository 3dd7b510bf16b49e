/** The meters view: main's meters, and their export as a lab's CSV or a printable page (docs/cabinet-rules.md#meters). */
import { defineStore } from 'pinia';
import type { Meters } from '../../../../electron/core/model/meters.ts';
import type { RequestOf } from '../../../../electron/ipc/contract.ts';
import { useStaffStore } from '../useStaffStore.ts';
import { sessionRef } from './session-scoped.ts';

export const useStaffMetersStore = defineStore('staff-meters', () => {
  const session = useStaffStore();
  const meters = sessionRef<Meters | null>(null);

  async function load(): Promise<void> {
    meters.value = await session.ask('tech:meters', {});
  }

  /** The meters as main lays them out, handed to `save` (a download in the browser, a file in the shell). */
  async function exportMeters(
    save: (fileName: string, text: string) => void,
    format: RequestOf<'tech:meters:export'>['format'] = 'csv',
  ): Promise<boolean> {
    const r = await session.ask('tech:meters:export', { format });
    if (!r) return false;
    save(r.fileName, 'html' in r ? r.html : r.csv);
    session.confirm('exported', r.fileName);
    return true;
  }

  return { meters, load, exportMeters };
});
