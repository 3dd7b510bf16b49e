/**
 * ID-003 link framing (docs/protocols/id003.md#framing):
 *
 *   0xFC | LEN | CMD | DATA… | CRC-L | CRC-H        LEN = the whole frame, 5..255 bytes
 *
 * There is no byte stuffing: 0xFC may appear inside a frame, so a sync byte is only a *candidate* start. The
 * deframer never throws on line input. It takes a candidate whose LEN is 5..255 and whose CRC matches; a
 * candidate with a wrong CRC or an impossible LEN costs one byte (the scan restarts just after it), and while a
 * long candidate is still incomplete, a complete valid frame starting later in the buffer wins — so a stray
 * 0xFC in noise can never hold back or swallow the good frame behind it.
 *
 * `Id003Parser` is the same deframer as a serialport-style parser (a Transform stream in object mode, like
 * `@serialport/parser-packet-length`), for code that pipes a SerialPort; the driver uses the incremental core.
 */
import { Transform, type TransformCallback } from 'node:stream';
import { crc16Kermit } from './id003-crc.ts';

export const SYNC = 0xfc;
/** SYNC, LEN, CMD and the two CRC bytes. */
export const MIN_FRAME_LENGTH = 5;
export const MAX_FRAME_LENGTH = 255;

export class Id003FramingError extends Error {
  override readonly name = 'Id003FramingError';
}

export interface Id003Frame {
  /** Command (host → unit) or status (unit → host). */
  readonly cmd: number;
  readonly data: Uint8Array;
}

export type Id003DeframeResult =
  | { readonly kind: 'frame'; readonly frame: Id003Frame; readonly wire: Uint8Array }
  | { readonly kind: 'error'; readonly reason: 'garbage' | 'crc' | 'length' | 'resync'; readonly detail: string };

/** The wire bytes of one frame. */
export function encodeId003Frame(cmd: number, data: Uint8Array = new Uint8Array(0)): Uint8Array {
  if (!Number.isInteger(cmd) || cmd < 0 || cmd > 0xff) throw new Id003FramingError(`CMD must be a byte, got ${cmd}`);
  const length = MIN_FRAME_LENGTH + data.length;
  if (length > MAX_FRAME_LENGTH) {
    throw new Id003FramingError(`an ID-003 frame carries at most ${MAX_FRAME_LENGTH - MIN_FRAME_LENGTH} data bytes`);
  }
  const wire = new Uint8Array(length);
  wire[0] = SYNC;
  wire[1] = length;
  wire[2] = cmd;
  wire.set(data, 3);
  const crc = crc16Kermit(wire, 0, length - 2);
  wire[length - 2] = crc & 0xff;
  wire[length - 1] = crc >>> 8;
  return wire;
}

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(' ');

/** Incremental deframer: feed chunks as they arrive, get every complete frame and every discarded stretch. */
export class Id003Deframer {
  #buffer: Uint8Array = new Uint8Array(0);

  reset(): void {
    this.#buffer = new Uint8Array(0);
  }

  /** Bytes held while a frame is incomplete (at most one maximal frame plus one chunk). */
  get pending(): number {
    return this.#buffer.length;
  }

  push(chunk: Uint8Array): Id003DeframeResult[] {
    const joined = new Uint8Array(this.#buffer.length + chunk.length);
    joined.set(this.#buffer);
    joined.set(chunk, this.#buffer.length);
    let buf = joined;
    const out: Id003DeframeResult[] = [];
    for (;;) {
      const start = buf.indexOf(SYNC);
      if (start < 0) {
        if (buf.length > 0)
          out.push({ kind: 'error', reason: 'garbage', detail: `${buf.length} bytes without a sync` });
        buf = buf.subarray(buf.length);
        break;
      }
      if (start > 0) {
        out.push({
          kind: 'error',
          reason: 'garbage',
          detail: `${start} bytes before a sync: ${hex(buf.subarray(0, start))}`,
        });
        buf = buf.subarray(start);
      }
      if (buf.length < 2) break;
      const length = buf[1]!;
      if (length < MIN_FRAME_LENGTH) {
        out.push({ kind: 'error', reason: 'length', detail: `LEN ${length} is below ${MIN_FRAME_LENGTH}` });
        buf = buf.subarray(1);
        continue;
      }
      if (buf.length >= length) {
        if (validAt(buf, 0, length)) {
          const wire = buf.slice(0, length);
          out.push({ kind: 'frame', frame: { cmd: wire[2]!, data: wire.slice(3, length - 2) }, wire });
          buf = buf.subarray(length);
        } else {
          out.push({ kind: 'error', reason: 'crc', detail: `bad CRC in ${hex(buf.subarray(0, length))}` });
          buf = buf.subarray(1);
        }
        continue;
      }
      // Incomplete: a complete, valid frame further on means this sync was noise.
      const later = laterFrame(buf);
      if (later < 0) break;
      out.push({ kind: 'error', reason: 'resync', detail: `dropped ${later} bytes of an unfinished frame` });
      buf = buf.subarray(later);
    }
    this.#buffer = buf.slice();
    return out;
  }
}

function validAt(buf: Uint8Array, at: number, length: number): boolean {
  const crc = crc16Kermit(buf, at, at + length - 2);
  return buf[at + length - 2] === (crc & 0xff) && buf[at + length - 1] === crc >>> 8;
}

/** Index of the first sync after 0 that starts a complete frame with a good CRC, or -1. */
function laterFrame(buf: Uint8Array): number {
  for (let at = buf.indexOf(SYNC, 1); at > 0; at = buf.indexOf(SYNC, at + 1)) {
    const length = buf[at + 1];
    if (length === undefined) return -1;
    if (length >= MIN_FRAME_LENGTH && at + length <= buf.length && validAt(buf, at, length)) return at;
  }
  return -1;
}

/** The deframer as a serialport parser: bytes in, `Id003DeframeResult` objects out. */
export class Id003Parser extends Transform {
  readonly #deframer = new Id003Deframer();

  constructor() {
    super({ readableObjectMode: true });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    for (const result of this.#deframer.push(new Uint8Array(chunk))) this.push(result);
    callback();
  }

  override _flush(callback: TransformCallback): void {
    this.#deframer.reset();
    callback();
  }
}
