/**
 * The service panel's two channels (electron/ipc/dev-contract.ts), typed on the development table: insert a
 * note on a bill acceptor channel, and turn the operator key or the door as their hardware inputs would.
 * Only the development entry imports this; a packaged kiosk has neither the channels nor this file.
 */
import type { DevKioskBridge } from '../../../electron/ipc/dev-contract.ts';
import { useCabinetApi } from '../bridge/useCabinetApi.ts';
import { useUiStore } from '../stores/useUiStore.ts';

export function useServiceChannels(): {
  insertNote(channel: number): Promise<void>;
  toggleInput(input: 'operator-key' | 'door'): Promise<void>;
} {
  const api = useCabinetApi();
  const ui = useUiStore();
  // The one connection speaks whatever table main serves; a development cabinet serves the service table too.
  const bridge = (): DevKioskBridge | null => api.transport() as DevKioskBridge | null;

  async function insertNote(channel: number): Promise<void> {
    const r = await bridge()?.invoke('service:insert-note', { channel });
    if (!r) return;
    if (!r.ok) ui.showError(r.error);
    else if (!r.value.accepted) ui.showError({ code: 'not-permitted', message: r.value.detail });
  }

  async function toggleInput(input: 'operator-key' | 'door'): Promise<void> {
    await bridge()?.invoke('service:toggle-input', { input });
  }

  return { insertNote, toggleInput };
}
