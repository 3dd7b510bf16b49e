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

/** The close code ws sends for each frame error it meets (RFC 6455 §7.4.1). */
const CLOSE_REASONS: Readonly<Record<number, string>> = {
  1002: 'protocol error',
  1007: 'invalid UTF-8 in a text frame',
  1009: `message too big (over ${MAX_MESSAGE_BYTES} bytes)`,
};

/** One log line for a client whose frame broke the protocol; that client is closed, the host keeps serving. */
export function describeSocketError(error: Error): string {
  const fields = error as Error & { code?: unknown } & Record<symbol, unknown>;
  const status = Object.getOwnPropertySymbols(error)
    .map((key) => fields[key])
    .find((value): value is number => typeof value === 'number' && value in CLOSE_REASONS);
  const reason = status === undefined ? 'socket error' : `closed ${status} ${CLOSE_REASONS[status]}`;
  const code = typeof fields.code === 'string' ? fields.code : 'no code';
  return `WebSocket client ${reason}: ${code}: ${error.message}`;
}

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
