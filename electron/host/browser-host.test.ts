import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import type { RunningCabinet } from '../app/running-cabinet.ts';
import { testStaff } from '../testing/memory-staff.ts';
import { cardLabel } from '../core/cards/card.ts';
import { createFakeCabinet } from '../testing/fake-cabinet.ts';
import { checkForcedRound } from '../testing/forced-card-source.ts';
import { assertLoopback, HostError, startBrowserHost, type RunningHost } from './host-server.ts';
import type { TestControlHooks } from './test-controls.ts';

const rendererDir = mkdtempSync(path.join(os.tmpdir(), 'host-test-renderer-'));
writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>kiosk</title>');
writeFileSync(path.join(rendererDir, 'app.js'), 'console.log(1)');

const notes: number[] = [];
function fakeStart(): Promise<RunningCabinet> {
  const cabinet = createFakeCabinet();
  const { staff } = testStaff();
  return Promise.resolve({
    cabinet,
    staff,
    inputs: {
      keyFile: null,
      doorFile: null,
      setOperatorKey: (on) => staff.setKey(on),
      setDoor: (open) => {
        cabinet.setDoorOpen(open);
        staff.setDoor(open);
      },
      stop: () => undefined,
    },
    recovery: 'clean start',
    recordCrash: () => undefined,
    services: { staff, paytable: () => ({}) as never },
    controls: {
      rng: null,
      billAcceptor: {
        unplug: async () => undefined,
        replug: async () => undefined,
        insertNote: async (channel) => {
          notes.push(channel);
          return { accepted: true, detail: `channel ${channel}` };
        },
      },
    },
    dispose: async () => undefined,
  });
}

let host: RunningHost | null = null;
afterEach(async () => {
  await host?.close();
  host = null;
});

const forced: Array<{ cards: string[]; decks: number }> = [];
const hooks: TestControlHooks = {
  armRngUnplugDuringNextDeal: () => undefined,
  forceCards: (cards, decks) => {
    checkForcedRound(cards, decks);
    forced.push({ cards: cards.map(cardLabel), decks });
  },
  advanceClock: (ms) => ms,
};

async function start(testControls = false): Promise<RunningHost> {
  host = await startBrowserHost({
    host: '127.0.0.1',
    port: 0,
    journalPath: '/nonexistent/unused.sqlite',
    attractAfterMs: 5000,
    rendererDir,
    testControls,
    testHooks: hooks,
    start: fakeStart,
    log: () => undefined,
  });
  return host;
}

function connect(url: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

function call(
  ws: WebSocket,
  id: number,
  channel: string,
  request: unknown,
): Promise<{ id: number; result: { ok: boolean; value?: unknown; error?: { code: string } } }> {
  return new Promise((resolve) => {
    const onMessage = (data: Buffer): void => {
      const message = JSON.parse(data.toString());
      if (message.id === id) {
        ws.off('message', onMessage);
        resolve(message);
      }
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ id, channel, request }));
  });
}

describe('browser test host: loopback only', () => {
  it.each(['0.0.0.0', '::', '192.168.1.10', 'localhost', '::1'])(
    'refuses to bind to %s with a clear error',
    (address) => {
      expect(() => assertLoopback(address)).toThrow(HostError);
      expect(() => assertLoopback(address)).toThrow(/127\.0\.0\.1 only/);
    },
  );

  it('startBrowserHost refuses a non-loopback bind before starting the cabinet', async () => {
    let started = false;
    await expect(
      startBrowserHost({
        host: '0.0.0.0',
        port: 0,
        journalPath: 'x',
        attractAfterMs: null,
        rendererDir,
        testControls: false,
        start: () => {
          started = true;
          return fakeStart();
        },
      }),
    ).rejects.toThrow(/refusing to bind to "0.0.0.0"/);
    expect(started).toBe(false);
  });

  it('the CLI exits 2 with one clear line for --host 0.0.0.0', () => {
    const result = spawnSync(
      process.execPath,
      [path.join(import.meta.dirname, 'browser-host.ts'), '--host', '0.0.0.0'],
      {
        encoding: 'utf8',
        timeout: 20_000,
      },
    );
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^host: refusing to bind to "0\.0\.0\.0".*127\.0\.0\.1 only/);
  });

  it('the CLI exits 2 with one line naming the value for a journal that would not be durable', () => {
    const run = (args: string[], env: Record<string, string> = {}) =>
      spawnSync(process.execPath, [path.join(import.meta.dirname, 'browser-host.ts'), '--port', '0', ...args], {
        encoding: 'utf8',
        timeout: 20_000,
        env: { ...process.env, ...env },
      });
    const cases: Array<{ args: string[]; env?: Record<string, string>; shown: string }> = [
      { args: ['--journal', ':memory:'], shown: '--journal=":memory:"' },
      { args: ['--journal', 'file:j.sqlite?mode=memory'], shown: '--journal="file:j.sqlite?mode=memory"' },
      { args: ['--journal', '/nonexistent-folder/j.sqlite'], shown: '--journal="/nonexistent-folder/j.sqlite"' },
      { args: [], env: { BACCARAT_JOURNAL: '' }, shown: 'BACCARAT_JOURNAL=""' },
      { args: [], env: { BACCARAT_JOURNAL: 'relative.sqlite' }, shown: 'BACCARAT_JOURNAL="relative.sqlite"' },
    ];
    for (const { args, env, shown } of cases) {
      const result = run(args, env);
      expect(result.status, shown).toBe(2);
      const lines = result.stderr.trim().split('\n');
      expect(lines, shown).toHaveLength(1);
      expect(lines[0]).toContain(shown);
      expect(lines[0]).toContain('allowed: an absolute path');
    }
  });
});

describe('browser test host: per-run token', () => {
  it('prints a loopback URL carrying the token and the attract idle time', async () => {
    const h = await start();
    expect(h.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{48}&attractAfterMs=5000$/);
  });

  it('serves the page only with the token, with a strict CSP header', async () => {
    const h = await start();
    const base = `http://127.0.0.1:${h.port}`;
    expect((await fetch(`${base}/`)).status).toBe(401);
    expect((await fetch(`${base}/?token=${'0'.repeat(48)}`)).status).toBe(401);
    const page = await fetch(h.url);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    // Assets need the cookie the page set (or the token).
    expect((await fetch(`${base}/app.js`)).status).toBe(401);
    const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect((await fetch(`${base}/app.js`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${base}/../../etc/passwd`, { headers: { cookie } })).status).toBe(404);
  });

  it('refuses a request or an upgrade naming another Host, even with the token (DNS rebinding)', async () => {
    const h = await start();
    const get = (hostHeader: string): Promise<number> =>
      new Promise((resolve, reject) => {
        const req = http.get(
          { host: '127.0.0.1', port: h.port, path: `/?token=${h.token}`, headers: { Host: hostHeader } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.once('error', reject);
      });
    expect(await get(`evil.example:${h.port}`)).toBe(421);
    expect(await get(`localhost:${h.port}`)).toBe(421);
    expect(await get(`127.0.0.1:${h.port}`)).toBe(200);
    await expect(
      connect(`ws://127.0.0.1:${h.port}/ws?token=${h.token}`, { Host: `evil.example:${h.port}` }),
    ).rejects.toThrow(/421/);
  });

  it('answers a malformed request target with 400 and stays up (one bad request line must not crash the host)', async () => {
    const h = await start();
    const raw = (head: string): Promise<string> =>
      new Promise((resolve, reject) => {
        const socket = net.connect(h.port, '127.0.0.1', () => socket.write(head));
        let reply = '';
        socket.setEncoding('utf8').on('data', (chunk: string) => (reply += chunk));
        socket.once('end', () => resolve(reply.split('\r\n')[0] ?? ''));
        socket.once('error', reject);
      });
    const hostHeader = `Host: 127.0.0.1:${h.port}\r\n`;
    expect(await raw(`GET http://[::1 HTTP/1.1\r\n${hostHeader}Connection: close\r\n\r\n`)).toMatch(/^HTTP\/1\.1 400/);
    const upgrade =
      'Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n';
    expect(await raw(`GET http://[::1 HTTP/1.1\r\n${hostHeader}${upgrade}\r\n`)).toMatch(/^HTTP\/1\.1 400/);
    expect((await fetch(h.url)).status).toBe(200);
  });

  it('refuses a WebSocket upgrade with a bad or missing token, or a foreign Origin', async () => {
    const h = await start();
    const ws = `ws://127.0.0.1:${h.port}/ws`;
    await expect(connect(ws)).rejects.toThrow(/401/);
    await expect(connect(`${ws}?token=bad`)).rejects.toThrow(/401/);
    await expect(connect(`${ws}?token=${h.token}`, { Origin: 'http://evil.example' })).rejects.toThrow(/403/);
    const good = await connect(`${ws}?token=${h.token}`, { Origin: `http://127.0.0.1:${h.port}` });
    good.close();
  });
});

describe('browser test host: the WebSocket protocol', () => {
  it('answers {id, result} through the same router, and pushes {event}', async () => {
    const h = await start();
    const ws = await connect(`ws://127.0.0.1:${h.port}/ws?token=${h.token}`);
    const placed = await call(ws, 1, 'bets:place', { spot: 'player', chipMinor: 500 });
    expect(placed).toMatchObject({ id: 1, result: { ok: true, value: { tableTotalMinor: 500 } } });
    const bad = await call(ws, 2, 'bets:place', { spot: 'side', chipMinor: 500 });
    expect(bad).toMatchObject({ id: 2, result: { ok: false, error: { code: 'invalid-request' } } });
    const unknown = await call(ws, 3, 'nope', {});
    expect(unknown.result.error?.code).toBe('unknown-channel');
    const pushed = new Promise((resolve) => ws.once('message', (data) => resolve(JSON.parse(data.toString()))));
    (h.running.cabinet as ReturnType<typeof createFakeCabinet>).emit({ type: 'tilt', tilts: [] });
    expect(await pushed).toEqual({ event: { type: 'tilt', tilts: [] } });
    ws.close();
  });

  it('answers malformed frames with invalid-request and stays up', async () => {
    const h = await start();
    const ws = await connect(`ws://127.0.0.1:${h.port}/ws?token=${h.token}`);
    const answer = new Promise((resolve) => ws.once('message', (data) => resolve(JSON.parse(data.toString()))));
    ws.send('{not json');
    expect(await answer).toMatchObject({ id: null, result: { ok: false, error: { code: 'invalid-request' } } });
    expect((await call(ws, 9, 'cabinet:snapshot', {})).result.ok).toBe(true);
    ws.close();
  });

  it('test:* channels exist only with --test-controls', async () => {
    const plain = await start(false);
    const ws1 = await connect(`ws://127.0.0.1:${plain.port}/ws?token=${plain.token}`);
    expect((await call(ws1, 1, 'test:insert-note', { channel: 1 })).result.error?.code).toBe('unknown-channel');
    ws1.close();
    await plain.close();

    const withControls = await start(true);
    const ws2 = await connect(`ws://127.0.0.1:${withControls.port}/ws?token=${withControls.token}`);
    expect((await call(ws2, 1, 'test:insert-note', { channel: 3 })).result).toEqual({
      ok: true,
      value: { accepted: true, detail: 'channel 3' },
    });
    expect((await call(ws2, 2, 'test:insert-note', { channel: 99 })).result.error?.code).toBe('invalid-request');
    expect((await call(ws2, 3, 'test:rng-unplug', {})).result.error?.code).toBe('not-permitted');
    expect((await call(ws2, 4, 'tech:meters', {})).result.error?.code).toBe('key-off');
    expect((await call(ws2, 5, 'test:operator-key', { on: true })).result.ok).toBe(true);
    expect((await call(ws2, 6, 'tech:meters', {})).result.error?.code).toBe('signed-out');
    // No sign-in sets a PIN: a role without one is refused until a trusted path sets it.
    expect((await call(ws2, 11, 'staff:sign-in', { role: 'attendant', pin: '1357' })).result.error?.code).toBe(
      'no-pin',
    );
    expect((await call(ws2, 7, 'test:set-pin', { role: 'attendant', pin: '1357' })).result.ok).toBe(true);
    expect((await call(ws2, 8, 'staff:sign-in', { role: 'attendant', pin: '1357' })).result.ok).toBe(true);
    expect((await call(ws2, 9, 'tech:meters', {})).result.ok).toBe(true);
    expect((await call(ws2, 10, 'test:door', { open: true })).result).toEqual({ ok: true, value: { open: true } });
    expect(notes).toContain(3);
    ws2.close();
  });

  it('the service panel channel is merged in with or without test controls', async () => {
    const h = await start(false);
    const ws = await connect(`ws://127.0.0.1:${h.port}/ws?token=${h.token}`);
    expect((await call(ws, 1, 'service:insert-note', { channel: 4 })).result).toEqual({
      ok: true,
      value: { accepted: true, detail: 'channel 4' },
    });
    expect((await call(ws, 2, 'service:insert-note', { channel: 0 })).result.error?.code).toBe('invalid-request');
    expect(notes).toContain(4);
    // The development key combination's channel: turns the key as the GPIO input would.
    expect((await call(ws, 3, 'service:toggle-input', { input: 'operator-key' })).result).toEqual({
      ok: true,
      value: { keyOn: true, doorOpen: false },
    });
    expect((await call(ws, 4, 'service:toggle-input', { input: 'door' })).result).toEqual({
      ok: true,
      value: { keyOn: true, doorOpen: true },
    });
    ws.close();
  });

  it('test:force-cards arms the given round, and refuses one that is not a whole round, in words', async () => {
    const h = await start(true);
    const ws = await connect(`ws://127.0.0.1:${h.port}/ws?token=${h.token}`);
    expect((await call(ws, 1, 'test:force-cards', { cards: ['9', 'k', 'KH', '5d'] })).result).toEqual({
      ok: true,
      value: { armed: ['9S', 'KS', 'KH', '5D'] },
    });
    expect(forced.at(-1)).toEqual({ cards: ['9S', 'KS', 'KH', '5D'], decks: 8 });
    const count = forced.length;
    const tooMany = (await call(ws, 2, 'test:force-cards', { cards: ['9', 'K', 'K', '5', '2'] })).result as {
      ok: boolean;
      error?: { code: string; message: string };
    };
    expect(tooMany).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    expect(tooMany.error?.message).toMatch(/"cards".*uses only the first 4 of the 5 cards given/);
    const notACard = (await call(ws, 3, 'test:force-cards', { cards: ['9', 'X', 'K', '5'] })).result as {
      error?: { code: string; message: string };
    };
    expect(notACard.error).toMatchObject({ code: 'invalid-request', message: expect.stringMatching(/card 2 "X"/) });
    expect(forced.length).toBe(count);
    ws.close();
  });
});

describe('browser test host: test:reset', () => {
  it('disposes the running cabinet and serves a new one on the fresh journal, on the same socket', async () => {
    const opened: Array<string | undefined> = [];
    const disposed: string[] = [];
    host = await startBrowserHost({
      host: '127.0.0.1',
      port: 0,
      journalPath: '/nonexistent/first.sqlite',
      attractAfterMs: null,
      rendererDir,
      testControls: true,
      start: async ({ journalPath, configFile, notePace }) => {
        opened.push(journalPath, configFile, notePace);
        const running = await fakeStart();
        return { ...running, dispose: async () => void disposed.push(journalPath) };
      },
      log: () => undefined,
    });
    const first = host.running;
    const ws = await connect(`ws://127.0.0.1:${host.port}/ws?token=${host.token}`);
    expect((await call(ws, 1, 'bets:place', { spot: 'player', chipMinor: 500 })).result.ok).toBe(true);
    const journal = path.join(mkdtempSync(path.join(os.tmpdir(), 'host-reset-')), 'journal.sqlite');
    expect((await call(ws, 2, 'test:reset', { journal, config: '/venues/demo.json', notes: 'quick' })).result).toEqual({
      ok: true,
      value: { journal, recovery: 'clean start' },
    });
    expect(opened).toEqual(['/nonexistent/first.sqlite', undefined, undefined, journal, '/venues/demo.json', 'quick']);
    expect(disposed).toEqual(['/nonexistent/first.sqlite']);
    expect(host.running).not.toBe(first);
    // The new cabinet answers, and its events reach the socket that was open before the reset.
    const snapshot = (await call(ws, 3, 'cabinet:snapshot', {})).result as { ok: boolean; value: { table: unknown } };
    expect(snapshot.ok).toBe(true);
    const pushed = new Promise((resolve) => ws.once('message', (data) => resolve(JSON.parse(data.toString()))));
    (host.running.cabinet as ReturnType<typeof createFakeCabinet>).emit({ type: 'tilt', tilts: [] });
    expect(await pushed).toEqual({ event: { type: 'tilt', tilts: [] } });
    ws.close();
  });

  it('refuses a journal that exists, or a relative one, in words, and keeps the cabinet it has', async () => {
    const h = await start(true);
    const running = h.running;
    const ws = await connect(`ws://127.0.0.1:${h.port}/ws?token=${h.token}`);
    const existing = path.join(mkdtempSync(path.join(os.tmpdir(), 'host-reset-')), 'journal.sqlite');
    writeFileSync(existing, '');
    const exists = (await call(ws, 1, 'test:reset', { journal: existing })).result as {
      error?: { code: string; message: string };
    };
    expect(exists.error).toMatchObject({
      code: 'invalid-request',
      message: expect.stringMatching(/exists; a reset starts on a journal that does not/),
    });
    const relative = (await call(ws, 2, 'test:reset', { journal: 'journal.sqlite' })).result as {
      error?: { code: string; message: string };
    };
    expect(relative.error).toMatchObject({ code: 'invalid-request', message: expect.stringMatching(/relative path/) });
    const fresh = path.join(path.dirname(existing), 'fresh.sqlite');
    const venue = (await call(ws, 3, 'test:reset', { journal: fresh, config: 'venue.json' })).result as {
      error?: { code: string; message: string };
    };
    expect(venue.error).toMatchObject({
      code: 'invalid-request',
      message: expect.stringMatching(/absolute path to a venue file/),
    });
    expect(h.running).toBe(running);
    ws.close();
  });
});

describe('browser test host: a broken or oversized frame closes that client only', () => {
  async function startLogged(lines: string[]): Promise<RunningHost> {
    host = await startBrowserHost({
      host: '127.0.0.1',
      port: 0,
      journalPath: '/nonexistent/unused.sqlite',
      attractAfterMs: null,
      rendererDir,
      testControls: false,
      start: fakeStart,
      log: (line) => lines.push(line),
    });
    return host;
  }

  /** One masked client frame written straight onto the socket (mask 0, so the payload is sent as is). */
  function rawFrame(firstByte: number, payload: Buffer): Buffer {
    if (payload.length > 125) throw new Error('rawFrame writes short frames only');
    return Buffer.concat([Buffer.from([firstByte, 0x80 | payload.length, 0, 0, 0, 0]), payload]);
  }

  function closed(ws: WebSocket): Promise<{ code: number; reason: string }> {
    return new Promise((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  const cases: Array<{ what: string; code: number; send: (ws: WebSocket) => void }> = [
    { what: 'a 65 KiB text frame', code: 1009, send: (ws) => ws.send('x'.repeat(65 * 1024 + 1)) },
    { what: 'a 1 MiB binary frame', code: 1009, send: (ws) => ws.send(Buffer.alloc(1024 * 1024)) },
    {
      what: 'a text frame that is not UTF-8',
      code: 1007,
      send: (ws) => (ws as unknown as { _socket: net.Socket })._socket.write(rawFrame(0x81, Buffer.from([0xff, 0xfe]))),
    },
    {
      what: 'a frame with a reserved opcode',
      code: 1002,
      send: (ws) => (ws as unknown as { _socket: net.Socket })._socket.write(rawFrame(0x83, Buffer.from('hi'))),
    },
  ];

  for (const { what, code, send } of cases) {
    it(`${what}: that client gets close ${code}, one line is logged, another client keeps playing`, async () => {
      const lines: string[] = [];
      const h = await startLogged(lines);
      const url = `ws://127.0.0.1:${h.port}/ws?token=${h.token}`;
      const bystander = await connect(url);
      const offender = await connect(url);
      // The client side reports the close the server sent; its own error event is expected.
      offender.on('error', () => undefined);
      const gone = closed(offender);
      send(offender);
      expect((await gone).code).toBe(code);
      expect(lines.filter((line) => line.startsWith('WebSocket client'))).toEqual([
        expect.stringContaining(`closed ${code}`),
      ]);
      expect((await call(bystander, 1, 'cabinet:snapshot', {})).result.ok).toBe(true);
      const late = await connect(url);
      expect((await call(late, 2, 'cabinet:snapshot', {})).result.ok).toBe(true);
      bystander.close();
      late.close();
    });
  }
});
