/**
 * HMAC-SHA-256 (FIPS 198-1) for the DRBG, on two paths that must agree byte for byte
 * (docs/rng.md#the-fast-hmac):
 *
 * - fast: the key pads K ⊕ ipad and K ⊕ opad are compressed once per key and kept as SHA-256
 *   midstates, so an HMAC of a message up to 55 bytes costs two compressions and no allocation;
 *   messages up to 119 bytes are padded in place in fixed buffers, longer ones go through
 *   Sha256Stream. The cabinet uses this path.
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
  /** macInto, then setKey(out): the HMAC_DRBG update's `K = HMAC(K, V ‖ separator ‖ data)`; `out` must not be a part. */
  rekeyInto(out: Uint8Array, first: Uint8Array, second?: Uint8Array, third?: Uint8Array): void;
  /** Zeroizes the key material held. */
  wipe(): void;
}

const IPAD = 0x36;
const OPAD = 0x5c;

/** Inner messages up to this long fit one block with their padding; up to TWO_BLOCK_BYTES, two. */
const ONE_BLOCK_BYTES = SHA256_BLOCK_BYTES - 9;
const TWO_BLOCK_BYTES = 2 * SHA256_BLOCK_BYTES - 9;
/** The bits hashed before the message: the 64-byte pad block. */
const PAD_BITS = SHA256_BLOCK_BYTES * 8;

/**
 * A message of at most one or two blocks laid out in place with its padding (FIPS 180-4 §5.1.1).
 * The padding depends only on the length, and the DRBG hashes the same few lengths over and over
 * (32 bytes for V, 65 or 97 for V ‖ separator ‖ entropy), so it is rewritten only when the length changes.
 */
class PaddedBlocks {
  readonly bytes: Uint8Array;
  readonly view: DataView;
  readonly blocks: number;
  private laidOutFor = -1;

  constructor(blocks: number) {
    this.blocks = blocks;
    this.bytes = new Uint8Array(blocks * SHA256_BLOCK_BYTES);
    this.view = new DataView(this.bytes.buffer);
  }

  /** Writes first ‖ second ‖ third (total `length` bytes) and, if the length changed, the padding. */
  layOut(length: number, first: Uint8Array, second: Uint8Array | undefined, third: Uint8Array | undefined): void {
    const m = this.bytes;
    let at = copyInto(m, 0, first);
    if (second !== undefined) at = copyInto(m, at, second);
    if (third !== undefined) copyInto(m, at, third);
    if (this.laidOutFor === length) return;
    const end = m.length;
    m[length] = 0x80;
    for (let i = length + 1; i < end - 4; i++) m[i] = 0;
    const bits = PAD_BITS + length * 8; // below 2^32 here
    m[end - 4] = bits >>> 24;
    m[end - 3] = bits >>> 16;
    m[end - 2] = bits >>> 8;
    m[end - 1] = bits;
    this.laidOutFor = length;
  }

  wipe(): void {
    this.bytes.fill(0);
    this.laidOutFor = -1;
  }
}

/** Copies `source` into `target` at `at` and returns the end. */
function copyInto(target: Uint8Array, at: number, source: Uint8Array): number {
  target.set(source, at);
  return at + source.length;
}

/**
 * The key block K ⊕ pad for one pad byte. Bytes past the key stay equal to the pad byte, so a new key
 * of the same length rewrites only its own bytes, and those are set back to the pad once compressed.
 */
class PadBlock {
  private readonly bytes = new Uint8Array(SHA256_BLOCK_BYTES);
  private readonly view = new DataView(this.bytes.buffer);
  private readonly pad: number;

  constructor(pad: number) {
    this.pad = pad;
    this.bytes.fill(pad);
  }

  /** The SHA-256 state after compressing K ⊕ pad, written into `into`. */
  midstateInto(key: Uint8Array, into: Int32Array): void {
    const block = this.bytes;
    const pad = this.pad;
    const n = key.length;
    for (let i = 0; i < n; i++) block[i] = key[i]! ^ pad;
    copy8(into, SHA256_IV);
    compress(into, this.view, 0);
    for (let i = 0; i < n; i++) block[i] = pad; // the key leaves the buffer at once
  }

  /** midstateInto for a 32-byte key given as eight big-endian words, a word at a time. */
  midstateFromWordsInto(key: Int32Array, into: Int32Array): void {
    const view = this.view;
    const padWord = this.pad * 0x01010101;
    for (let i = 0; i < 8; i++) view.setInt32(4 * i, key[i]! ^ padWord);
    copy8(into, SHA256_IV);
    compress(into, view, 0);
    for (let i = 0; i < 8; i++) view.setInt32(4 * i, padWord);
  }
}

function copy8(target: Int32Array, source: Readonly<Int32Array>): void {
  for (let i = 0; i < 8; i++) target[i] = source[i]!;
}

class FastHmacSha256 implements HmacSha256 {
  readonly path = 'fast';
  private readonly stream = new Sha256Stream();
  private readonly innerMidstate = new Int32Array(8);
  private readonly outerMidstate = new Int32Array(8);
  private readonly state = new Int32Array(8);
  private readonly innerPad = new PadBlock(IPAD);
  private readonly outerPad = new PadBlock(OPAD);
  private readonly oneBlock = new PaddedBlocks(1);
  private readonly twoBlocks = new PaddedBlocks(2);
  /** The outer hash's only block: the inner digest, then fixed padding for a 96-byte message. */
  private readonly outerBlock = new Uint8Array(SHA256_BLOCK_BYTES);
  private readonly outerView = new DataView(this.outerBlock.buffer);

  constructor() {
    this.outerBlock[SHA256_DIGEST_BYTES] = 0x80;
    this.outerView.setUint32(SHA256_BLOCK_BYTES - 4, PAD_BITS + SHA256_DIGEST_BYTES * 8);
  }

  setKey(key: Uint8Array): void {
    // FIPS 198-1 steps 1–3: a key longer than the block is hashed first; shorter ones are zero-padded.
    const k = key.length > SHA256_BLOCK_BYTES ? sha256(key) : key;
    this.innerPad.midstateInto(k, this.innerMidstate);
    this.outerPad.midstateInto(k, this.outerMidstate);
    if (k !== key) k.fill(0);
  }

  macInto(out: Uint8Array, first: Uint8Array, second?: Uint8Array, third?: Uint8Array): void {
    const length = first.length + (second?.length ?? 0) + (third?.length ?? 0);
    const state = this.state;
    const outerView = this.outerView;
    if (length <= TWO_BLOCK_BYTES) {
      const blocks = length <= ONE_BLOCK_BYTES ? this.oneBlock : this.twoBlocks;
      blocks.layOut(length, first, second, third);
      copy8(state, this.innerMidstate);
      compress(state, blocks.view, 0);
      if (blocks.blocks === 2) compress(state, blocks.view, SHA256_BLOCK_BYTES);
      for (let i = 0; i < 8; i++) outerView.setInt32(4 * i, state[i]!);
    } else {
      const s = this.stream.start(this.innerMidstate, SHA256_BLOCK_BYTES).update(first);
      if (second !== undefined) s.update(second);
      if (third !== undefined) s.update(third);
      s.finishInto(this.outerBlock);
    }
    copy8(state, this.outerMidstate);
    compress(state, outerView, 0);
    writeWords(state, out);
  }

  rekeyInto(out: Uint8Array, first: Uint8Array, second?: Uint8Array, third?: Uint8Array): void {
    this.macInto(out, first, second, third);
    // The new key is still in `state` as words: no need to read the bytes back.
    this.innerPad.midstateFromWordsInto(this.state, this.innerMidstate);
    this.outerPad.midstateFromWordsInto(this.state, this.outerMidstate);
  }

  wipe(): void {
    this.innerMidstate.fill(0);
    this.outerMidstate.fill(0);
    this.state.fill(0);
    this.oneBlock.wipe();
    this.twoBlocks.wipe();
    this.outerBlock.fill(0, 0, SHA256_DIGEST_BYTES);
    this.stream.wipe();
  }
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

  rekeyInto(out: Uint8Array, first: Uint8Array, second?: Uint8Array, third?: Uint8Array): void {
    this.macInto(out, first, second, third);
    this.setKey(out);
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
