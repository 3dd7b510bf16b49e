/**
 * The host side of one SSP line: one command in flight at a time, each answered by one reply frame carrying the
 * same SEQ/ID byte. On a timeout the identical bytes (same sequence flag, same eCOUNT) are sent again, so the
 * slave treats the retransmission as a repeat and answers with its stored reply instead of executing the command
 * twice (docs/protocols/essp.md#sequence-bit). A new command toggles the sequence flag.
 */
import type { SerialLink } from '../serial/serial-link.ts';
import { SEQ_FLAG, SspDeframer, encodeFrame, type DeframeResult } from '../serial/ssp-framing.ts';
import { EncryptionError, STEX, type EsspSession } from './essp-crypto.ts';
import { Command, Reply, describeReply } from './ssp-protocol.ts';

export class SspTimeoutError extends Error {
  override readonly name = 'SspTimeoutError';
}

export class SspReplyError extends Error {
  override readonly name = 'SspReplyError';
  readonly code: number;
  constructor(command: number, code: number) {
    super(`command 0x${command.toString(16).padStart(2, '0')}: ${describeReply(code)}`);
    this.code = code;
  }
}

export interface SspMasterOptions {
  /** Device address, 0 for a banknote validator. */
  readonly address?: number;
  /** How long to wait for a reply before resending; GA973 §5.4 recommends 1 s (and 3 attempts). */
  readonly replyTimeoutMs?: number;
  /** Sends in total (first + retransmissions). */
  readonly attempts?: number;
  /** Line diagnostics: bad CRC, resync, garbage. */
  readonly onLineError?: (result: Extract<DeframeResult, { kind: 'error' }>) => void;
}

/**
 * Commands that are never encrypted: they set the link and the key up. Everything else goes encrypted once a
 * session exists, HOST_PROTOCOL_VERSION included (GA973 §6.3.1: the first command after the key exchange).
 */
const PLAIN_COMMANDS = new Set<number>([
  Command.SYNC,
  Command.SET_GENERATOR,
  Command.SET_MODULUS,
  Command.REQUEST_KEY_EXCHANGE,
]);

export class SspMaster {
  readonly #link: SerialLink;
  readonly #address: number;
  readonly #timeoutMs: number;
  readonly #attempts: number;
  readonly #onLineError: SspMasterOptions['onLineError'];
  readonly #deframer = new SspDeframer();
  readonly #unsubscribe: () => void;
  #seqFlag = 0;
  #queue: Promise<unknown> = Promise.resolve();
  #waiting: { seqId: number; resolve: (data: Uint8Array) => void } | null = null;
  #closed = false;
  session: EsspSession | null = null;
  /** Counters for diagnostics and the report. */
  readonly stats = { commands: 0, retransmissions: 0, lineErrors: 0 };

  constructor(link: SerialLink, options: SspMasterOptions = {}) {
    this.#link = link;
    this.#address = options.address ?? 0;
    this.#timeoutMs = options.replyTimeoutMs ?? 1000;
    this.#attempts = options.attempts ?? 3;
    this.#onLineError = options.onLineError;
    this.#unsubscribe = link.onData((chunk) => this.#onData(chunk));
  }

  close(): void {
    this.#closed = true;
    this.#unsubscribe();
  }

  /**
   * Sends one command and returns the reply DATA (first byte is the generic reply code), decrypted when the
   * command went encrypted. Throws SspTimeoutError after all attempts, EncryptionError on a bad encrypted reply.
   */
  transact(data: Uint8Array): Promise<Uint8Array> {
    const run = this.#queue.then(() => this.#transact(data));
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /** Sends and requires the 0xF0 OK reply; returns the data after it. */
  async command(data: Uint8Array): Promise<Uint8Array> {
    const reply = await this.transact(data);
    if (reply[0] !== Reply.OK) throw new SspReplyError(data[0]!, reply[0] ?? 0);
    return reply.subarray(1);
  }

  async #transact(data: Uint8Array): Promise<Uint8Array> {
    if (this.#closed) throw new SspTimeoutError('the serial link is closed');
    const commandCode = data[0]!;
    if (commandCode === Command.SYNC) this.#seqFlag = SEQ_FLAG; // SYNC goes with the flag set; the next command clears it
    const seqId = this.#seqFlag | this.#address;
    this.#seqFlag ^= SEQ_FLAG;
    const session = PLAIN_COMMANDS.has(commandCode) ? null : this.session;
    const wire = encodeFrame(seqId, session ? session.wrap(data) : data);
    this.stats.commands++;
    for (let attempt = 0; attempt < this.#attempts; attempt++) {
      if (this.#closed) break;
      if (attempt > 0) this.stats.retransmissions++;
      const reply = await this.#sendAndWait(seqId, wire);
      if (!reply) continue;
      if (!session) return reply;
      if (reply[0] === STEX) return session.unwrap(reply);
      if (reply.length === 1 && reply[0] === Reply.KEY_NOT_SET) return reply;
      throw new EncryptionError(`expected an encrypted reply, got plain ${describeReply(reply[0] ?? 0)}`);
    }
    throw new SspTimeoutError(
      `no reply to command 0x${commandCode.toString(16).padStart(2, '0')} after ${this.#attempts} attempts of ${this.#timeoutMs} ms`,
    );
  }

  async #sendAndWait(seqId: number, wire: Uint8Array): Promise<Uint8Array | null> {
    this.#deframer.reset();
    let timer: NodeJS.Timeout | undefined;
    const reply = new Promise<Uint8Array | null>((resolve) => {
      this.#waiting = { seqId, resolve };
      timer = setTimeout(() => resolve(null), this.#timeoutMs);
    });
    try {
      await this.#link.write(wire);
    } catch {
      // a failed write is a lost packet: the timeout and retransmission handle it, the supervisor the unplug
    }
    const result = await reply;
    clearTimeout(timer);
    this.#waiting = null;
    return result;
  }

  #onData(chunk: Uint8Array): void {
    for (const result of this.#deframer.push(chunk)) {
      if (result.kind === 'error') {
        this.stats.lineErrors++;
        this.#onLineError?.(result);
        continue;
      }
      const waiting = this.#waiting;
      // A reply to an older command (stale SEQ/ID) or for another address is ignored.
      if (waiting && result.frame.seqId === waiting.seqId) {
        this.#waiting = null;
        waiting.resolve(result.frame.data);
      }
    }
  }
}
