/**
 * Test helper: a scripted NV9/NV200 that speaks raw SSP frames the way GA138 and the open hosts that run real
 * units describe them, written apart from the driver so it can catch the driver's misreadings
 * (docs/protocols/essp.md): its own AES packets and its own eCOUNT (a command must carry the count the unit
 * expects; the reply carries that count + 1, which the next command must carry too), sequence-bit repeats,
 * KEY_NOT_SET before the key exchange, and going silent ("out of service") after a packet it cannot decrypt.
 *
 * Poll replies come from a script the test writes (`poll(...)`) and from a small note model (`insert`): escrow,
 * a poll accepts (every other command keeps the note held), stacking, then a credit that repeats until
 * EVENT_ACK. Every command is logged with whether it was encrypted and its count. It answers on an in-memory
 * line (`open`) or on the device end of a pty (`serve`). Never packaged.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SerialLink, SerialLinkOpener } from '../serial/serial-link.ts';
import { crc16 } from '../serial/ssp-crc.ts';
import { SspDeframer, encodeFrame } from '../serial/ssp-framing.ts';
import { DhParty, aesKey, readU64le, u64le } from './essp-crypto.ts';
import { encodeSetupReply } from './ssp-protocol.ts';

export interface LoggedCommand {
  readonly code: number;
  readonly data: readonly number[];
  readonly encrypted: boolean;
  /** eCOUNT of an encrypted command. */
  readonly count?: number;
  /** The identical bytes again (same sequence bit): answered from the stored reply. */
  readonly repeat: boolean;
}

export interface ScriptedUnitOptions {
  readonly fixedKey: bigint;
  /** Host protocol versions the unit accepts (default 6, 7); what its SETUP_REQUEST reports (default 7). */
  readonly protocols?: readonly number[];
  readonly setupProtocol?: number;
  /** false: answers POLL_WITH_ACK with 0xF2 like firmware that predates it. */
  readonly pollWithAck?: boolean;
  /** Polls that report 0xB6 after power-up (default 0). */
  readonly initialisingPolls?: number;
  /** Called for each command before it is answered. */
  readonly onCommand?: (command: LoggedCommand) => void;
}

interface Scripted {
  readonly body: readonly number[];
  readonly untilAck: boolean;
}

const ACK_CODES = new Set([0xee, 0xe1, 0xe2, 0xe6, 0xb6, 0xd1]);

export class ScriptedUnit {
  readonly log: LoggedCommand[] = [];
  enabled = false;
  outOfService = false;
  readonly #options: ScriptedUnitOptions;
  #generator = 0n;
  #modulus = 0n;
  #key: Buffer | null = null;
  #count = 0;
  #last: { wire: string; reply: Uint8Array } | null = null;
  #script: Scripted[] = [];
  #waitingAck: Scripted | null = null;
  #note: { channel: number; stage: 'reported' | 'held' | 'stacking' | 'returning' } | null = null;
  #initialising: number;
  #bumpOn: number | null = null;
  #swallowNextReply = false;
  #reset = true;

  constructor(options: ScriptedUnitOptions) {
    this.#options = options;
    this.#initialising = options.initialisingPolls ?? 0;
  }

  /** A reply body (events after 0xF0) for a coming poll; `untilAck` repeats it in every poll until EVENT_ACK. */
  poll(body: readonly number[], untilAck = body.some((b) => ACK_CODES.has(b))): void {
    this.#script.push({ body, untilAck });
  }

  /** Power off and on: key, count, sequence memory and out-of-service state are gone; 0xF1 comes next. */
  powerCycle(): void {
    this.outOfService = false;
    this.#key = null;
    this.#count = 0;
    this.#last = null;
    this.#waitingAck = null;
    this.#reset = true;
    this.enabled = false;
  }

  /** A note goes in: read, then in escrow on `channel`. */
  insert(channel: number): void {
    this.poll([0xef, 0x00], false);
    this.#note = { channel, stage: 'reported' };
  }

  /** The reply to the next command with `code` carries the wrong count, as if counted twice. */
  bumpNextReplyCountOn(code: number): void {
    this.#bumpOn = code;
  }

  /** The next reply is lost on the line (the command was carried out; a repeat gets the stored reply). */
  swallowNextReply(): void {
    this.#swallowNextReply = true;
  }

  commands(code: number): LoggedCommand[] {
    return this.log.filter((c) => c.code === code && !c.repeat);
  }

  get acks(): number {
    return this.commands(0x57).length;
  }

  /**
   * Plays the unit on a real line (the device end of a socat pty pair): answers each frame the host writes.
   * Returns a function that stops answering.
   */
  serve(link: SerialLink): () => void {
    const deframer = new SspDeframer();
    return link.onData((bytes) => {
      for (const result of deframer.push(bytes)) {
        if (result.kind !== 'frame') continue;
        const reply = this.#frame(result.frame.seqId, result.frame.data);
        if (reply) void link.write(reply).catch(() => undefined);
      }
    });
  }

  /** An in-memory line to this unit. */
  readonly open: SerialLinkOpener = async (options) => {
    const listeners = new Set<(chunk: Uint8Array) => void>();
    const deframer = new SspDeframer();
    let open = true;
    const link: SerialLink = {
      path: options.path,
      write: async (bytes) => {
        if (!open) throw new Error('closed');
        for (const result of deframer.push(bytes)) {
          if (result.kind !== 'frame') continue;
          const reply = this.#frame(result.frame.seqId, result.frame.data);
          if (!reply) continue;
          setImmediate(() => {
            if (open) for (const l of listeners) l(reply);
          });
        }
      },
      onData: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      onClose: () => () => undefined,
      close: async () => {
        open = false;
      },
    };
    return link;
  };

  #frame(seqId: number, data: Uint8Array): Uint8Array | null {
    if (this.outOfService) return null;
    const wire = `${seqId}:${Buffer.from(data).toString('hex')}`;
    if (this.#last && this.#last.wire === wire && data[0] !== 0x11) {
      this.log.push({ ...this.#describe(data), repeat: true });
      return this.#last.reply;
    }
    let reply: Uint8Array | null;
    if (data[0] === 0x7e) {
      const opened = this.#key ? this.#decrypt(data) : null;
      if (!opened) {
        this.outOfService = true; // GA138: a packet that does not decrypt puts the unit out of service
        return null;
      }
      if (opened.count !== this.#count) {
        this.log.push({
          code: opened.data[0]!,
          data: opened.data,
          encrypted: true,
          count: opened.count,
          repeat: false,
        });
        return null; // GA138: a packet whose count does not match is discarded
      }
      this.#count++;
      const entry = { code: opened.data[0]!, data: opened.data, encrypted: true, count: opened.count, repeat: false };
      this.log.push(entry);
      this.#options.onCommand?.(entry);
      const bump = this.#bumpOn === opened.data[0];
      if (bump) this.#bumpOn = null;
      const count = bump ? this.#count + 1 : this.#count;
      reply = this.#encrypt(this.#command(opened.data), count);
    } else {
      const entry = { code: data[0]!, data: Array.from(data), encrypted: false, repeat: false };
      this.log.push(entry);
      this.#options.onCommand?.(entry);
      reply = this.#plain(Array.from(data));
    }
    const framed = encodeFrame(seqId, reply);
    this.#last = { wire, reply: framed };
    if (this.#swallowNextReply) {
      this.#swallowNextReply = false;
      return null;
    }
    return framed;
  }

  #describe(data: Uint8Array): Omit<LoggedCommand, 'repeat'> {
    if (data[0] !== 0x7e || !this.#key) return { code: data[0]!, data: Array.from(data), encrypted: false };
    const opened = this.#decrypt(data);
    return { code: opened?.data[0] ?? -1, data: opened?.data ?? [], encrypted: true, count: opened?.count };
  }

  #plain(data: number[]): Uint8Array {
    switch (data[0]) {
      case 0x11:
        return Uint8Array.of(0xf0);
      case 0x4a:
        this.#generator = readU64le(Uint8Array.from(data.slice(1)));
        return Uint8Array.of(0xf0);
      case 0x4b:
        this.#modulus = readU64le(Uint8Array.from(data.slice(1)));
        return Uint8Array.of(0xf0);
      case 0x4c: {
        const unit = new DhParty({ generator: this.#generator, modulus: this.#modulus });
        const hostIntermediate = readU64le(Uint8Array.from(data.slice(1)));
        this.#key = aesKey(this.#options.fixedKey, unit.negotiated(hostIntermediate));
        this.#count = 0;
        return Uint8Array.from([0xf0, ...u64le(unit.intermediate)]);
      }
      default:
        return Uint8Array.of(this.#key ? 0xf0 : 0xfa);
    }
  }

  #command(data: readonly number[]): Uint8Array {
    const ok = (...rest: number[]) => Uint8Array.from([0xf0, ...rest]);
    switch (data[0]) {
      case 0x06:
        return (this.#options.protocols ?? [6, 7]).includes(data[1]!) ? ok() : Uint8Array.of(0xf8);
      case 0x0c:
        return ok(0x00, 0x29, 0x8a, 0xa6);
      case 0x05:
        return encodeSetupReply({
          firmware: '0410',
          countryCode: 'EUR',
          channelValuesMajor: [5, 10, 20, 50, 100, 200, 500],
          realValueMultiplier: 100,
          protocolVersion: this.#options.setupProtocol ?? 7,
        });
      case 0x02:
        return ok();
      case 0x0a:
        this.enabled = true;
        return ok();
      case 0x09:
        this.enabled = false;
        return ok();
      case 0x18:
        return this.#note?.stage === 'reported' || this.#note?.stage === 'held' ? ok() : Uint8Array.of(0xf8);
      case 0x08:
        if (this.#note?.stage !== 'reported' && this.#note?.stage !== 'held') return Uint8Array.of(0xf8);
        this.#note = { ...this.#note, stage: 'returning' };
        return ok();
      case 0x57:
        this.#waitingAck = null;
        return ok();
      case 0x56:
        return this.#options.pollWithAck === false ? Uint8Array.of(0xf2) : ok(...this.#pollBody());
      case 0x07:
        return ok(...this.#pollBody());
      default:
        return Uint8Array.of(0xf2);
    }
  }

  #pollBody(): number[] {
    const body: number[] = [];
    if (this.#reset) {
      body.push(0xf1);
      this.#reset = false;
    }
    if (this.#initialising > 0) {
      this.#initialising--;
      body.push(0xb6);
    }
    if (this.#waitingAck) return [...body, ...this.#waitingAck.body];
    const note = this.#note;
    if (note && this.#script.length === 0) {
      if (note.stage === 'reported') {
        this.#note = { ...note, stage: 'held' };
        return [...body, 0xef, note.channel];
      }
      if (note.stage === 'held') {
        this.#note = { ...note, stage: 'stacking' }; // a poll after the escrow report accepts the note
        return [...body, 0xcc];
      }
      if (note.stage === 'stacking') {
        this.#note = null;
        this.#waitingAck = { body: [0xee, note.channel, 0xeb], untilAck: true };
        return [...body, ...this.#waitingAck.body];
      }
      this.#note = null;
      this.poll([0xec], false);
      return [...body, 0xed];
    }
    const next = this.#script.shift();
    if (!next) return body;
    if (next.untilAck) this.#waitingAck = next;
    return [...body, ...next.body];
  }

  #encrypt(data: Uint8Array, count: number): Uint8Array {
    const length = Math.ceil((1 + 4 + data.length + 2) / 16) * 16;
    const plain = Buffer.concat([Buffer.of(data.length), Buffer.alloc(4), Buffer.from(data), randomBytes(length)]);
    plain.writeUInt32LE(count, 1);
    const block = plain.subarray(0, length);
    const crc = crc16(block, 0, length - 2);
    block[length - 2] = crc & 0xff;
    block[length - 1] = crc >> 8;
    const cipher = createCipheriv('aes-128-ecb', this.#key!, null).setAutoPadding(false);
    return Uint8Array.from([0x7e, ...cipher.update(block), ...cipher.final()]);
  }

  /** The command inside and its count, or null when it does not decrypt (wrong key or damaged). */
  #decrypt(packet: Uint8Array): { data: number[]; count: number } | null {
    const body = packet.subarray(1);
    if (body.length === 0 || body.length % 16 !== 0) return null;
    const decipher = createDecipheriv('aes-128-ecb', this.#key!, null).setAutoPadding(false);
    const plain = Buffer.concat([decipher.update(body), decipher.final()]);
    if (crc16(plain, 0, plain.length - 2) !== (plain[plain.length - 2]! | (plain[plain.length - 1]! << 8))) return null;
    return { data: Array.from(plain.subarray(5, 5 + plain[0]!)), count: plain.readUInt32LE(1) };
  }
}
