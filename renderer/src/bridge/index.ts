import type { CabinetBridge } from '../../../electron/ipc/contract.ts';
import { createElectronBridge } from './electron-bridge.ts';
import { createWebSocketBridge, websocketUrlFromLocation } from './websocket-bridge.ts';

/**
 * Picks the transport: the Electron preload when present, otherwise the browser test host's WebSocket.
 * The fake cabinet exists only in builds made with VITE_ALLOW_FAKE=1 (screenshots), behind `?fake=1`.
 */
export async function connectBridge(onConnectionChange?: (connected: boolean) => void): Promise<CabinetBridge> {
  if (window.cabinet) return createElectronBridge(window.cabinet);
  if (import.meta.env.VITE_ALLOW_FAKE === '1' && new URLSearchParams(location.search).get('fake') === '1') {
    const { createFakeBridge } = await import('./fake-bridge.ts');
    return createFakeBridge();
  }
  return createWebSocketBridge({ url: websocketUrlFromLocation(location), onConnectionChange });
}
