/**
 * The browser test host's WebSocket message protocol (the renderer's websocket-bridge.ts
 * speaks the other side):
 *   client → server {"id": int, "channel": string, "request": any}
 *   server → client {"id": int, "result": IpcResult}   and   {"event": PushEvent}
 * Pure parsing, so it is unit-tested.
 */
import type { IpcResult } from '../ipc/contract.ts';

export interface WsRequest {
  readonly id: number;
  readonly channel: unknown;
  readonly request: unknown;
}

export const MAX_MESSAGE_BYTES = 64 * 1024;

/** Parses one client frame; returns an error result (with the id if one could be read). */
export function parseClientMessage(
  text: string,
): { ok: true; message: WsRequest } | { ok: false; id: number | null; result: IpcResult<never> } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, id: null, result: invalid('the message is not JSON: send {"id", "channel", "request"}') };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { ok: false, id: null, result: invalid('the message must be an object {"id", "channel", "request"}') };
  }
  const { id, channel, request } = data as Record<string, unknown>;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) {
    return { ok: false, id: null, result: invalid('field "id" must be a non-negative whole number') };
  }
  return { ok: true, message: { id, channel, request } };
}

function invalid(message: string): IpcResult<never> {
  return { ok: false, error: { code: 'invalid-request', message } };
}
