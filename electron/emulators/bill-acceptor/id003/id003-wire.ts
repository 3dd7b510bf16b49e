/**
 * The emulated unit's own view of the ID-003 wire (docs/protocols/id003.md#framing), written apart from the
 * driver's framing on purpose: a CRC-16/KERMIT from a 256-entry table (the driver computes it bit by bit) and a
 * plain deframer, so a mistake on one side shows up as a CRC error on the other instead of cancelling out.
 */
const TABLE = (() => {
  const table = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0x8408 : c >>> 1;
    table[n] = c;
  }
  return table;
})();

export function kermit(bytes: Uint8Array, end = bytes.length): number {
  let crc = 0;
  for (let i = 0; i < end; i++) crc = (crc >>> 8) ^ TABLE[(crc ^ bytes[i]!) & 0xff]!;
  return crc;
}

export interface WireFrame {
  readonly cmd: number;
  readonly data: Uint8Array;
}

export function frameBytes(cmd: number, data: Uint8Array = new Uint8Array(0)): Uint8Array {
  const out = new Uint8Array(5 + data.length);
  out[0] = 0xfc;
  out[1] = out.length;
  out[2] = cmd;
  out.set(data, 3);
  const crc = kermit(out, out.length - 2);
  out[out.length - 2] = crc & 0xff;
  out[out.length - 1] = crc >>> 8;
  return out;
}

/** Collects host frames; bytes that do not make a valid frame are skipped one at a time. */
export class WireReader {
  #bytes: number[] = [];

  push(chunk: Uint8Array): WireFrame[] {
    this.#bytes.push(...chunk);
    const frames: WireFrame[] = [];
    for (;;) {
      while (this.#bytes.length > 0 && this.#bytes[0] !== 0xfc) this.#bytes.shift();
      if (this.#bytes.length < 2) break;
      const length = this.#bytes[1]!;
      if (length < 5) {
        this.#bytes.shift();
        continue;
      }
      if (this.#bytes.length < length) break;
      const candidate = Uint8Array.from(this.#bytes.slice(0, length));
      const crc = kermit(candidate, length - 2);
      if (candidate[length - 2] !== (crc & 0xff) || candidate[length - 1] !== crc >>> 8) {
        this.#bytes.shift();
        continue;
      }
      this.#bytes.splice(0, length);
      frames.push({ cmd: candidate[2]!, data: candidate.slice(3, length - 2) });
    }
    return frames;
  }

  reset(): void {
    this.#bytes = [];
  }
}
