/**
 * SHA-256 (FIPS 180-4) in plain TypeScript, written so that a hash can start from a saved midstate.
 *
 * Why our own: node:crypto hashes fast but cannot resume from an intermediate state, and HMAC with
 * the key pads hashed once per key (hmac-sha256.ts) needs exactly that (docs/rng.md#the-fast-hmac).
 * The compression itself is in sha256-compress.ts. Checked against the FIPS 180-4 examples and
 * node:crypto in sha256.test.ts.
 */
import { compress } from './sha256-compress.ts';

/** FIPS 180-4 §5.3.3: the initial hash value H(0). */
export const SHA256_IV: Readonly<Int32Array> = Int32Array.from([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

export const SHA256_BLOCK_BYTES = 64;
export const SHA256_DIGEST_BYTES = 32;

/**
 * A SHA-256 computation that can start from any midstate: `start(midstate, bytesBefore)` says what
 * has already been compressed, `update` feeds bytes, `finishInto` pads (§5.1.1) and writes the digest.
 * One instance is reused for every hash; its buffers are wiped by `wipe`.
 */
export class Sha256Stream {
  private readonly state = new Int32Array(8);
  private readonly block = new Uint8Array(SHA256_BLOCK_BYTES);
  private readonly blockView = new DataView(this.block.buffer);
  private filled = 0;
  private length = 0;

  start(midstate: Readonly<Int32Array> = SHA256_IV, bytesBefore = 0): this {
    this.state.set(midstate);
    this.filled = 0;
    this.length = bytesBefore;
    return this;
  }

  update(data: Uint8Array): this {
    let i = 0;
    const n = data.length;
    this.length += n;
    if (this.filled > 0) {
      while (i < n && this.filled < SHA256_BLOCK_BYTES) this.block[this.filled++] = data[i++]!;
      if (this.filled < SHA256_BLOCK_BYTES) return this;
      compress(this.state, this.blockView, 0);
      this.filled = 0;
    }
    // Whole blocks straight from the caller's bytes, the tail into the block buffer.
    if (i + SHA256_BLOCK_BYTES <= n) {
      const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
      for (; i + SHA256_BLOCK_BYTES <= n; i += SHA256_BLOCK_BYTES) compress(this.state, view, i);
    }
    while (i < n) this.block[this.filled++] = data[i++]!;
    return this;
  }

  /** A single byte, without wrapping it in an array. */
  updateByte(byte: number): this {
    this.length++;
    this.block[this.filled++] = byte;
    if (this.filled === SHA256_BLOCK_BYTES) {
      compress(this.state, this.blockView, 0);
      this.filled = 0;
    }
    return this;
  }

  /** Pads, compresses the last block(s) and writes the 32-byte digest at `out[offset..]`. */
  finishInto(out: Uint8Array, offset = 0): void {
    const bits = this.length * 8;
    const block = this.block;
    block[this.filled++] = 0x80;
    if (this.filled > 56) {
      block.fill(0, this.filled);
      compress(this.state, this.blockView, 0);
      this.filled = 0;
    }
    block.fill(0, this.filled, 56);
    // The message length in bits as a 64-bit big-endian number; lengths here stay below 2^53 bits.
    const high = Math.floor(bits / 0x100000000);
    const low = bits >>> 0;
    block[56] = high >>> 24;
    block[57] = high >>> 16;
    block[58] = high >>> 8;
    block[59] = high;
    block[60] = low >>> 24;
    block[61] = low >>> 16;
    block[62] = low >>> 8;
    block[63] = low;
    compress(this.state, this.blockView, 0);
    this.filled = 0;
    writeState(this.state, out, offset);
  }

  /** After compressing exactly one block: the state, for later `start(midstate, 64)`. */
  midstateInto(target: Int32Array): void {
    if (this.filled !== 0) throw new RangeError('a midstate exists only on a block boundary');
    target.set(this.state);
  }

  wipe(): void {
    this.state.fill(0);
    this.block.fill(0);
    this.filled = 0;
    this.length = 0;
  }
}

function writeState(state: Int32Array, out: Uint8Array, offset: number): void {
  for (let i = 0; i < 8; i++) {
    const word = state[i]!;
    const at = offset + 4 * i;
    out[at] = word >>> 24;
    out[at + 1] = word >>> 16;
    out[at + 2] = word >>> 8;
    out[at + 3] = word;
  }
}

/** SHA-256 of `data` (tests and the known-answer checks; the DRBG uses Sha256Stream directly). */
export function sha256(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(SHA256_DIGEST_BYTES);
  const stream = new Sha256Stream().start().update(data);
  stream.finishInto(out);
  stream.wipe();
  return out;
}
