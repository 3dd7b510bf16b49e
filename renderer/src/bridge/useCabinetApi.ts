/**
 * The renderer's one line to main (docs/architecture.md#adding-a-channel). Every request and answer type is
 * read from the production channel table (electron/ipc/contract.ts): a channel that is not in the table, or a
 * payload that does not fit its schema's type, does not compile. Stores and components call main through this
 * and nothing else; none of them names the transport (Electron preload or the browser host's WebSocket).
 *
 * A Pinia store rather than a module variable so each Pinia (each test) has its own connection.
 */
import { defineStore } from 'pinia';
import type {
  CabinetBridge,
  Channel,
  IpcResult,
  PushEvent,
  RequestOf,
  ResponseOf,
} from '../../../electron/ipc/contract.ts';
import { connectBridge } from './index.ts';

/** The answer of `request` when no connection was ever made: a refusal as data, like every other. */
const NOT_CONNECTED = { code: 'internal', message: 'not connected to the cabinet' } as const;

export const useCabinetApi = defineStore('cabinet-api', () => {
  let bridge: CabinetBridge | null = null;
  let connecting: Promise<CabinetBridge> | null = null;
  const listeners = new Set<(event: PushEvent) => void>();

  /** Connects once (later calls share the first connection) and hands main's pushes to every listener. */
  async function connect(onConnectionChange?: (connected: boolean) => void): Promise<void> {
    connecting ??= connectBridge(onConnectionChange).then((b) => {
      b.onEvent((event) => {
        for (const listener of listeners) listener(event);
      });
      bridge = b;
      return b;
    });
    await connecting;
  }

  /** One request with its whole answer; a transport that throws answers `internal`, never a rejection. */
  async function request<C extends Channel>(channel: C, payload: RequestOf<C>): Promise<IpcResult<ResponseOf<C>>> {
    if (!bridge) return { ok: false, error: NOT_CONNECTED };
    try {
      return await bridge.invoke(channel, payload);
    } catch (e) {
      return { ok: false, error: { code: 'internal', message: String(e) } };
    }
  }

  /** Listens to main's push events (the cabinet's state, staff access) until the returned function is called. */
  function onEvent(listener: (event: PushEvent) => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  /** The connection itself, for the development entry's service panel only (renderer/src/dev/). */
  function transport(): CabinetBridge | null {
    return bridge;
  }

  return { connect, request, onEvent, transport };
});

export type CabinetApi = ReturnType<typeof useCabinetApi>;
