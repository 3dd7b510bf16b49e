/**
 * Keeps one serial port open: opens it, notices an unplug (the port closes, or the driver reports that the
 * device stopped answering) and reopens it with exponential backoff. Device-neutral: the bill acceptor driver
 * and the RNG service both use it, and each maps its connected/disconnected reports to their DeviceStatus.
 */
import { realpathSync } from 'node:fs';
import type { LinkCause } from '../../core/model/device-detail.ts';
import type { SerialLink, SerialLinkOpener, SerialLinkOptions } from './serial-link.ts';
import { TypedEmitter } from '../typed-emitter.ts';

/**
 * How often an open port's path is checked. A hung-up pseudo-terminal (socat killed) does not always make
 * serialport emit 'close': reads just return nothing. A device node that vanished, or a path that now points
 * at another device (socat restarted on the same link), is an unplug all the same.
 */
export const PATH_WATCH_MS = 250;

export interface BackoffOptions {
  /** First retry delay. */
  readonly initialMs: number;
  /** Cap on the delay. */
  readonly maxMs: number;
  /** Growth per failed attempt. */
  readonly factor: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 200, maxMs: 5_000, factor: 2 };

export type LinkReport =
  | { readonly state: 'connected'; readonly link: SerialLink; readonly attempt: number }
  | {
      readonly state: 'disconnected';
      /** In words, for the event log. */
      readonly reason: string;
      /** The same as a code, for the device status (docs/protocols/essp.md#handshake). */
      readonly cause: LinkCause;
      /** The OS error code of a failed open, when the error carried one. */
      readonly osCode?: string;
      readonly retryInMs: number;
      readonly attempt: number;
    };

/** Why the driver gave the link up (what linkLost is told). */
export type LostCause = Extract<
  LinkCause,
  'device-unplugged' | 'stopped-answering' | 'handshake-failed' | 'unit-refused'
>;

/**
 * The errno name of a failed open. Node's own errors carry it as `code`; the serialport binding's errors only
 * say the C library's message, so the few that a port open can give are looked up by that message.
 */
const OS_MESSAGES: ReadonlyArray<readonly [string, string]> = [
  ['No such file or directory', 'ENOENT'],
  ['Permission denied', 'EACCES'],
  ['Inappropriate ioctl for device', 'ENOTTY'],
  ['Device or resource busy', 'EBUSY'],
  ['No such device', 'ENODEV'],
  ['Input/output error', 'EIO'],
  ['Is a directory', 'EISDIR'],
];

export function osErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^E[A-Z0-9]+$/.test(code)) return code;
  const message = error instanceof Error ? error.message : String(error);
  return OS_MESSAGES.find(([text]) => message.includes(text))?.[1] ?? /\b(E[A-Z]{3,})\b/.exec(message)?.[1];
}

export interface LinkSupervisorOptions {
  readonly open: SerialLinkOpener;
  readonly link: SerialLinkOptions;
  readonly backoff?: Partial<BackoffOptions>;
  /**
   * Called with the open link. The supervisor waits for it to settle before it reports the link as up to other
   * listeners; if it throws (the device does not answer its handshake) the link is closed and retried.
   */
  readonly onConnected?: (link: SerialLink) => Promise<void> | void;
}

/** Delay before attempt `n` (0-based) — exported for tests. */
export function backoffDelay(attempt: number, backoff: BackoffOptions): number {
  return Math.min(backoff.maxMs, Math.round(backoff.initialMs * backoff.factor ** Math.max(0, attempt)));
}

export class LinkSupervisor {
  readonly #options: LinkSupervisorOptions;
  readonly #backoff: BackoffOptions;
  readonly #events = new TypedEmitter<{ report: LinkReport }>();
  #link: SerialLink | null = null;
  #unsubscribeClose: (() => void) | null = null;
  #timer: NodeJS.Timeout | null = null;
  #attempt = 0;
  #running = false;
  #opening: Promise<void> | null = null;
  #lastReport: LinkReport | null = null;
  #pathWatch: NodeJS.Timeout | null = null;

  constructor(options: LinkSupervisorOptions) {
    this.#options = options;
    this.#backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
    if (this.#backoff.initialMs < 1 || this.#backoff.maxMs < this.#backoff.initialMs || this.#backoff.factor < 1) {
      throw new RangeError('backoff needs initialMs ≥ 1, maxMs ≥ initialMs and factor ≥ 1');
    }
  }

  get path(): string {
    return this.#options.link.path;
  }

  /** The open link, or null while disconnected. */
  current(): SerialLink | null {
    return this.#link;
  }

  lastReport(): LinkReport | null {
    return this.#lastReport;
  }

  onReport(listener: (report: LinkReport) => void): () => void {
    return this.#events.on('report', listener);
  }

  /** Starts trying to open the port; resolves after the first attempt (connected or not). */
  start(): Promise<void> {
    if (this.#running) return this.#opening ?? Promise.resolve();
    this.#running = true;
    this.#attempt = 0;
    return this.#tryOpen();
  }

  async stop(): Promise<void> {
    this.#running = false;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#opening?.catch(() => undefined);
    await this.#drop();
  }

  /**
   * The driver decided the device is gone although the port is open (no answers): close and reopen with
   * backoff. Safe to call more than once.
   */
  linkLost(reason: string, cause: LostCause): void {
    if (!this.#running || !this.#link) return;
    void this.#drop().then(() => this.#scheduleRetry(reason, cause));
  }

  #tryOpen(): Promise<void> {
    const opening = (async () => {
      let link: SerialLink | null = null;
      try {
        link = await this.#options.open(this.#options.link);
        if (!this.#running) {
          await link.close();
          return;
        }
        this.#link = link;
        this.#watchPath(link);
        this.#unsubscribeClose = link.onClose(({ disconnected }) => {
          if (this.#link !== link) return;
          this.#unsubscribeClose?.();
          this.#unsubscribeClose = null;
          this.#link = null;
          this.#stopPathWatch();
          if (disconnected) this.#scheduleRetry('device unplugged', 'device-unplugged');
          else this.#scheduleRetry('port closed', 'port-closed');
        });
        await this.#options.onConnected?.(link);
        if (this.#link !== link) return; // closed during the handshake; a retry is already scheduled
        const report: LinkReport = { state: 'connected', link, attempt: this.#attempt };
        this.#attempt = 0;
        this.#emit(report);
      } catch (error) {
        if (link && this.#link === link) await this.#drop();
        else if (link) await link.close().catch(() => undefined);
        // Thrown by open(): the port never opened; thrown later: onConnected's handshake failed.
        const opened = link !== null;
        const words = error instanceof Error ? error.message : String(error);
        const osCode = opened ? undefined : osErrorCode(error);
        if (this.#running && !this.#timer)
          this.#scheduleRetry(words, opened ? 'handshake-failed' : 'open-failed', osCode);
      }
    })();
    this.#opening = opening.finally(() => {
      if (this.#opening === guarded) this.#opening = null;
    });
    const guarded = this.#opening;
    return guarded;
  }

  /** Watches the port's path while `link` is open; only for paths that exist (not binding-mock ports). */
  #watchPath(link: SerialLink): void {
    this.#stopPathWatch();
    const target = resolvedPath(this.#options.link.path);
    if (target === null) return;
    this.#pathWatch = setInterval(() => {
      if (this.#link !== link) return this.#stopPathWatch();
      const now = resolvedPath(this.#options.link.path);
      if (now === target) return;
      const words = now === null ? 'device unplugged (the port vanished)' : 'device unplugged (the port was replaced)';
      this.linkLost(words, 'device-unplugged');
    }, PATH_WATCH_MS);
    this.#pathWatch.unref();
  }

  #stopPathWatch(): void {
    if (this.#pathWatch) clearInterval(this.#pathWatch);
    this.#pathWatch = null;
  }

  async #drop(): Promise<void> {
    this.#stopPathWatch();
    const link = this.#link;
    this.#unsubscribeClose?.();
    this.#unsubscribeClose = null;
    this.#link = null;
    if (link) await link.close().catch(() => undefined);
  }

  #scheduleRetry(reason: string, cause: LinkCause, osCode?: string): void {
    if (!this.#running || this.#timer) return;
    const retryInMs = backoffDelay(this.#attempt, this.#backoff);
    const os = osCode === undefined ? {} : { osCode };
    this.#emit({ state: 'disconnected', reason, cause, ...os, retryInMs, attempt: this.#attempt });
    this.#attempt++;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      if (this.#running) void this.#tryOpen();
    }, retryInMs);
  }

  #emit(report: LinkReport): void {
    this.#lastReport = report;
    this.#events.emit('report', report); // a listener's bug cannot stop the supervisor
  }
}

function resolvedPath(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}
