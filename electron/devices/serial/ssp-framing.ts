/**
 * ITL SSP link framing (docs/protocols/essp.md#framing):
 *
 *   0x7F | SEQ/ID | LEN | DATA… | CRC-L | CRC-H
 *
 * - CRC-16, polynomial 0x8005, seed 0xFFFF, not reflected, over SEQ/ID..DATA, sent low byte first.
 * - Byte stuffing: every 0x7F after the leading STX (in SEQ, LEN, DATA or CRC) is sent twice.
 * - Bit 7 of SEQ/ID is the sequence flag (toggles on each new exchange); bits 0..6 are the device address.
 *
 * None of serialport's stock parsers fits (they know delimiters or a fixed length field, not stuffing with a
 * length inside the stuffed part), so {@link SspDeframer} is a small incremental state machine. It never throws
 * on line input: garbage, truncations, bad CRCs and stuffing errors become `error` results and the deframer
 * resynchronises on the next STX.
 */
import { crc16 } from './ssp-crc.ts';

export const STX = 0x7f;
export const SEQ_FLAG = 0x80;
export const MAX_DATA_LENGTH = 255;

export class FramingError extends Error {
  override readonly name = 'FramingError';
}

/** Builds the wire bytes of one SSP frame. `seqId` is the whole SEQ/ID byte (flag | address). */
export function encodeFrame(seqId: number, data: Uint8Array): Uint8Array {
  if (!Number.isInteger(seqId) || seqId < 0 || seqId > 0xff || (seqId & 0x7f) === 0x7f) {
    throw new FramingError(`SEQ/ID must be a byte with an address 0..126, got ${seqId}`);
  }
  if (data.length < 1 || data.length > MAX_DATA_LENGTH) {
    throw new FramingError(`an SSP frame carries 1..${MAX_DATA_LENGTH} data bytes, got ${data.length}`);
  }
  const raw = new Uint8Array(2 + data.length + 2);
  raw[0] = seqId;
  raw[1] = data.length;
  raw.set(data, 2);
  const crc = crc16(raw, 0, 2 + data.length);
  raw[2 + data.length] = crc & 0xff;
  raw[3 + data.length] = crc >> 8;
  const out: number[] = [STX];
  for (const byte of raw) {
    out.push(byte);
    if (byte === STX) out.push(STX);
  }
  return Uint8Array.from(out);
}

export interface SspFrame {
  readonly seqId: number;
  readonly data: Uint8Array;
}

export type DeframeResult =
  | { readonly kind: 'frame'; readonly frame: SspFrame }
  | { readonly kind: 'error'; readonly reason: 'crc' | 'resync' | 'garbage' | 'empty'; readonly detail: string };

/**
 * Incremental deframer. Feed it chunks as they arrive; it returns every complete frame or error found.
 * A lone 0x7F inside a frame (not doubled) is taken as the STX of a new frame: the partial frame is reported
 * as a `resync` error and discarded, so a truncated frame never swallows the next good one.
 */
export class SspDeframer {
  #inFrame = false;
  #pendingStx = false;
  #buffer = new Uint8Array(2 + MAX_DATA_LENGTH + 2);
  #length = 0;
  #garbage = 0;

  /** Drops any partial frame (e.g. before a retransmission). */
  reset(): void {
    this.#inFrame = false;
    this.#pendingStx = false;
    this.#length = 0;
    this.#garbage = 0;
  }

  push(chunk: Uint8Array): DeframeResult[] {
    const results: DeframeResult[] = [];
    for (const byte of chunk) this.#byte(byte, results);
    return results;
  }

  #byte(byte: number, results: DeframeResult[]): void {
    if (!this.#inFrame) {
      if (byte === STX) {
        if (this.#garbage > 0) {
          results.push({ kind: 'error', reason: 'garbage', detail: `${this.#garbage} byte(s) outside any frame` });
          this.#garbage = 0;
        }
        this.#inFrame = true;
        this.#pendingStx = false;
        this.#length = 0;
      } else {
        this.#garbage++;
      }
      return;
    }
    if (this.#pendingStx) {
      this.#pendingStx = false;
      if (byte !== STX) {
        // The previous 0x7F was not doubled: it starts a new frame and `byte` is that frame's SEQ/ID.
        results.push({
          kind: 'error',
          reason: 'resync',
          detail: `undoubled 0x7F after ${this.#length} byte(s): partial frame dropped`,
        });
        this.#length = 0;
      }
      this.#append(byte, results);
      return;
    }
    if (byte === STX) {
      this.#pendingStx = true;
      return;
    }
    this.#append(byte, results);
  }

  #append(byte: number, results: DeframeResult[]): void {
    this.#buffer[this.#length++] = byte;
    if (this.#length === 2 && byte === 0) {
      results.push({ kind: 'error', reason: 'empty', detail: 'LEN 0 is not a valid SSP frame' });
      this.#inFrame = false;
      this.#length = 0;
      return;
    }
    if (this.#length < 2) return;
    const total = 2 + this.#buffer[1]! + 2;
    if (this.#length < total) return;
    const crc = crc16(this.#buffer, 0, total - 2);
    const got = this.#buffer[total - 2]! | (this.#buffer[total - 1]! << 8);
    this.#inFrame = false;
    this.#length = 0;
    if (crc !== got) {
      results.push({
        kind: 'error',
        reason: 'crc',
        detail: `CRC mismatch: computed 0x${crc.toString(16).padStart(4, '0')}, frame says 0x${got.toString(16).padStart(4, '0')}`,
      });
      return;
    }
    results.push({
      kind: 'frame',
      frame: { seqId: this.#buffer[0]!, data: this.#buffer.slice(2, total - 2) },
    });
  }
}

export function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');
}
