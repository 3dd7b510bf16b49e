/**
 * HMAC-SHA-256 (FIPS 198-1) for the DRBG, on two paths that must agree byte for byte
 * (docs/rng.md#the-fast-hmac):
 *
 * - fast: the key pads K ⊕ ipad and K ⊕ opad are compressed once per key and kept as SHA-256
 *   midstates, so an HMAC of a message up to 55 bytes costs two compressions and no allocation.
 *   The cabinet uses this path.
 * - reference: node:crypto's createHmac, plain and obvious; kept for the known-answer tests and
 *   the property tests that compare the two.
 */
import { createHmac } from 'node:crypto';
import { SHA256_BLOCK_BYTES, SHA256_DIGEST_BYTES, Sha256Stream, sha256 } from './sha256.ts';

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

class FastHmacSha256 implements HmacSha256 {
  readonly path = 'fast';
  private readonly stream = new Sha256Stream();
  private readonly innerMidstate = new Int32Array(8);
  private readonly outerMidstate = new Int32Array(8);
  private readonly pad = new Uint8Array(SHA256_BLOCK_BYTES);
  private readonly inner = new Uint8Array(SHA256_DIGEST_BYTES);

  setKey(key: Uint8Array): void {
    // FIPS 198-1 steps 1–3: a key longer than the block is hashed first; shorter ones are zero-padded.
    const k = key.length > SHA256_BLOCK_BYTES ? sha256(key) : key;
    this.padState(k, IPAD, this.innerMidstate);
    this.padState(k, OPAD, this.outerMidstate);
    this.pad.fill(0);
    if (k !== key) k.fill(0);
  }

  macInto(out: Uint8Array, first: Uint8Array, second?: Uint8Array, third?: Uint8Array): void {
    const s = this.stream.start(this.innerMidstate, SHA256_BLOCK_BYTES).update(first);
    if (second !== undefined) s.update(second);
    if (third !== undefined) s.update(third);
    s.finishInto(this.inner);
    s.start(this.outerMidstate, SHA256_BLOCK_BYTES).update(this.inner).finishInto(out);
    this.inner.fill(0);
  }

  wipe(): void {
    this.innerMidstate.fill(0);
    this.outerMidstate.fill(0);
    this.stream.wipe();
  }

  private padState(key: Uint8Array, byte: number, into: Int32Array): void {
    for (let i = 0; i < SHA256_BLOCK_BYTES; i++) this.pad[i] = (key[i] ?? 0) ^ byte;
    this.stream.start().update(this.pad).midstateInto(into);
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
