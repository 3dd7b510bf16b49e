/**
 * eSSP encryption (docs/protocols/essp.md#essp-encryption).
 *
 * Key exchange (Diffie-Hellman), all values 64-bit unsigned, sent as 8 bytes little-endian — that is the size
 * the protocol's SET_GENERATOR / SET_MODULUS / REQUEST_KEY_EXCHANGE commands carry, so 64 bits is the largest
 * the device accepts:
 *   host → SET_GENERATOR g (prime), SET_MODULUS n (prime), REQUEST_KEY_EXCHANGE A = g^a mod n
 *   slave → 0xF0 | B = g^b mod n
 *   both: negotiated = B^a mod n = A^b mod n
 * g and n are fresh random 64-bit primes (crypto.generatePrimeSync) for every session, g < n; a and b are drawn
 * from the OS CSPRNG in [2, n−2]. (One public JS library uses 16-bit primes — brute-forceable; not done here.)
 *
 * AES-128 key = fixed half (bytes 0..7, the venue's 64-bit fixed key, little-endian) + negotiated half
 * (bytes 8..15, little-endian).
 *
 * Encrypted packet, carried as the DATA of an ordinary SSP frame:
 *   0x7E | AES-128-ECB( eLEN | eCOUNT (u32 LE) | eDATA | random padding | eCRC (CRC-16 SSP, low byte first) )
 * eLEN = eDATA length; the padding brings the encrypted block to a multiple of 16 bytes; eCRC covers
 * eLEN..padding.
 *
 * eCOUNT (docs/protocols/essp.md#the-ecount-counter) is 0 after the key exchange and moves once per exchange,
 * on the command: the host sends command N, the slave's reply carries N + 1, the host's next command carries
 * N + 1. So the host advances after encrypting a command and checks the reply against the advanced count; the
 * slave checks a command against its count, advances, and encrypts its reply with the advanced count. A
 * retransmission is the identical bytes (the master wraps a command once), so it keeps its count. A packet
 * whose count is not the expected one is refused (replay protection) and nothing advances.
 */
import { checkPrimeSync, createCipheriv, createDecipheriv, generatePrimeSync, randomBytes } from 'node:crypto';
import { crc16 } from '../serial/ssp-crc.ts';

export const STEX = 0x7e;
const MASK64 = (1n << 64n) - 1n;

export class FixedKeyError extends Error {
  override readonly name = 'FixedKeyError';
}

/** The manufacturer's published default fixed key: anyone can read it, so a venue must not use it. */
export const ITL_DEFAULT_FIXED_KEY_HEX = '0123456701234567';

/**
 * Validates the venue's fixed key: exactly 16 hex digits (64 bits), not the published default, not a trivial
 * pattern. Returns the 64-bit value.
 */
export function parseFixedKey(hex: string, { allowPublishedDefault = false } = {}): bigint {
  if (typeof hex !== 'string' || !/^[0-9a-fA-F]{16}$/.test(hex)) {
    throw new FixedKeyError(
      'the eSSP fixed key must be exactly 16 hexadecimal digits (64 bits), e.g. 9A3F04C27E51B8D6',
    );
  }
  if (!allowPublishedDefault && hex.toLowerCase() === ITL_DEFAULT_FIXED_KEY_HEX) {
    throw new FixedKeyError(
      'the eSSP fixed key is the published factory default; set a venue key on the acceptor and here',
    );
  }
  if (/^(.)\1{15}$/.test(hex)) throw new FixedKeyError('the eSSP fixed key must not be one repeated digit');
  return BigInt('0x' + hex);
}

export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  if (modulus === 1n) return 0n;
  let result = 1n;
  let b = base % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}

export function u64le(value: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, value & MASK64, true);
  return out;
}

export function readU64le(bytes: Uint8Array, at = 0): bigint {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getBigUint64(at, true);
}

export function randomPrime64(): bigint {
  return generatePrimeSync(64, { bigint: true });
}

export function isPrime64(value: bigint): boolean {
  return value > 2n && value <= MASK64 && checkPrimeSync(value);
}

/** A uniformly random exponent in [2, n−2] from the CSPRNG (rejection sampling, no modulo bias). */
export function randomExponent(modulus: bigint): bigint {
  const range = modulus - 3n; // values 0..range-1 map to 2..n-2
  if (range <= 0n) throw new RangeError('modulus too small');
  const bits = range.toString(2).length;
  const bytes = Math.ceil(bits / 8);
  const mask = (1n << BigInt(bits)) - 1n;
  for (;;) {
    let candidate = 0n;
    for (const b of randomBytes(bytes)) candidate = (candidate << 8n) | BigInt(b);
    candidate &= mask;
    if (candidate < range) return candidate + 2n;
  }
}

export interface DhParameters {
  readonly generator: bigint;
  readonly modulus: bigint;
}

export function generateDhParameters(): DhParameters {
  for (;;) {
    const a = randomPrime64();
    const b = randomPrime64();
    if (a === b) continue;
    return a < b ? { generator: a, modulus: b } : { generator: b, modulus: a };
  }
}

/** One side of the exchange: holds its secret exponent, gives its intermediate key, derives the shared half. */
export class DhParty {
  readonly #params: DhParameters;
  readonly #secret: bigint;
  readonly intermediate: bigint;

  constructor(params: DhParameters) {
    this.#params = params;
    this.#secret = randomExponent(params.modulus);
    this.intermediate = modPow(params.generator, this.#secret, params.modulus);
  }

  negotiated(otherIntermediate: bigint): bigint {
    if (otherIntermediate < 2n || otherIntermediate >= this.#params.modulus - 1n) {
      throw new RangeError('the other side sent a degenerate intermediate key (0, 1 or n−1, or ≥ n)');
    }
    return modPow(otherIntermediate, this.#secret, this.#params.modulus);
  }
}

export function aesKey(fixedKey: bigint, negotiated: bigint): Buffer {
  return Buffer.concat([u64le(fixedKey), u64le(negotiated)]);
}

export class EncryptionError extends Error {
  override readonly name = 'EncryptionError';
}

/**
 * Which end of the line a session serves. The count moves on the command, so the host advances when it wraps
 * and the slave when it unwraps (the module comment says why).
 */
export type EsspRole = 'host' | 'slave';

/** One encrypted session: the AES key and the packet counter. */
export class EsspSession {
  readonly #key: Buffer;
  #role: EsspRole | null;
  #count = 0;

  /**
   * `role` says which end this is. Left out, the first call decides: the master always speaks first, so the
   * side that wraps first is the host and the side that unwraps first is the slave.
   */
  constructor(key: Uint8Array, role?: EsspRole) {
    if (key.length !== 16) throw new EncryptionError('an eSSP session key is 16 bytes');
    this.#key = Buffer.from(key);
    this.#role = role ?? null;
  }

  /** The count the next packet this side wraps carries (host) or the next command must carry (slave). */
  get count(): number {
    return this.#count;
  }

  get role(): EsspRole | null {
    return this.#role;
  }

  /**
   * Wraps `data` into `0x7E | ciphertext` with the current count. The host then advances (its next command
   * carries the next count and so must the reply); a slave's reply carries the count its command advanced to.
   */
  wrap(data: Uint8Array): Uint8Array {
    if (data.length < 1 || data.length > 255 - 16) throw new EncryptionError(`cannot encrypt ${data.length} bytes`);
    this.#role ??= 'host';
    const bodyLength = 1 + 4 + data.length + 2;
    const total = Math.ceil(bodyLength / 16) * 16;
    const plain = Buffer.alloc(total);
    plain[0] = data.length;
    plain.writeUInt32LE(this.#count >>> 0, 1);
    plain.set(data, 5);
    randomBytes(total - bodyLength).copy(plain, 5 + data.length);
    const crc = crc16(plain, 0, total - 2);
    plain[total - 2] = crc & 0xff;
    plain[total - 1] = crc >> 8;
    const cipher = createCipheriv('aes-128-ecb', this.#key, null);
    cipher.setAutoPadding(false);
    const encrypted = Buffer.concat([cipher.update(plain), cipher.final()]);
    if (this.#role === 'host') this.#count = (this.#count + 1) >>> 0;
    return Uint8Array.from([STEX, ...encrypted]);
  }

  /**
   * Opens `0x7E | ciphertext`. Throws EncryptionError (nothing advanced) on a bad length, CRC or count. The
   * slave advances after a good command; the host does not move on a reply (it moved when it sent).
   */
  unwrap(packet: Uint8Array): Uint8Array {
    if (packet[0] !== STEX) throw new EncryptionError('expected an encrypted packet (0x7E)');
    const body = packet.subarray(1);
    if (body.length < 16 || body.length % 16 !== 0) {
      throw new EncryptionError(`encrypted body of ${body.length} bytes is not a whole number of AES blocks`);
    }
    const decipher = createDecipheriv('aes-128-ecb', this.#key, null);
    decipher.setAutoPadding(false);
    const plain = Buffer.concat([decipher.update(body), decipher.final()]);
    const crc = crc16(plain, 0, plain.length - 2);
    if ((plain[plain.length - 2]! | (plain[plain.length - 1]! << 8)) !== crc) {
      throw new EncryptionError('encrypted packet CRC mismatch (wrong key or damaged packet)');
    }
    const length = plain[0]!;
    if (length < 1 || 5 + length + 2 > plain.length)
      throw new EncryptionError(`encrypted length ${length} does not fit`);
    const count = plain.readUInt32LE(1);
    if (count !== this.#count) {
      throw new EncryptionError(`encrypted packet count ${count}, expected ${this.#count} (replay or lost packet)`);
    }
    this.#role ??= 'slave';
    if (this.#role === 'slave') this.#count = (this.#count + 1) >>> 0;
    return Uint8Array.from(plain.subarray(5, 5 + length));
  }
}
