/**
 * The poll loop of one session (docs/protocols/essp.md#handshake, #link-settings): a cycle every poll interval,
 * never two polls less than 200 ms apart, even when the enable policy changes and wakes the loop early.
 *
 * What a failed cycle means:
 * - a timeout: one lost exchange may have put the eSSP counters out of step, so a new session starts on the
 *   same link; two timeouts in a row mean the acceptor is gone (the link supervisor reconnects with backoff);
 * - a bad encrypted reply or "key not set" (0xFA): the key is renegotiated;
 * - a refused unit (unit-refusal.ts, e.g. it does not know POLL_WITH_ACK): the driver raises the fault and the
 *   loop ends;
 * - anything else is logged and the next cycle runs as usual.
 */
import { EncryptionError } from './essp-crypto.ts';
import { SspReplyError, SspTimeoutError, type SspMaster } from './ssp-master.ts';
import { Command, Reply, parsePollReply, type PollEvent, type UnreadTail } from './ssp-protocol.ts';
import { UnitRefusedError } from './unit-refusal.ts';

/** The protocol's lower bound on the time between two polls. */
export const MIN_POLL_SPACING_MS = 200;

/** Time, as the loop sees it; the real clock unless a test injects another. */
export interface PollTimers {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const REAL_TIMERS: PollTimers = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface PollLoopOptions {
  readonly intervalMs: number;
  readonly timers?: PollTimers;
  /** False once the driver stopped or this loop's link was replaced: the loop ends. */
  isCurrent(): boolean;
  /** One cycle: enable state, POLL_WITH_ACK, the reply's events. */
  cycle(): Promise<void>;
  /** A new session on the same link (SYNC, key exchange, setup). Never throws. */
  rehandshake(): Promise<void>;
  /** The acceptor stopped answering: close the link and reconnect with backoff. */
  linkLost(reason: string): void;
  /** The unit cannot be run (the loop ends after this). */
  refused(error: UnitRefusedError): void;
  emit(type: string, detail: string): void;
}

export class PollLoop {
  readonly #options: PollLoopOptions;
  readonly #timers: PollTimers;
  #wake: (() => void) | null = null;

  constructor(options: PollLoopOptions) {
    this.#options = options;
    this.#timers = options.timers ?? REAL_TIMERS;
  }

  /** Ends the current pause early (still ≥ 200 ms after the last poll started). */
  wake(): void {
    this.#wake?.();
  }

  async run(): Promise<void> {
    const options = this.#options;
    let timeouts = 0;
    while (options.isCurrent()) {
      const started = this.#timers.now();
      try {
        await options.cycle();
        timeouts = 0;
      } catch (error) {
        if (!options.isCurrent()) return;
        if (error instanceof UnitRefusedError) {
          options.refused(error);
          return;
        }
        if (error instanceof SspTimeoutError) {
          timeouts++;
          options.emit('timeout', error.message);
          if (timeouts >= 2) {
            options.linkLost('the acceptor stopped answering');
            return;
          }
          // One lost exchange: the counters may differ now; start the session again.
          await options.rehandshake();
        } else if (
          error instanceof EncryptionError ||
          (error instanceof SspReplyError && error.code === Reply.KEY_NOT_SET)
        ) {
          options.emit('encryption', `${error.message}: renegotiating the key`);
          await options.rehandshake();
        } else {
          options.emit('error', error instanceof Error ? error.message : String(error));
        }
      }
      await this.#pause(started);
    }
  }

  #pause(started: number): Promise<void> {
    const timers = this.#timers;
    const elapsed = () => timers.now() - started;
    const wait = Math.max(0, this.#options.intervalMs - elapsed());
    return new Promise<void>((resolve) => {
      const timer = timers.setTimeout(resolve, Math.max(wait, MIN_POLL_SPACING_MS - elapsed()));
      this.#wake = () => {
        // An enable change is urgent, but never poll faster than every 200 ms.
        timers.clearTimeout(timer);
        timers.setTimeout(resolve, Math.max(0, MIN_POLL_SPACING_MS - elapsed()));
      };
    }).finally(() => {
      this.#wake = null;
    });
  }
}

export interface PollReply {
  readonly events: readonly PollEvent[];
  /** Where the reply stopped being readable (an unknown code), or null when it was read whole. */
  readonly unread: UnreadTail | null;
  /** performance.now() when the reply arrived: the start of the credit latency. */
  readonly received: number;
}

/**
 * POLL_WITH_ACK and its parsed events; null for a reply that is no event list at all (nothing is acted on). A
 * unit that does not know POLL_WITH_ACK (0xF2) is refused: plain POLL sends a credit once, so a host crash
 * between reading it and journaling it would lose the note (docs/protocols/essp.md#poll-with-ack-only).
 */
export async function pollOnce(
  master: Pick<SspMaster, 'transact'>,
  counters: { polls: number },
  emit: (type: string, detail: string) => void,
): Promise<PollReply | null> {
  const reply = await master.transact(Uint8Array.of(Command.POLL_WITH_ACK));
  const received = performance.now();
  counters.polls++;
  if (reply[0] === Reply.KEY_NOT_SET) throw new SspReplyError(Command.POLL_WITH_ACK, Reply.KEY_NOT_SET);
  if (reply[0] === Reply.UNKNOWN_COMMAND) {
    throw new UnitRefusedError(
      'no-poll-with-ack',
      'the bill acceptor does not know POLL_WITH_ACK (0xF2): its firmware is too old to run; update it',
    );
  }
  const parsed = parsePollReply(reply);
  if (!parsed.ok) {
    emit('bad-poll', parsed.error);
    return null;
  }
  return { events: parsed.value.events, unread: parsed.value.unread, received };
}
