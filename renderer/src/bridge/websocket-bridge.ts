/**
 * The bridge in the browser test host (`npm run host`), used when `window.cabinet` is absent.
 *
 * Protocol (agreed with the host; keep both sides identical):
 *   - Connect:        new WebSocket(`ws://${location.host}/ws?token=${token}`), the token read from the page URL
 *                     query `?token=...` (a per-run secret printed by the host).
 *   - Request:        client → server  {"id": <integer>, "channel": "<Channel>", "request": <payload>}
 *   - Answer:         server → client  {"id": <same integer>, "result": <IpcResult>}
 *   - Push event:     server → client  {"event": <PushEvent>}
 *   - Every message is one JSON text frame. Ids are unique per connection and chosen by the client.
 *
 * When the socket drops, pending requests resolve with an `internal` IpcError (never thrown), the client
 * reconnects with backoff, and after reconnecting fetches a fresh snapshot and hands it to listeners as a
 * `state` event, so the screen never shows stale credits.
 */
import type {
  CabinetBridge,
  Channel,
  IpcResult,
  PushEvent,
  RequestOf,
  ResponseMap,
} from '../../../electron/ipc/contract.ts';

interface Pending {
  resolve: (result: IpcResult<unknown>) => void;
}

export interface WebSocketBridgeOptions {
  url: string;
  /** Test seam; defaults to the global WebSocket. */
  createSocket?: (url: string) => WebSocket;
  /** Told when the socket opens or drops, so the screen can say it is reconnecting. */
  onConnectionChange?: (connected: boolean) => void;
}

export function websocketUrlFromLocation(loc: { host: string; search: string; protocol: string }): string {
  const token = new URLSearchParams(loc.search).get('token') ?? '';
  const scheme = loc.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${loc.host}/ws?token=${encodeURIComponent(token)}`;
}

export function createWebSocketBridge(options: WebSocketBridgeOptions): CabinetBridge {
  const create = options.createSocket ?? ((url: string) => new WebSocket(url));
  const listeners = new Set<(event: PushEvent) => void>();
  const pending = new Map<number, Pending>();
  const queue: string[] = [];
  let nextId = 1;
  let socket: WebSocket | null = null;
  let open = false;
  let backoffMs = 250;
  let everOpened = false;

  const emit = (event: PushEvent): void => {
    for (const l of listeners) l(event);
  };

  const failAll = (message: string): void => {
    for (const [id, p] of pending) {
      pending.delete(id);
      p.resolve({ ok: false, error: { code: 'internal', message } });
    }
  };

  const connect = (): void => {
    const ws = create(options.url);
    socket = ws;
    ws.addEventListener('open', () => {
      open = true;
      options.onConnectionChange?.(true);
      backoffMs = 250;
      for (const text of queue.splice(0)) ws.send(text);
      if (everOpened) {
        void bridge.invoke('cabinet:snapshot', {}).then((r) => {
          if (r.ok) emit({ type: 'state', snapshot: r.value });
        });
      }
      everOpened = true;
    });
    ws.addEventListener('message', (msg: MessageEvent) => {
      let data: unknown;
      try {
        data = JSON.parse(String(msg.data));
      } catch {
        return;
      }
      if (typeof data !== 'object' || data === null) return;
      const m = data as { id?: unknown; result?: unknown; event?: unknown };
      if (typeof m.id === 'number' && m.result !== undefined) {
        const p = pending.get(m.id);
        if (p) {
          pending.delete(m.id);
          p.resolve(m.result as IpcResult<unknown>);
        }
      } else if (m.event !== undefined) {
        emit(m.event as PushEvent);
      }
    });
    ws.addEventListener('close', () => {
      if (open || !everOpened) options.onConnectionChange?.(false);
      open = false;
      socket = null;
      queue.length = 0;
      failAll('The connection to the cabinet was lost. Please wait…');
      setTimeout(connect, backoffMs);
      backoffMs = Math.min(backoffMs * 2, 5000);
    });
  };

  const bridge: CabinetBridge = {
    invoke<C extends Channel>(channel: C, request: RequestOf<C>): Promise<IpcResult<ResponseMap[C]>> {
      const id = nextId++;
      const text = JSON.stringify({ id, channel, request });
      return new Promise((resolve) => {
        pending.set(id, { resolve: resolve as Pending['resolve'] });
        if (open && socket) socket.send(text);
        else queue.push(text);
      });
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  connect();
  return bridge;
}
