/**
 * A WebSocket client of the browser host for Node tests: what the renderer's bridge does, without a page.
 * `call(channel, request)` answers the channel's result; `close()` hangs up.
 */
import { WebSocket } from 'ws';

export type HostCall = (
  channel: string,
  request: unknown,
) => Promise<{ ok: boolean; value?: unknown; error?: unknown }>;

export interface HostClient {
  readonly call: HostCall;
  close(): void;
}

/** Connects to the host page at `url` (the host's start line: http://127.0.0.1:PORT/?token=…). */
export async function connectHostClient(url: string): Promise<HostClient> {
  const page = new URL(url);
  const ws = new WebSocket(`ws://${page.host}/ws?token=${page.searchParams.get('token') ?? ''}`, {
    headers: { origin: page.origin },
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let next = 1;
  const call: HostCall = (channel, request) =>
    new Promise((resolve) => {
      const id = next++;
      const onMessage = (data: Buffer): void => {
        const message = JSON.parse(data.toString()) as { id?: number; result?: unknown };
        if (message.id !== id) return;
        ws.off('message', onMessage);
        resolve(message.result as Awaited<ReturnType<HostCall>>);
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ id, channel, request }));
    });
  return { call, close: () => ws.close() };
}
