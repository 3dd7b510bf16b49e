/**
 * Starts the browser test host as a child process: random port, the given journal, test controls on.
 * Reads the URL from the last stdout JSON line and talks to the host over the same WebSocket protocol
 * as the renderer (for test:* controls and to read the cabinet's own records, e.g. history:list).
 * `reset(journal)` puts the same process on a fresh journal (test:reset), which is how the fixtures
 * give each test a fresh cabinet without a new process (docs/testing.md#one-host-per-worker).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { WebSocket } from 'ws';

const REPO = path.resolve(import.meta.dirname, '..');

export interface IpcOk<T> {
  ok: true;
  value: T;
}
export interface IpcFail {
  ok: false;
  error: { code: string; message: string; limit?: { name: string; valueMinor: number } };
}
export type Result<T> = IpcOk<T> | IpcFail;

export interface HostProcess {
  readonly url: string;
  readonly port: number;
  readonly token: string;
  /** The journal the cabinet runs on now (a reset changes it). */
  readonly journal: string;
  readonly child: ChildProcess;
  /** True once the process has exited (a test killed it, or it died). */
  readonly exited: boolean;
  /**
   * A fresh cabinet on `journal`, a file that does not exist yet, with the venue file `config` if given (else
   * the host's own) and the emulated acceptor at `notes` pace; printed lines from before are forgotten.
   */
  reset(journal: string, choices?: { config?: string; notes?: 'device' | 'quick' }): Promise<void>;
  /** One request over the host's WebSocket (opened on first use). */
  call<T = unknown>(channel: string, request?: unknown): Promise<Result<T>>;
  /** Like call, but throws unless the answer is ok. */
  must<T = unknown>(channel: string, request?: unknown): Promise<T>;
  /** Resolves with the first stdout JSON line that matches (already printed lines count). */
  waitForLine(match: (line: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** Sends a signal and waits for the process to exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  readonly stderr: () => string;
}

export async function startHost(options: {
  journal: string;
  attractAfterMs?: number | null;
  env?: Record<string, string>;
  /** More of the host's own flags (e.g. a venue file, a stadium table's). */
  args?: readonly string[];
  /** Another checkout whose host runs (a bench's baseline); default this one. */
  repo?: string;
  /**
   * A bundle of this checkout's host to run instead of its sources (scripts/bundle-host.ts; the restart bench), with
   * this checkout's development renderer.
   */
  bundle?: string;
  /** How long to wait for the host to be ready (default 30 s). */
  readyTimeoutMs?: number;
}): Promise<HostProcess> {
  const repo = options.repo ?? REPO;
  const args = [
    ...(options.bundle === undefined
      ? [path.join(repo, 'electron/host/browser-host.ts')]
      : [options.bundle, '--renderer', path.join(repo, 'dist-renderer-dev')]),
    '--port',
    '0',
    '--journal',
    options.journal,
    '--test-controls',
  ];
  if (options.attractAfterMs != null) args.push('--attract-after-ms', String(options.attractAfterMs));
  args.push(...(options.args ?? []));
  const child = spawn(process.execPath, args, {
    cwd: repo,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so a SIGKILL takes the emulators' socat children with it (a power cut).
    detached: true,
  });
  const lines: Record<string, unknown>[] = [];
  const waiters = new Set<() => void>();
  let stdoutBuffer = '';
  let stderrText = '';
  let exited = false;
  const exitPromise = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      for (const wake of waiters) wake();
      resolve();
    }),
  );
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    stdoutBuffer += chunk;
    let nl: number;
    while ((nl = stdoutBuffer.indexOf('\n')) >= 0) {
      const line = stdoutBuffer.slice(0, nl).trim();
      stdoutBuffer = stdoutBuffer.slice(nl + 1);
      if (!line.startsWith('{')) continue;
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        continue;
      }
      for (const wake of waiters) wake();
    }
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderrText += chunk));

  const waitForLine = (match: (line: Record<string, unknown>) => boolean, timeoutMs = 30_000) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const check = (): boolean => {
        const found = lines.find(match);
        if (found) {
          cleanup();
          resolve(found);
          return true;
        }
        if (exited) {
          cleanup();
          reject(new Error(`host exited before the expected output; stderr:\n${stderrText}`));
          return true;
        }
        return false;
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`host did not print the expected line within ${timeoutMs} ms; stderr:\n${stderrText}`));
      }, timeoutMs);
      const cleanup = (): void => {
        clearTimeout(timer);
        waiters.delete(wake);
      };
      const wake = (): void => void check();
      if (!check()) waiters.add(wake);
    });

  const ready = await waitForLine((line) => typeof line.url === 'string', options.readyTimeoutMs);
  const url = String(ready.url);
  const parsed = new URL(url);
  const token = parsed.searchParams.get('token') ?? '';
  const port = Number(parsed.port);

  let socket: Promise<WebSocket> | null = null;
  let nextId = 1;
  const pending = new Map<number, (result: Result<unknown>) => void>();
  const open = (): Promise<WebSocket> =>
    (socket ??= new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${token}`);
      ws.once('open', () => resolve(ws));
      ws.once('error', reject);
      ws.on('message', (data) => {
        const message = JSON.parse(data.toString()) as { id?: number; result?: Result<unknown> };
        if (typeof message.id === 'number' && message.result) pending.get(message.id)?.(message.result);
      });
      ws.on('close', () => {
        socket = null;
        for (const [id, resolvePending] of pending) {
          pending.delete(id);
          resolvePending({ ok: false, error: { code: 'internal', message: 'host connection closed' } });
        }
      });
    }));

  const call = async <T>(channel: string, request: unknown = {}): Promise<Result<T>> => {
    const ws = await open();
    const id = nextId++;
    return new Promise<Result<T>>((resolve) => {
      pending.set(id, (result) => {
        pending.delete(id);
        resolve(result as Result<T>);
      });
      ws.send(JSON.stringify({ id, channel, request }));
    });
  };

  let journal = options.journal;
  return {
    url,
    port,
    token,
    get journal() {
      return journal;
    },
    child,
    get exited() {
      return exited;
    },
    async reset(fresh: string, choices: { config?: string; notes?: 'device' | 'quick' } = {}) {
      const answer = await call<{ journal: string }>('test:reset', { journal: fresh, ...choices });
      if (!answer.ok) throw new Error(`test:reset failed: ${answer.error.code}: ${answer.error.message}`);
      journal = answer.value.journal;
      lines.length = 0;
    },
    call,
    async must<T>(channel: string, request: unknown = {}): Promise<T> {
      const result = await call<T>(channel, request);
      if (!result.ok) throw new Error(`${channel} failed: ${result.error.code}: ${result.error.message}`);
      return result.value;
    },
    waitForLine,
    async kill(signal: NodeJS.Signals = 'SIGTERM') {
      const ws = socket ? await socket.catch(() => null) : null;
      ws?.terminate();
      const group = child.pid;
      if (!exited && group !== undefined) {
        try {
          process.kill(signal === 'SIGKILL' ? -group : group, signal);
        } catch {
          // already gone
        }
      }
      await exitPromise;
      // Whatever the host left behind in its group (socat after a SIGKILL) goes too.
      if (group !== undefined) {
        try {
          process.kill(-group, 'SIGKILL');
        } catch {
          // the group is empty
        }
      }
    },
    stderr: () => stderrText,
  };
}
