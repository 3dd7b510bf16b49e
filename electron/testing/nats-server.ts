/**
 * A real `nats-server -js` for tests (docs/stadium.md#tests): on 127.0.0.1, on a port the server picks itself
 * (`-p -1`, so no two tests race for one), with a temporary store directory. Ready means the server has logged
 * "Server is ready" and the port it listens on; never a sleep. `kill()` SIGKILLs it (a crash, the store kept as it
 * was on disk) and `restart()` starts it again on the same port and the same store, so clients reconnect to the
 * same URL and the streams come back from disk; `freeze()` stops it answering without closing a connection, as a cut
 * cable does. No broker is mocked anywhere in stadium's tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's nats-server package (docs/stadium.md#tests); NATS_SERVER names another binary. */
const BINARY = process.env.NATS_SERVER ?? '/usr/sbin/nats-server';
const READY_WITHIN_MS = 10_000;

export interface NatsServer {
  /** nats://127.0.0.1:PORT */
  readonly url: string;
  readonly port: number;
  readonly storeDir: string;
  /** The server's log so far (stderr), for failure messages. */
  log(): string;
  /** SIGKILL: a crash of the broker; the store stays on disk. */
  kill(): Promise<void>;
  /** Starts it again on the same port and store (after kill or stop). */
  restart(): Promise<void>;
  /** SIGSTOP: the server stays connected but answers nothing, as behind a cut cable (no FIN ever reaches a client). */
  freeze(): void;
  /** SIGCONT after freeze(). */
  thaw(): void;
  /** SIGTERM to its process group, then removes the store. */
  stop(): Promise<void>;
}

interface Running {
  readonly child: ChildProcess;
  readonly port: number;
  readonly exited: Promise<void>;
}

export interface NatsServerOptions {
  /** A server config (e.g. users and permissions); the flags' address, port and store override its own. */
  readonly config?: string;
  /** Environment for `$VARIABLE`s the config names. */
  readonly env?: Readonly<Record<string, string>>;
}

function launch(storeDir: string, port: number, logs: string[], options: NatsServerOptions): Promise<Running> {
  const args = ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir];
  if (options.config !== undefined) {
    const file = `${storeDir}.conf`;
    writeFileSync(file, options.config);
    args.unshift('-c', file);
  }
  // detached: the server leads its own process group, so stop() reaches anything it started.
  const child = spawn(BINARY, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
    env: { ...process.env, ...options.env },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let text = '';
    let listening = 0;
    const timer = setTimeout(() => fail(`not ready within ${READY_WITHIN_MS} ms`), READY_WITHIN_MS);
    const fail = (why: string): void => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`nats-server ${why}:\n${text}`));
    };
    child.once('error', (error) => fail(`could not start (${error.message}); is ${BINARY} installed?`));
    const early = (code: number | null, signal: NodeJS.Signals | null): void =>
      fail(`exited (${code ?? signal}) before it was ready`);
    child.once('exit', early);
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
      logs.push(chunk);
      const port = /Listening for client connections on 127\.0\.0\.1:(\d+)/.exec(text)?.[1];
      if (port !== undefined) listening = Number(port);
      if (listening > 0 && text.includes('Server is ready')) {
        clearTimeout(timer);
        child.off('exit', early);
        resolve({ child, port: listening, exited });
      }
    });
  });
}

async function end(running: Running | null, signal: NodeJS.Signals): Promise<void> {
  if (running === null || running.child.exitCode !== null || running.child.signalCode !== null) return;
  process.kill(-running.child.pid!, signal);
  await running.exited;
}

/** Starts a JetStream server on a free port with a fresh store directory; resolves once it is ready. */
export async function startNatsServer(options: NatsServerOptions = {}): Promise<NatsServer> {
  const storeDir = mkdtempSync(join(tmpdir(), 'stadium-nats-'));
  const logs: string[] = [];
  let running: Running | null = await launch(storeDir, -1, logs, options);
  const port = running.port;
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    storeDir,
    log: () => logs.join(''),
    kill: async () => {
      await end(running, 'SIGKILL');
      running = null;
    },
    restart: async () => {
      await end(running, 'SIGKILL');
      running = await launch(storeDir, port, logs, options);
    },
    freeze: () => {
      if (running !== null) process.kill(-running.child.pid!, 'SIGSTOP');
    },
    thaw: () => {
      if (running !== null) process.kill(-running.child.pid!, 'SIGCONT');
    },
    stop: async () => {
      if (running !== null) process.kill(-running.child.pid!, 'SIGCONT'); // a frozen server cannot hear SIGTERM
      await end(running, 'SIGTERM');
      running = null;
      rmSync(storeDir, { recursive: true, force: true });
      rmSync(`${storeDir}.conf`, { force: true });
    },
  };
}
