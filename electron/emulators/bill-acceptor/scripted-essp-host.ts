/**
 * Test tooling: a minimal SSP/eSSP host written straight from GA138, raw bytes in and out, that the model's
 * tests script step by step. It shares no code with the model (its own CRC, stuffing and AES packet) nor with
 * the cabinet's driver, so a mistake in either side's reading of the manual shows up as a failing test.
 * eCOUNT as hosts on real units keep it: a command goes with the host's count, the reply must carry that count
 * plus one, and the host then continues from the reply's count (docs/protocols/essp-device-model.md#ecount).
 */
import { createCipheriv, createDecipheriv } from 'node:crypto';
import { BillAcceptorSlave } from './bill-acceptor-model.ts';
import { DEV_FIXED_KEY_HEX, type SlaveOptions } from './bill-acceptor-unit.ts';
import { SspReceiver, encodePacket } from './essp/ssp-wire.ts';

export function hostCrc(bytes: readonly number[]): number {
  let crc = 0xffff;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x8005) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

export function hostFrame(seqId: number, data: readonly number[]): number[] {
  const body = [seqId, data.length, ...data];
  const crc = hostCrc(body);
  return [0x7f, ...[...body, crc & 0xff, crc >> 8].flatMap((b) => (b === 0x7f ? [0x7f, 0x7f] : [b]))];
}

function unstuffReply(wire: readonly number[]): { seqId: number; data: number[] } {
  const bytes: number[] = [];
  for (let i = 1; i < wire.length; i++) {
    bytes.push(wire[i]!);
    if (wire[i] === 0x7f) i++;
  }
  const [seqId, length] = bytes as [number, number];
  const data = bytes.slice(2, 2 + length);
  const crc = bytes[2 + length]! | (bytes[3 + length]! << 8);
  if (hostCrc(bytes.slice(0, 2 + length)) !== crc) throw new Error('reply CRC wrong');
  return { seqId, data };
}

const le64 = (v: bigint) => Array.from({ length: 8 }, (_, i) => Number((v >> BigInt(8 * i)) & 0xffn));
const fromLe64 = (b: readonly number[]) => b.reduce((acc, byte, i) => acc | (BigInt(byte) << BigInt(8 * i)), 0n);
function powMod(b: bigint, e: bigint, m: bigint): bigint {
  let r = 1n;
  b %= m;
  for (; e > 0n; e >>= 1n, b = (b * b) % m) if (e & 1n) r = (r * b) % m;
  return r;
}

/** GA138's own key-exchange examples: generator 982451653, modulus 1287821. */
export const MANUAL_GENERATOR = 982451653n;
export const MANUAL_MODULUS = 1287821n;

export interface Exchange {
  /** Reply DATA (decrypted when it came encrypted), or null when the unit stayed silent. */
  readonly reply: number[] | null;
  readonly encrypted: boolean;
  /** eCOUNT the reply carried. */
  readonly replyCount?: number;
  readonly wireOut: number[];
  readonly wireIn: number[];
}

export class ScriptedHost {
  seq = 0x80;
  count = 0;
  key: Buffer | null = null;
  readonly #slave: BillAcceptorSlave;
  readonly #fixedKey: bigint;
  readonly #unitReceiver = new SspReceiver();

  constructor(slave: BillAcceptorSlave, fixedKeyHex: string) {
    this.#slave = slave;
    this.#fixedKey = BigInt('0x' + fixedKeyHex);
  }

  /** Sends raw wire bytes through the unit's receiver and framing (as its process does) and returns its answer. */
  wire(bytes: readonly number[]): number[] {
    const out: number[] = [];
    for (const packet of this.#unitReceiver.push(Uint8Array.from(bytes))) {
      const reply = this.#slave.handle(packet);
      if (reply) out.push(...encodePacket(packet.seqId, reply)); // the unit's own framing
    }
    return out;
  }

  /** One command. `seq` 'same' repeats the last sequence flag (a retransmission). */
  send(data: readonly number[], opts: { encrypt?: boolean; count?: number; seq?: 'same' } = {}): Exchange {
    if (data[0] === 0x11) this.seq = 0x80;
    else if (opts.seq !== 'same') this.seq ^= 0x80;
    const encrypt = opts.encrypt ?? this.key !== null;
    const payload = encrypt ? this.#seal(opts.count ?? this.count, data) : [...data];
    const wireOut = hostFrame(this.seq, payload);
    const wireIn = this.wire(wireOut);
    if (wireIn.length === 0) return { reply: null, encrypted: false, wireOut, wireIn };
    const { seqId, data: replyData } = unstuffReply(wireIn);
    if (seqId !== this.seq) throw new Error(`reply SEQ/ID ${seqId} for command ${this.seq}`);
    if (replyData[0] !== 0x7e) return { reply: replyData, encrypted: false, wireOut, wireIn };
    const opened = this.#open(replyData);
    if (opened.count !== (opts.count ?? this.count) + 1)
      throw new Error(`reply eCOUNT ${opened.count} after ${this.count}`);
    this.count = opened.count;
    return { reply: opened.data, encrypted: true, replyCount: opened.count, wireOut, wireIn };
  }

  /** Sends the same bytes again with the same flag: what a host does when a reply got lost. */
  resend(previous: Exchange): number[] {
    return this.wire(previous.wireOut);
  }

  sync(): number[] | null {
    return this.send([0x11], { encrypt: false }).reply;
  }

  /** SET_GENERATOR, SET_MODULUS, REQUEST_KEY_EXCHANGE in clear; afterwards everything goes encrypted. */
  negotiate(fixedKeyHex?: string, hostRandom = 7919n): void {
    const g = MANUAL_GENERATOR;
    const p = MANUAL_MODULUS;
    this.key = null;
    for (const [code, value] of [
      [0x4a, g],
      [0x4b, p],
    ] as const) {
      const r = this.send([code, ...le64(value)], { encrypt: false }).reply;
      if (r?.[0] !== 0xf0) throw new Error(`key set-up refused: ${r}`);
    }
    const r = this.send([0x4c, ...le64(powMod(g, hostRandom, p))], { encrypt: false }).reply;
    if (r?.[0] !== 0xf0) throw new Error(`key exchange refused: ${r}`);
    const negotiated = powMod(fromLe64(r.slice(1, 9)), hostRandom, p);
    const fixed = fixedKeyHex === undefined ? this.#fixedKey : BigInt('0x' + fixedKeyHex);
    this.key = Buffer.from([...le64(fixed), ...le64(negotiated)]);
    this.count = 0;
  }

  #seal(count: number, data: readonly number[]): number[] {
    const size = Math.ceil((data.length + 7) / 16) * 16;
    const plain = [data.length, count & 0xff, (count >>> 8) & 0xff, (count >>> 16) & 0xff, count >>> 24, ...data];
    while (plain.length < size - 2) plain.push(0x5a);
    const crc = hostCrc(plain);
    plain.push(crc & 0xff, crc >> 8);
    const cipher = createCipheriv('aes-128-ecb', this.key!, null).setAutoPadding(false);
    return [0x7e, ...cipher.update(Buffer.from(plain)), ...cipher.final()];
  }

  #open(data: readonly number[]): { count: number; data: number[] } {
    const decipher = createDecipheriv('aes-128-ecb', this.key!, null).setAutoPadding(false);
    const plain = [...decipher.update(Buffer.from(data.slice(1))), ...decipher.final()];
    const crc = hostCrc(plain.slice(0, -2));
    if ((crc & 0xff) !== plain.at(-2) || crc >> 8 !== plain.at(-1)) throw new Error('reply eCRC wrong');
    const count = (plain[1]! | (plain[2]! << 8) | (plain[3]! << 16) | (plain[4]! << 24)) >>> 0;
    return { count, data: plain.slice(5, 5 + plain[0]!) };
  }
}

/** Splits a poll reply's events (codes, with the channel byte of the events that carry one). */
export function pollEvents(reply: readonly number[] | null): string[] {
  if (!reply || reply[0] !== 0xf0) throw new Error(`not an OK poll reply: ${reply}`);
  const withChannel = new Set([0xef, 0xee, 0xe6, 0xe1, 0xe2]);
  const out: string[] = [];
  for (let i = 1; i < reply.length; i++) {
    const code = reply[i]!;
    out.push(withChannel.has(code) ? `${hex(code)}:${reply[++i]}` : hex(code));
  }
  return out;
}

const hex = (b: number) => b.toString(16).toUpperCase().padStart(2, '0');

/** A unit on a manual clock and a host that has synced and (unless told) negotiated the key. */
export function scriptedRig(options: Partial<SlaveOptions> = {}, { negotiate = true } = {}) {
  const clock = { t: 0 };
  const slave = new BillAcceptorSlave({ fixedKeyHex: DEV_FIXED_KEY_HEX, now: () => clock.t, ...options });
  const host = new ScriptedHost(slave, DEV_FIXED_KEY_HEX);
  host.sync();
  if (negotiate) host.negotiate();
  const expectOk = (what: string, reply: number[] | null) => {
    if (reply?.length !== 1 || reply[0] !== 0xf0) throw new Error(`${what} answered ${reply}`);
  };
  return {
    clock,
    slave,
    host,
    later: (ms: number) => void (clock.t += ms),
    poll: () => pollEvents(host.send([0x56]).reply),
    plainPoll: () => pollEvents(host.send([0x07]).reply),
    ack: () => expectOk('EVENT_ACK', host.send([0x57]).reply),
    /** Past start-up on protocol 7, every channel open and enabled, the start-up events acknowledged. */
    ready() {
      expectOk('HOST_PROTOCOL_VERSION', host.send([0x06, 7]).reply);
      clock.t += 1_000;
      pollEvents(host.send([0x56]).reply);
      expectOk('EVENT_ACK', host.send([0x57]).reply);
      expectOk('SET_INHIBITS', host.send([0x02, 0xff, 0xff]).reply);
      expectOk('ENABLE', host.send([0x0a]).reply);
      return this;
    },
  };
}
