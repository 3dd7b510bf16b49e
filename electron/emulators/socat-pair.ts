/**
 * A socat pseudo-terminal pair for tests and the report tool: `socat pty,link=A pty,link=B`,
 * started as its own child process. The device (emulator) writes to A, the driver opens B.
 * Killing socat is an unplug; start() again is a replug on the same paths.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SocatPair {
  readonly dir: string;
  readonly a: string;
  readonly b: string;
  /** PID of the running socat, or null. */
  readonly pid: number | null;
  start(): Promise<void>;
  /** Kills socat (an unplug) and waits for it to exit. */
  kill(): Promise<void>;
  /** Kills socat and removes the temp dir. */
  dispose(): Promise<void>;
}

export function createSocatPair(prefix = 'rng-pty-'): SocatPair {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const a = join(dir, 'A');
  const b = join(dir, 'B');
  let child: ChildProcess | null = null;

  const waitFor = async (test: () => boolean, what: string, ms = 5000) => {
    const until = Date.now() + ms;
    while (!test()) {
      if (Date.now() > until) throw new Error(`socat: ${what} within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  const pair: SocatPair = {
    dir,
    a,
    b,
    get pid() {
      return child?.pid ?? null;
    },
    async start() {
      if (child) return;
      const proc = spawn('socat', [`pty,raw,echo=0,link=${a}`, `pty,raw,echo=0,link=${b}`], {
        stdio: ['ignore', 'ignore', 'ignore'],
      });
      child = proc;
      let failed: Error | null = null;
      proc.once('error', (error) => {
        failed = new Error(`cannot start socat (apt-get install -y socat): ${error.message}`);
      });
      proc.once('exit', () => {
        if (child === proc) child = null;
      });
      await waitFor(() => failed !== null || (existsSync(a) && existsSync(b)), 'the pty links did not appear');
      if (failed) throw failed;
    },
    async kill() {
      const proc = child;
      if (!proc) return;
      const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
      proc.kill('SIGTERM');
      await exited;
      child = null;
      await waitFor(() => !existsSync(a) && !existsSync(b), 'the pty links were not removed').catch(() => undefined);
    },
    async dispose() {
      await pair.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return pair;
}
