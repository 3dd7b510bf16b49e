/**
 * An acceptor the driver will not run (docs/protocols/essp.md#refused-units): the fixed key does not match, it
 * will not speak host protocol 6 or later, or it does not know POLL_WITH_ACK. Each is a device fault with a
 * clear detail; the driver then waits a growing time before it tries again (RefusalBackoff), because a unit
 * that could not decrypt goes out of service until it is reset and a tight retry loop only fills the log.
 */

export type RefusalKind = 'key-mismatch' | 'protocol-refused' | 'no-poll-with-ack';

export class UnitRefusedError extends Error {
  override readonly name = 'UnitRefusedError';
  readonly kind: RefusalKind;
  constructor(kind: RefusalKind, message: string) {
    super(message);
    this.kind = kind;
  }
}

export interface RefusalBackoffOptions {
  /** Wait before the first retry after a refusal. */
  readonly initialMs: number;
  /** Cap on the wait. */
  readonly maxMs: number;
}

export const DEFAULT_REFUSAL_BACKOFF: RefusalBackoffOptions = { initialMs: 30_000, maxMs: 300_000 };

/** Waits `ms`, or rejects when `signal` aborts. The driver's seam for time (tests inject their own). */
export type Wait = (ms: number, signal: AbortSignal) => Promise<void>;

export const realWait: Wait = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });

/** The wait before the next handshake: none until a refusal, then doubling up to the cap; a good session resets it. */
export class RefusalBackoff {
  readonly #options: RefusalBackoffOptions;
  #refusals = 0;

  constructor(options: Partial<RefusalBackoffOptions> = {}) {
    this.#options = { ...DEFAULT_REFUSAL_BACKOFF, ...options };
    if (this.#options.initialMs < 1 || this.#options.maxMs < this.#options.initialMs) {
      throw new RangeError('refusal backoff needs initialMs ≥ 1 and maxMs ≥ initialMs');
    }
  }

  /** How long to wait before the next handshake (0 when the last session was not refused). */
  get delayMs(): number {
    if (this.#refusals === 0) return 0;
    return Math.min(this.#options.maxMs, this.#options.initialMs * 2 ** (this.#refusals - 1));
  }

  refused(): void {
    this.#refusals++;
  }

  accepted(): void {
    this.#refusals = 0;
  }
}
