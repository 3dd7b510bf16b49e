import { describe, expect, it } from 'vitest';
import { createWebSocketBridge, websocketUrlFromLocation } from './websocket-bridge.ts';

class FakeSocket {
  sent: string[] = [];
  private handlers: Record<string, ((e: unknown) => void)[]> = {};
  addEventListener(type: string, h: (e: unknown) => void): void {
    (this.handlers[type] ??= []).push(h);
  }
  send(text: string): void {
    this.sent.push(text);
  }
  fire(type: string, e: unknown = {}): void {
    for (const h of this.handlers[type] ?? []) h(e);
  }
}

describe('WebSocket bridge protocol {id, channel, request} → {id, result} / {event}', () => {
  it('builds the URL from the page host and the ?token= query', () => {
    expect(websocketUrlFromLocation({ host: '127.0.0.1:5173', search: '?token=abc', protocol: 'http:' })).toBe(
      'ws://127.0.0.1:5173/ws?token=abc',
    );
  });
  it('queues until open, then matches answers by id and passes pushes to listeners', async () => {
    const sockets: FakeSocket[] = [];
    const bridge = createWebSocketBridge({
      url: 'ws://x/ws?token=t',
      createSocket: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s as unknown as WebSocket;
      },
    });
    const events: unknown[] = [];
    bridge.onEvent((e) => events.push(e));
    const answer = bridge.invoke('bets:clear', {});
    const ws = sockets[0]!;
    expect(ws.sent).toEqual([]);
    ws.fire('open');
    const sent = JSON.parse(ws.sent[0]!);
    expect(sent).toEqual({ id: sent.id, channel: 'bets:clear', request: {} });
    ws.fire('message', { data: JSON.stringify({ event: { type: 'tilt', tilts: [] } }) });
    ws.fire('message', {
      data: JSON.stringify({ id: sent.id, result: { ok: false, error: { code: 'no-bets', message: 'm' } } }),
    });
    await expect(answer).resolves.toEqual({ ok: false, error: { code: 'no-bets', message: 'm' } });
    expect(events).toEqual([{ type: 'tilt', tilts: [] }]);
  });
  it('a dropped connection answers pending requests with an error instead of hanging', async () => {
    const sockets: FakeSocket[] = [];
    const bridge = createWebSocketBridge({
      url: 'ws://x',
      createSocket: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s as unknown as WebSocket;
      },
    });
    sockets[0]!.fire('open');
    const answer = bridge.invoke('cabinet:snapshot', {});
    sockets[0]!.fire('close');
    const r = await answer;
    expect(r.ok).toBe(false);
  });
});
