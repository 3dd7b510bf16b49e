/**
 * The bridge inside Electron: the preload exposes `window.cabinet` with `invoke(channel, request)` and
 * `onEvent(listener)` (implemented there with named per-channel functions). This adapter only narrows it to
 * the CabinetBridge interface so the rest of the renderer never touches `window` directly.
 */
import type {
  CabinetBridge,
  Channel,
  IpcResult,
  PushEvent,
  RequestOf,
  ResponseMap,
} from '../../../electron/ipc/contract.ts';

export function createElectronBridge(api: CabinetBridge): CabinetBridge {
  return {
    invoke<C extends Channel>(channel: C, request: RequestOf<C>): Promise<IpcResult<ResponseMap[C]>> {
      return api.invoke(channel, request);
    },
    onEvent(listener: (event: PushEvent) => void): () => void {
      return api.onEvent(listener);
    },
  };
}
