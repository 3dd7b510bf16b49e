/**
 * The host end of an ID-003 link (docs/protocols/id003.md#exchanges): one exchange in flight, a reply timeout,
 * the same bytes sent again after a timeout or a COMMUNICATION ERROR (0x4A) answer.
 *
 * ID-003 frames carry no sequence number, so a late reply to an abandoned request could pass for the answer to
 * the next one. Each exchange therefore says what its answer looks like — a status, an ACK, the echo of the
 * setting, or data under the request's own code — and any other frame is reported as a line error and ignored.
 * Resending is safe: STATUS_REQUEST and settings are idempotent, and the operation commands (STACK-1, RETURN…)
 * are only sent in the state where a repeat has the same effect or is refused with INVALID COMMAND.
 */
import type { SerialLink } from '../../serial/serial-link.ts';
import { Id003Deframer, encodeId003Frame, type Id003Frame } from './id003-framing.ts';
import { Command, Status, isStatus, statusName } from './id003-protocol.ts';

export class Id003TimeoutError extends Error {
  override readonly name = 'Id003TimeoutError';
}

/** The unit answered, but refused (INVALID COMMAND) or answered something else than asked. */
export class Id003ReplyError extends Error {
  override readonly name = 'Id003ReplyError';
  readonly command: number;
  readonly status: number;
  constructor(command: number, status: number, detail: string) {
    super(`command 0x${command.toString(16)}: ${detail}`);
    this.command = command;
    this.status = status;
  }
}

export interface LineError {
  readonly reason: string;
  readonly detail: string;
}

export interface Id003MasterOptions {
  readonly replyTimeoutMs: number;
  readonly attempts: number;
  onLineError?(error: LineError): void;
}

type Matcher = (frame: Id003Frame) => boolean;

const hex = (n: number) => `0x${n.toString(16).padStart(2, '0')}`;

export class Id003Master {
  readonly #link: SerialLink;
  readonly #options: Id003MasterOptions;
  readonly #deframer = new Id003Deframer();
  readonly #unsubscribe: () => void;
  #waiter: { matches: Matcher; resolve(frame: Id003Frame): void } | null = null;
  #chain: Promise<unknown> = Promise.resolve();
  #closed = false;

  constructor(link: SerialLink, options: Id003MasterOptions) {
    this.#link = link;
    this.#options = options;
    this.#unsubscribe = link.onData((chunk) => this.#receive(chunk));
  }

  close(): void {
    this.#closed = true;
    this.#unsubscribe();
  }

  /** STATUS_REQUEST → the unit's status frame. */
  status(): Promise<Id003Frame> {
    return this.#exchange(Command.STATUS_REQUEST, new Uint8Array(0), (f) => isStatus(f.cmd));
  }

  /** RESET, STACK-1/2, RETURN, HOLD, WAIT → ACK; INVALID COMMAND throws Id003ReplyError. */
  async operate(command: number): Promise<void> {
    const reply = await this.#exchange(
      command,
      new Uint8Array(0),
      (f) => f.cmd === Status.ACK || f.cmd === Status.INVALID_COMMAND,
    );
    if (reply.cmd !== Status.ACK) throw new Id003ReplyError(command, reply.cmd, 'refused (invalid command)');
  }

  /** A setting command (0xC0…): the unit echoes command and data. */
  async setting(command: number, data: Uint8Array): Promise<void> {
    const reply = await this.#exchange(command, data, (f) => f.cmd === command || f.cmd === Status.INVALID_COMMAND);
    if (reply.cmd !== command) throw new Id003ReplyError(command, reply.cmd, 'refused (invalid command)');
    if (!sameBytes(reply.data, data)) {
      throw new Id003ReplyError(
        command,
        reply.cmd,
        `echoed ${[...reply.data].map(hex).join(' ')} instead of the setting`,
      );
    }
  }

  /** A setting request (0x80…): the data the unit answers under the same code. */
  async request(command: number): Promise<Uint8Array> {
    const reply = await this.#exchange(
      command,
      new Uint8Array(0),
      (f) => f.cmd === command || f.cmd === Status.INVALID_COMMAND,
    );
    if (reply.cmd !== command) throw new Id003ReplyError(command, reply.cmd, 'refused (invalid command)');
    return reply.data;
  }

  /** The host's ACK after VEND_VALID: no answer comes. */
  sendAck(): Promise<void> {
    return this.#serial(() => this.#link.write(encodeId003Frame(Command.ACK)));
  }

  #serial<T>(run: () => Promise<T>): Promise<T> {
    const next = this.#chain.then(run, run);
    this.#chain = next.catch(() => undefined);
    return next;
  }

  #exchange(command: number, data: Uint8Array, matches: Matcher): Promise<Id003Frame> {
    return this.#serial(async () => {
      const wire = encodeId003Frame(command, data);
      for (let attempt = 1; attempt <= this.#options.attempts; attempt++) {
        if (this.#closed) throw new Id003TimeoutError(`link closed before ${hex(command)} was answered`);
        const reply = await this.#once(wire, (f) => matches(f) || f.cmd === Status.COMMUNICATION_ERROR);
        if (reply === null) {
          this.#options.onLineError?.({
            reason: 'timeout',
            detail: `no answer to ${hex(command)} (attempt ${attempt})`,
          });
          continue;
        }
        if (reply.cmd === Status.COMMUNICATION_ERROR) {
          this.#options.onLineError?.({
            reason: 'nak',
            detail: `the unit reported a communication error for ${hex(command)}`,
          });
          continue;
        }
        return reply;
      }
      throw new Id003TimeoutError(`the unit did not answer ${hex(command)} after ${this.#options.attempts} attempts`);
    });
  }

  #once(wire: Uint8Array, matches: Matcher): Promise<Id003Frame | null> {
    return new Promise<Id003Frame | null>((resolve) => {
      const timer = setTimeout(() => {
        this.#waiter = null;
        resolve(null);
      }, this.#options.replyTimeoutMs);
      this.#waiter = {
        matches,
        resolve: (frame) => {
          clearTimeout(timer);
          this.#waiter = null;
          resolve(frame);
        },
      };
      this.#link.write(wire).catch((error: unknown) => {
        this.#options.onLineError?.({
          reason: 'write',
          detail: error instanceof Error ? error.message : String(error),
        });
      });
    });
  }

  #receive(chunk: Uint8Array): void {
    for (const result of this.#deframer.push(chunk)) {
      if (result.kind === 'error') {
        this.#options.onLineError?.({ reason: result.reason, detail: result.detail });
        continue;
      }
      const waiter = this.#waiter;
      if (waiter && waiter.matches(result.frame)) waiter.resolve(result.frame);
      else
        this.#options.onLineError?.({
          reason: 'unexpected',
          detail: `unasked ${statusName(result.frame.cmd)} frame ignored`,
        });
    }
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
