/**
 * The browser test host's server: the same composition root and the same IPC router as the Electron shell, behind a
 * WebSocket on 127.0.0.1, serving the renderer build with a strict CSP. Started by browser-host.ts (`npm run host`)
 * and by tests. Never packaged (dist:check verifies it).
 *
 * Security: binds to 127.0.0.1 only; a random per-run token is required for the page (which then sets a same-site
 * cookie for its assets) and on the WebSocket upgrade; the Host and Origin headers must name this host (no DNS
 * rebinding).
 *
 * Dev-only channels (electron/ipc/dev-contract.ts, test-channels.ts) are merged into the router here: the service
 * panel's, and with `--test-controls` (e2e only) the `test:*` controls that unplug/replug the emulated RNG and bill
 * acceptor, insert a note, turn the operator key and force the next round's cards (test-controls.ts). They never
 * exist in a packaged shell.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { contentSecurityPolicy, securityHeaders } from '../app/csp.ts';
import type { RunningCabinet } from '../app/running-cabinet.ts';
import { contentType, resolveStaticPath } from '../app/static-files.ts';
import { createIpcRouter } from '../ipc/router.ts';
import { serviceChannels } from './service-channels.ts';
import { testControlChannels, type NotePace, type ResetChoices, type TestControlHooks } from './test-controls.ts';
import { COOKIE, cookieToken, requestUrl, sameSecret } from './request-access.ts';
import { describeSocketError, MAX_MESSAGE_BYTES, parseClientMessage } from './ws-protocol.ts';

export const LOOPBACK = '127.0.0.1';

export class HostError extends Error {
  override readonly name = 'HostError';
}

/** The host serves one machine only: anything but 127.0.0.1 is refused. */
export function assertLoopback(host: string): void {
  if (host !== LOOPBACK) {
    throw new HostError(
      `refusing to bind to "${host}": the browser test host listens on ${LOOPBACK} only (it has no authentication beyond a per-run token and must never be reachable from the network)`,
    );
  }
}

export interface StartOptions {
  readonly journalPath: string;
  /** A venue file for this start only (a reset's); without it the host's own (--config, BACCARAT_CONFIG). */
  readonly configFile?: string;
  /** The emulated bill acceptor's pace (a reset's): 'quick' moves a note about five times as fast. */
  readonly notePace?: NotePace;
  readonly log: (message: string) => void;
}

export interface HostOptions {
  readonly host: string;
  readonly port: number;
  readonly journalPath: string;
  readonly attractAfterMs: number | null;
  readonly rendererDir: string;
  readonly testControls: boolean;
  readonly start: (options: StartOptions) => Promise<RunningCabinet>;
  /** Test-only hooks (test-hooks.ts), reachable through the test:* channels. */
  readonly testHooks?: TestControlHooks;
  readonly log?: (message: string) => void;
}

export interface RunningHost {
  readonly url: string;
  readonly port: number;
  readonly token: string;
  /** The cabinet running now (a reset replaces it). */
  readonly running: RunningCabinet;
  close(): Promise<void>;
}

export async function startBrowserHost(options: HostOptions): Promise<RunningHost> {
  assertLoopback(options.host);
  const log = options.log ?? ((message: string) => process.stderr.write(`host: ${message}\n`));
  const token = randomBytes(24).toString('hex');

  // The cabinet and its router; a reset (test controls only) replaces both. Recovery happens inside start(),
  // before the server accepts a single connection.
  interface Served {
    readonly running: RunningCabinet;
    readonly router: ReturnType<typeof createIpcRouter>;
    readonly unsubscribe: () => void;
  }
  const serve = async (journalPath: string, choices: ResetChoices = {}): Promise<Served> => {
    const running = await options.start({ journalPath, log, ...choices });
    // The service panel always (the host runs the embedded emulators); the test controls only when asked.
    const devGroups = [serviceChannels(running)];
    if (options.testControls) devGroups.push(testControlChannels(running, options.testHooks, reset));
    const router = createIpcRouter(running.cabinet, running.services, devGroups);
    const unsubscribe = router.subscribe((event) => {
      const text = JSON.stringify({ event });
      for (const ws of clients) if (ws.readyState === ws.OPEN) ws.send(text);
    });
    return { running, router, unsubscribe };
  };
  let resetting: Promise<unknown> | null = null;
  async function reset(journalPath: string, choices: ResetChoices): Promise<{ journal: string; recovery: string }> {
    if (resetting) throw new HostError('a reset is already under way');
    const done = (async () => {
      served.unsubscribe();
      await served.running.dispose();
      served = await serve(journalPath, choices);
      log(
        `reset: a fresh cabinet on ${journalPath}${choices.configFile === undefined ? '' : ` with ${choices.configFile}`}`,
      );
      return { journal: journalPath, recovery: served.running.recovery };
    })();
    resetting = done;
    try {
      return await done;
    } finally {
      resetting = null;
    }
  }
  const clients = new Set<WebSocket>();
  let served = await serve(options.journalPath);

  const server = http.createServer();
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  let port = 0;
  const expectedHost = (): string => `${LOOPBACK}:${port}`;
  const headers = (): Record<string, string> =>
    securityHeaders(contentSecurityPolicy({ connectSrc: [`ws://${expectedHost()}`] }));

  server.on('request', (req, res) => {
    void (async () => {
      const url = requestUrl(req.url, `http://${expectedHost()}`);
      if (!url) return deny(res, 400, 'malformed request URL');
      if (req.headers.host !== expectedHost()) return deny(res, 421, 'wrong Host header');
      if (req.method !== 'GET' && req.method !== 'HEAD') return deny(res, 405, 'only GET');
      const isPage = url.pathname === '/' || url.pathname === '/index.html';
      const authorised = isPage
        ? sameSecret(url.searchParams.get('token'), token)
        : sameSecret(cookieToken(req.headers.cookie), token) || sameSecret(url.searchParams.get('token'), token);
      if (!authorised) return deny(res, 401, 'a valid ?token= is required (printed by the host at start)');
      const file = resolveStaticPath(options.rendererDir, url.pathname);
      if (!file) return deny(res, 404, 'not found');
      let body: Buffer;
      try {
        body = await readFile(file);
      } catch {
        // Browsers ask for /favicon.ico on their own; the kiosk has none to give.
        if (url.pathname === '/favicon.ico') {
          res.writeHead(204, headers());
          res.end();
          return;
        }
        return deny(res, 404, 'not found');
      }
      const extra: Record<string, string> = isPage
        ? { 'Set-Cookie': `${COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict` }
        : {};
      res.writeHead(200, { ...headers(), ...extra, 'Content-Type': contentType(file), 'Content-Length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
    })();
  });

  function deny(res: http.ServerResponse, status: number, message: string): void {
    res.writeHead(status, { ...headers(), 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(message + '\n');
  }

  server.on('upgrade', (req, socket, head) => {
    const url = requestUrl(req.url, `http://${expectedHost()}`);
    const origin = req.headers.origin;
    const reject = (status: number, reason: string): void => {
      log(`refused WebSocket: ${reason}`);
      socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    if (!url) return reject(400, 'malformed request URL');
    if (url.pathname !== '/ws') return reject(404, 'path is not /ws');
    if (req.headers.host !== expectedHost()) return reject(421, 'wrong Host header');
    if (origin !== undefined && origin !== `http://${expectedHost()}`) return reject(403, `foreign Origin ${origin}`);
    if (!sameSecret(url.searchParams.get('token'), token)) return reject(401, 'missing or wrong token');
    sockets.handleUpgrade(req, socket, head, (ws) => sockets.emit('connection', ws, req));
  });

  sockets.on('connection', (ws: WebSocket) => {
    clients.add(ws);
    ws.on('close', () => clients.delete(ws));
    // A frame over MAX_MESSAGE_BYTES, bad UTF-8 or a broken frame: ws has already begun the close
    // with the matching code (1009, 1007, 1002). Without this listener the error would end the
    // whole host; with it, only this client goes and the others keep playing.
    ws.on('error', (error) => log(describeSocketError(error)));
    ws.on('message', (data, isBinary) => {
      void (async () => {
        if (isBinary) {
          ws.send(
            JSON.stringify({
              id: null,
              result: { ok: false, error: { code: 'invalid-request', message: 'send JSON text frames only' } },
            }),
          );
          return;
        }
        const parsed = parseClientMessage(data.toString());
        if (!parsed.ok) {
          ws.send(JSON.stringify({ id: parsed.id, result: parsed.result }));
          return;
        }
        const { id, channel, request } = parsed.message;
        const result = await served.router.handle(channel, request);
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ id, result }));
      })();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, LOOPBACK, () => {
      server.off('error', reject);
      resolve();
    });
  }).catch(async (error: unknown) => {
    await served.running.dispose();
    throw new HostError(
      `cannot listen on ${LOOPBACK}:${options.port}: ${error instanceof Error ? error.message : String(error)}`,
    );
  });
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : options.port;

  const query = new URLSearchParams({ token });
  if (options.attractAfterMs !== null) query.set('attractAfterMs', String(options.attractAfterMs));
  const url = `http://${expectedHost()}/?${query.toString()}`;

  let closed: Promise<void> | null = null;
  return {
    url,
    port,
    token,
    get running() {
      return served.running;
    },
    close() {
      closed ??= (async () => {
        await resetting?.catch(() => undefined);
        served.unsubscribe();
        for (const ws of clients) ws.terminate();
        sockets.close();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await served.running.dispose();
      })();
      return closed;
    },
  };
}
