/**
 * SHA-256 (FIPS 180-4) in plain TypeScript, written so that a hash can start from a saved midstate.
 *
 * Why our own: node:crypto hashes fast but cannot resume from an intermediate state, and HMAC with
 * the key pads hashed once per key (hmac-sha256.ts) needs exactly that (docs/rng.md#the-fast-hmac).
 * Int32 arithmetic on typed arrays, no allocation per block. Checked against the FIPS 180-4
 * examples and node:crypto in sha256.test.ts.
 */

/** FIPS 180-4 §5.3.3: the initial hash value H(0). */
export const SHA256_IV: Readonly<Int32Array> = Int32Array.from([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

/** FIPS 180-4 §4.2.2: the 64 round constants. */
const K = Int32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

export const SHA256_BLOCK_BYTES = 64;
export const SHA256_DIGEST_BYTES = 32;

/**
 * One compression (FIPS 180-4 §6.2.2) of the 64-byte block at `bytes[offset..]` into `state`.
 * `w` is the caller's 64-word message schedule scratch, so nothing is allocated.
 */
export function compress(state: Int32Array, bytes: Uint8Array, offset: number, w: Int32Array): void {
  for (let t = 0; t < 16; t++) {
    const i = offset + 4 * t;
    w[t] = (bytes[i]! << 24) | (bytes[i + 1]! << 16) | (bytes[i + 2]! << 8) | bytes[i + 3]!;
  }
  for (let t = 16; t < 64; t++) {
    const x = w[t - 15]!;
    const y = w[t - 2]!;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[t] = (w[t - 16]! + s0 + w[t - 7]! + s1) | 0;
  }
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  let e = state[4]!;
  let f = state[5]!;
  let g = state[6]!;
  let h = state[7]!;
  for (let t = 0; t < 64; t++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (h + S1 + ch + K[t]! + w[t]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (S0 + maj) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0;
  state[5] = (state[5]! + f) | 0;
  state[6] = (state[6]! + g) | 0;
  state[7] = (state[7]! + h) | 0;
}

/**
 * A SHA-256 computation that can start from any midstate: `start(midstate, bytesBefore)` says what
 * has already been compressed, `update` feeds bytes, `finishInto` pads (§5.1.1) and writes the digest.
 * One instance is reused for every hash; its buffers are wiped by `wipe`.
 */
export class Sha256Stream {
  private readonly state = new Int32Array(8);
  private readonly block = new Uint8Array(SHA256_BLOCK_BYTES);
  private readonly w = new Int32Array(64);
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
      compress(this.state, this.block, 0, this.w);
      this.filled = 0;
    }
    // Whole blocks straight from the caller's bytes, the tail into the block buffer.
    for (; i + SHA256_BLOCK_BYTES <= n; i += SHA256_BLOCK_BYTES) compress(this.state, data, i, this.w);
    while (i < n) this.block[this.filled++] = data[i++]!;
    return this;
  }

  /** A single byte, without wrapping it in an array. */
  updateByte(byte: number): this {
    this.length++;
    this.block[this.filled++] = byte;
    if (this.filled === SHA256_BLOCK_BYTES) {
      compress(this.state, this.block, 0, this.w);
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
      compress(this.state, block, 0, this.w);
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
    compress(this.state, block, 0, this.w);
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
    this.w.fill(0);
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
