import type { CabinetBridge } from '../../../electron/ipc/contract.ts';
import { createElectronBridge } from './electron-bridge.ts';
import { createWebSocketBridge, websocketUrlFromLocation } from './websocket-bridge.ts';

/**
 * Picks the transport: the Electron preload when present, otherwise the browser test host's WebSocket.
 * There is no pretend cabinet: every answer comes from the real one in main (or in the test host).
 */
export async function connectBridge(onConnectionChange?: (connected: boolean) => void): Promise<CabinetBridge> {
  if (window.cabinet) return createElectronBridge(window.cabinet);
  return createWebSocketBridge({ url: websocketUrlFromLocation(location), onConnectionChange });
}
