/**
 * Sandboxed preload (bundled to CommonJS): exposes `window.cabinet` with the two functions
 * the renderer calls — `invoke(channel, request)` and `onEvent(listener)` (CabinetBridge) —
 * never ipcRenderer itself, and strips the Electron event object from pushes. invoke sends
 * only channels on the allow-list, the names of the production channel table (channels.ts),
 * which scripts/build.ts writes out from the table when it bundles this file, without zod.
 *
 * scripts/build.ts bundles this file twice: preload.cjs (packaged) with the production names, and
 * dev-preload.cjs (the unpackaged `npm start` only) with electron/host/dev-preload-channels.ts's,
 * which add the service panel's channels.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { CHANNEL_NAMES, EVENT_CHANNEL_NAME } from './ipc/channels.ts';
import type { IpcResult, PushEvent } from './ipc/contract.ts';

const allowed: ReadonlySet<string> = new Set(CHANNEL_NAMES);

const bridge = {
  invoke(channel: unknown, request: unknown): Promise<IpcResult<unknown>> {
    if (typeof channel !== 'string' || !allowed.has(channel)) {
      return Promise.resolve({
        ok: false,
        error: { code: 'unknown-channel', message: `unknown channel ${String(channel).slice(0, 60)}` },
      });
    }
    return ipcRenderer.invoke(channel, request) as Promise<IpcResult<unknown>>;
  },

  onEvent(listener: (event: PushEvent) => void): () => void {
    if (typeof listener !== 'function') throw new TypeError('onEvent needs a function');
    const wrapped = (_event: IpcRendererEvent, payload: PushEvent): void => listener(payload);
    ipcRenderer.on(EVENT_CHANNEL_NAME, wrapped);
    return () => void ipcRenderer.removeListener(EVENT_CHANNEL_NAME, wrapped);
  },
};

contextBridge.exposeInMainWorld('cabinet', bridge);
