/**
 * HMAC-SHA-256 (FIPS 198-1) for the DRBG, on two paths that must agree byte for byte
 * (docs/rng.md#the-fast-hmac):
 *
 * - fast: the key pads K ⊕ ipad and K ⊕ opad are compressed once per key and kept as SHA-256
 *   midstates, so an HMAC of a message up to 55 bytes costs two compressions and no allocation;
 *   short messages are padded in place, longer ones go through Sha256Stream. The cabinet uses this path.
 * - reference: node:crypto's createHmac, plain and obvious; kept for the known-answer tests and
 *   the property tests that compare the two.
 */
import { createHmac } from 'node:crypto';
import { compress } from './sha256-compress.ts';
import { SHA256_BLOCK_BYTES, SHA256_DIGEST_BYTES, SHA256_IV, Sha256Stream, sha256 } from './sha256.ts';

export type HmacPath = 'fast' | 'reference';

/** HMAC-SHA-256 under one key at a time; a message is one to three parts, hashed as their concatenation. */
export interface HmacSha256 {
  readonly path: HmacPath;
  setKey(key: Uint8Array): void;
  /** Writes HMAC(K, first ‖ second ‖ third) into `out` (32 bytes); `out` may be one of the parts. */
  macInto(out: Uint8Array, first: Uint8Array, second?: Uint8Array, third?: Uint8Array): void;
  /** Zeroizes the key material held. */
  wipe(): void;
}

const IPAD = 0x36;
const OPAD = 0x5c;

/** Inner messages up to this long take the two-block fast path (the DRBG's longest is V ‖ 0x01 ‖ 64 bytes). */
const SHORT_MESSAGE_BYTES = 2 * SHA256_BLOCK_BYTES - 9;
/** The bits hashed before the message: the 64-byte pad block. */
const PAD_BITS = SHA256_BLOCK_BYTES * 8;

class FastHmacSha256 implements HmacSha256 {
  readonly path = 'fast';
  private readonly stream = new Sha256Stream();
  private readonly innerMidstate = new Int32Array(8);
  private readonly outerMidstate = new Int32Array(8);
  private readonly state = new Int32Array(8);
  /** The inner message with its padding, laid out in place (at most two blocks). */
  private readonly message = new Uint8Array(2 * SHA256_BLOCK_BYTES);
  private readonly messageView = new DataView(this.message.buffer);
  /** The outer hash's only block: the inner digest, then fixed padding for a 96-byte message. */
  private readonly outerBlock = new Uint8Array(SHA256_BLOCK_BYTES);
  private readonly outerView = new DataView(this.outerBlock.buffer);

  constructor() {
    this.outerBlock[SHA256_DIGEST_BYTES] = 0x80;
    writeLength(this.outerBlock, SHA256_BLOCK_BYTES, PAD_BITS + SHA256_DIGEST_BYTES * 8);
  }

  setKey(key: Uint8Array): void {
    // FIPS 198-1 steps 1–3: a key longer than the block is hashed first; shorter ones are zero-padded.
    const k = key.length > SHA256_BLOCK_BYTES ? sha256(key) : key;
    this.padState(k, IPAD, this.innerMidstate);
    this.padState(k, OPAD, this.outerMidstate);
    if (k !== key) k.fill(0);
  }

  macInto(out: Uint8Array, first: Uint8Array, second?: Uint8Array, third?: Uint8Array): void {
    const length = first.length + (second?.length ?? 0) + (third?.length ?? 0);
    const state = this.state;
    if (length <= SHORT_MESSAGE_BYTES) {
      // Lay the message and its padding (FIPS 180-4 §5.1.1) out in one buffer: one or two blocks.
      const m = this.message;
      m.set(first, 0);
      let at = first.length;
      if (second !== undefined) {
        m.set(second, at);
        at += second.length;
      }
      if (third !== undefined) {
        m.set(third, at);
        at += third.length;
      }
      const end = at + 9 <= SHA256_BLOCK_BYTES ? SHA256_BLOCK_BYTES : 2 * SHA256_BLOCK_BYTES;
      m[at] = 0x80;
      m.fill(0, at + 1, end - 4);
      writeLength(m, end, PAD_BITS + length * 8);
      state.set(this.innerMidstate);
      compress(state, this.messageView, 0);
      if (end > SHA256_BLOCK_BYTES) compress(state, this.messageView, SHA256_BLOCK_BYTES);
      for (let i = 0; i < 8; i++) this.outerView.setInt32(4 * i, state[i]!);
    } else {
      const s = this.stream.start(this.innerMidstate, SHA256_BLOCK_BYTES).update(first);
      if (second !== undefined) s.update(second);
      if (third !== undefined) s.update(third);
      s.finishInto(this.outerBlock);
    }
    state.set(this.outerMidstate);
    compress(state, this.outerView, 0);
    writeWords(state, out);
  }

  wipe(): void {
    this.innerMidstate.fill(0);
    this.outerMidstate.fill(0);
    this.state.fill(0);
    this.message.fill(0);
    this.outerBlock.fill(0, 0, SHA256_DIGEST_BYTES);
    this.stream.wipe();
  }

  private padState(key: Uint8Array, byte: number, into: Int32Array): void {
    const block = this.message;
    for (let i = 0; i < SHA256_BLOCK_BYTES; i++) block[i] = (key[i] ?? 0) ^ byte;
    into.set(SHA256_IV);
    compress(into, this.messageView, 0);
    block.fill(0, 0, SHA256_BLOCK_BYTES);
  }
}

/** The message length in bits, below 2^32 here, as the last 8 bytes before `end`. */
function writeLength(block: Uint8Array, end: number, bits: number): void {
  block.fill(0, end - 8, end - 4);
  block[end - 4] = bits >>> 24;
  block[end - 3] = bits >>> 16;
  block[end - 2] = bits >>> 8;
  block[end - 1] = bits;
}

/** The eight state words as 32 big-endian bytes. */
function writeWords(state: Int32Array, out: Uint8Array): void {
  for (let i = 0; i < 8; i++) {
    const word = state[i]!;
    out[4 * i] = word >>> 24;
    out[4 * i + 1] = word >>> 16;
    out[4 * i + 2] = word >>> 8;
    out[4 * i + 3] = word;
  }
}

class ReferenceHmacSha256 implements HmacSha256 {
  readonly path = 'reference';
  private key = new Uint8Array(0);

  setKey(key: Uint8Array): void {
    this.key.fill(0);
    this.key = Uint8Array.from(key);
  }

  macInto(out: Uint8Array, first: Uint8Array, second?: Uint8Array, third?: Uint8Array): void {
    const mac = createHmac('sha256', this.key).update(first);
    if (second !== undefined) mac.update(second);
    if (third !== undefined) mac.update(third);
    out.set(mac.digest());
  }

  wipe(): void {
    this.key.fill(0);
  }
}

export function createHmacSha256(path: HmacPath = 'fast'): HmacSha256 {
  if (path === 'fast') return new FastHmacSha256();
  if (path === 'reference') return new ReferenceHmacSha256();
  throw new TypeError(`HMAC path must be "fast" or "reference", got ${String(path)}`);
}
