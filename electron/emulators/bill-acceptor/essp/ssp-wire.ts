/**
 * The SSP transport layer as the modelled unit sees it (docs/protocols/essp-device-model.md#transport):
 *
 *   0x7F | SEQ/ID | LEN | DATA (LEN bytes) | CRC-L | CRC-H
 *
 * CRC-16, polynomial x^16 + x^15 + x^2 + 1 (0x8005), seed 0xFFFF, over SEQ/ID, LEN and DATA, sent low byte
 * first, computed before byte stuffing. Every 0x7F after the STX is sent twice (the CRC bytes included).
 * A lone 0x7F in the middle of a packet starts a new packet: the byte after it is the address byte.
 *
 * Written from the manual for the device model alone; the host driver has its own framing on purpose, so the
 * two can disagree and a test can catch it.
 */

export const STX = 0x7f;
export const SEQUENCE_BIT = 0x80;
export const ADDRESS_MASK = 0x7f;

/** One received or sent packet, its bytes unstuffed. */
export interface SspPacket {
  /** Bit 7 the sequence flag, bits 0–6 the slave address. */
  readonly seqId: number;
  readonly data: Uint8Array;
}

export function sspCrc(bytes: ArrayLike<number>, seed = 0xffff): number {
  let crc = seed;
  for (let i = 0; i < bytes.length; i++) {
    crc ^= (bytes[i]! & 0xff) << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x8005) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** The whole packet as it goes on the wire: CRC appended, then stuffed. */
export function encodePacket(seqId: number, data: Uint8Array): Uint8Array {
  if (data.length < 1 || data.length > 255)
    throw new RangeError(`an SSP packet carries 1..255 data bytes, not ${data.length}`);
  const body = [seqId & 0xff, data.length, ...data];
  const crc = sspCrc(body);
  body.push(crc & 0xff, crc >> 8);
  const wire = [STX];
  for (const byte of body) {
    wire.push(byte);
    if (byte === STX) wire.push(STX);
  }
  return Uint8Array.from(wire);
}

type Phase = 'idle' | 'address' | 'length' | 'data' | 'crc';

/**
 * Incremental receiver: feed it any chunks, get whole packets with a good CRC. Bad CRCs and line noise are
 * counted and dropped; the unit never answers them (the host's retry covers the loss).
 */
export class SspReceiver {
  #phase: Phase = 'idle';
  #pendingStx = false;
  #seqId = 0;
  #length = 0;
  #body: number[] = [];
  readonly counts = { packets: 0, badCrc: 0, noise: 0 };

  push(chunk: Uint8Array): SspPacket[] {
    const out: SspPacket[] = [];
    for (const byte of chunk) {
      const packet = this.#byte(byte);
      if (packet) out.push(packet);
    }
    return out;
  }

  reset(): void {
    this.#phase = 'idle';
    this.#pendingStx = false;
    this.#body = [];
  }

  #byte(byte: number): SspPacket | null {
    if (this.#phase === 'idle') {
      if (byte === STX) this.#phase = 'address';
      else this.counts.noise++;
      return null;
    }
    if (this.#pendingStx) {
      this.#pendingStx = false;
      if (byte !== STX) {
        // A lone STX: what came so far is discarded and this byte is the new packet's address.
        this.counts.noise++;
        this.#phase = 'address';
        return this.#take(byte);
      }
      return this.#take(STX);
    }
    if (byte === STX) {
      this.#pendingStx = true;
      return null;
    }
    return this.#take(byte);
  }

  #take(byte: number): SspPacket | null {
    switch (this.#phase) {
      case 'address':
        this.#seqId = byte;
        this.#phase = 'length';
        return null;
      case 'length':
        if (byte === 0) {
          this.counts.noise++;
          this.reset();
          return null;
        }
        this.#length = byte;
        this.#body = [];
        this.#phase = 'data';
        return null;
      case 'data':
        this.#body.push(byte);
        if (this.#body.length === this.#length) this.#phase = 'crc';
        return null;
      case 'crc': {
        this.#body.push(byte);
        if (this.#body.length < this.#length + 2) return null;
        const data = Uint8Array.from(this.#body.slice(0, this.#length));
        const received = this.#body[this.#length]! | (this.#body[this.#length + 1]! << 8);
        const good = sspCrc([this.#seqId, this.#length, ...data]) === received;
        const seqId = this.#seqId;
        this.reset();
        if (!good) {
          this.counts.badCrc++;
          return null;
        }
        this.counts.packets++;
        return { seqId, data };
      }
      default:
        return null;
    }
  }
}
