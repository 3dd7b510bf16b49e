/** The diagnostics view: bill acceptor, RNG, door and key inputs, and the note test mode. */
import { defineStore } from 'pinia';
import type { ResponseOf } from '../../../../electron/ipc/contract.ts';
import { useStaffStore } from '../useStaffStore.ts';
import { sessionRef } from './session-scoped.ts';

export type Diagnostics = ResponseOf<'tech:diagnostics'>;

export const useStaffDiagnosticsStore = defineStore('staff-diagnostics', () => {
  const session = useStaffStore();
  const diagnostics = sessionRef<Diagnostics | null>(null);

  async function load(): Promise<void> {
    diagnostics.value = await session.ask('tech:diagnostics', {});
  }

  async function setBillTestMode(on: boolean): Promise<void> {
    const d = await session.ask('tech:bill-test-mode', { on });
    if (d) diagnostics.value = d;
  }

  return { diagnostics, load, setBillTestMode };
});
