/**
 * The parent's handle on one fleet terminal (fleet-terminal.ts) of the stadium chaos (docs/stadium.md#fleet-chaos):
 * started with the pinned Node on its own journal, ready on its `FLEET-STARTED <id>` stderr line (never a sleep),
 * SIGKILLed at any moment and started again on the same journal, stopped with SIGTERM at the end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CHILD = fileURLToPath(new URL('./fleet-terminal.ts', import.meta.url));
const STARTED_WITHIN_MS = 60_000;

export interface FleetTerminalEnv {
  readonly url: string;
  readonly table: string;
  readonly publicKey: string;
  readonly resultTimeoutMs: number;
  /** NODE_COMPILE_CACHE: each of the many restarts is cheaper. */
  readonly compileCache: string;
}

export class FleetTerminalProcess {
  readonly journalPath: string;
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  private stderr = '';
  private readonly env: FleetTerminalEnv;
  private starts = 0;
  private readonly seed: number;
  /** The terminal's id (its durable consumer's name), known once it first started. */
  id: string | null = null;

  constructor(journalPath: string, seed: number, env: FleetTerminalEnv) {
    this.journalPath = journalPath;
    this.seed = seed;
    this.env = env;
  }

  running(): boolean {
    return this.child !== null;
  }

  /** The last lines it wrote to stderr, for a failure message. */
  log(): string {
    return this.stderr.split('\n').slice(-8).join('\n');
  }

  /**
   * Starts it and resolves true once its core is open and its link started; false when a SIGKILL (a chaos kill during
   * start-up) ended it first; rejects when it exits otherwise.
   */
  start(): Promise<boolean> {
    this.starts++;
    this.stderr = '';
    const child = spawn(process.execPath, [CHILD], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        NODE_COMPILE_CACHE: this.env.compileCache,
        FLEET_JOURNAL: this.journalPath,
        // Each start plays other layouts: a restart is a new run of the same player.
        FLEET_SEED: String((this.seed + this.starts * 7919) >>> 0),
        FLEET_URL: this.env.url,
        FLEET_TABLE: this.env.table,
        FLEET_KEY: this.env.publicKey,
        FLEET_RESULT_TIMEOUT_MS: String(this.env.resultTimeoutMs),
      },
    });
    this.child = child;
    this.exited = new Promise((resolve) =>
      child.once('exit', () => {
        if (this.child === child) this.child = null;
        resolve();
      }),
    );
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => fail(`not started within ${STARTED_WITHIN_MS} ms`), STARTED_WITHIN_MS);
      const fail = (why: string) => {
        clearTimeout(timer);
        child.kill('SIGKILL');
        reject(new Error(`fleet terminal ${this.journalPath} ${why}:\n${this.log()}`));
      };
      const early = (code: number | null, signal: NodeJS.Signals | null) => {
        clearTimeout(timer);
        if (signal === 'SIGKILL') resolve(false);
        else fail(`exited (${code ?? signal}) before it started`);
      };
      child.once('exit', early);
      child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
        this.stderr += chunk;
        const started = /FLEET-STARTED (\S+)/.exec(this.stderr);
        if (started) {
          clearTimeout(timer);
          child.off('exit', early);
          this.id = started[1]!;
          resolve(true);
        }
      });
    });
  }

  /** SIGKILL at whatever point it is; resolves once it is gone. */
  async kill(): Promise<void> {
    this.child?.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM: the link stops and the journal closes. */
  async stop(): Promise<void> {
    this.child?.kill('SIGTERM');
    await this.exited;
  }
}
