import { describe, expect, it } from 'vitest';
import { createCipheriv, createDecipheriv } from 'node:crypto';
import { crc16 } from '../serial/ssp-crc.ts';
import fc from 'fast-check';
import {
  DhParty,
  EncryptionError,
  EsspSession,
  aesKey,
  generateDhParameters,
  isPrime64,
  parseFixedKey,
  randomExponent,
} from './essp-crypto.ts';

describe('eSSP encryption (docs/protocols/essp.md#essp-encryption)', () => {
  it('uses fresh 64-bit primes for generator and modulus, never small ones', () => {
    const { generator, modulus } = generateDhParameters();
    expect(isPrime64(generator)).toBe(true);
    expect(isPrime64(modulus)).toBe(true);
    expect(generator < modulus).toBe(true);
    expect(modulus >= 1n << 63n).toBe(true); // a 64-bit prime has its top bit set
    expect(generator >= 1n << 63n).toBe(true);
  });

  it('both sides derive the same negotiated half, and each session differs', () => {
    const params = generateDhParameters();
    const host = new DhParty(params);
    const slave = new DhParty(params);
    expect(host.negotiated(slave.intermediate)).toBe(slave.negotiated(host.intermediate));
    const other = new DhParty(params);
    expect(other.negotiated(slave.intermediate)).not.toBe(host.negotiated(slave.intermediate));
  });

  it('refuses degenerate intermediate keys', () => {
    const params = generateDhParameters();
    const host = new DhParty(params);
    expect(() => host.negotiated(1n)).toThrow(RangeError);
    expect(() => host.negotiated(params.modulus - 1n)).toThrow(RangeError);
    expect(() => host.negotiated(params.modulus)).toThrow(RangeError);
  });

  it('draws exponents inside [2, n-2]', () => {
    for (let i = 0; i < 200; i++) {
      const e = randomExponent(11n);
      expect(e >= 2n && e <= 9n).toBe(true);
    }
  });

  it('validates the venue fixed key', () => {
    expect(parseFixedKey('9A3F04C27E51B8D6')).toBe(0x9a3f04c27e51b8d6n);
    expect(() => parseFixedKey('123')).toThrow(/16 hexadecimal/);
    expect(() => parseFixedKey('0123456701234567')).toThrow(/factory default/);
    expect(() => parseFixedKey('ffffffffffffffff')).toThrow(/repeated/);
    expect(() => parseFixedKey('9A3F04C27E51B8DZ')).toThrow(/16 hexadecimal/);
  });

  it('eCOUNT moves once per exchange: command N, reply N + 1, next command N + 1 (raw packets)', () => {
    const key = aesKey(0x9a3f04c27e51b8d6n, 0x1122334455667788n);
    const host = new EsspSession(key, 'host');
    const first = host.wrap(Uint8Array.of(0x06, 0x07));
    expect(first[0]).toBe(0x7e);
    expect((first.length - 1) % 16).toBe(0);
    expect(opened(key, first)).toEqual({ count: 0, data: [0x06, 0x07] });
    // The unit answers with the count advanced once; the host's next command carries that same count.
    expect(Array.from(host.unwrap(sealed(key, 1, [0xf0])))).toEqual([0xf0]);
    expect(opened(key, host.wrap(Uint8Array.of(0x0c))).count).toBe(1);
    expect(Array.from(host.unwrap(sealed(key, 2, [0xf0, 0, 0, 0, 1])))).toEqual([0xf0, 0, 0, 0, 1]);
    expect(opened(key, host.wrap(Uint8Array.of(0x56))).count).toBe(2);
    // The reply to that poll must carry 3: an old reply (replay) or one counted twice is refused, nothing moves.
    expect(() => host.unwrap(sealed(key, 2, [0xf0]))).toThrow(/count 2, expected 3/);
    expect(() => host.unwrap(sealed(key, 4, [0xf0]))).toThrow(/count 4, expected 3/);
    expect(Array.from(host.unwrap(sealed(key, 3, [0xf0, 0xe8])))).toEqual([0xf0, 0xe8]);
  });

  it('a slave session checks command N, then answers with N + 1 and expects N + 1 next', () => {
    const key = aesKey(0x9a3f04c27e51b8d6n, 0x0a0b0c0d0e0f1011n);
    const slave = new EsspSession(key, 'slave');
    expect(Array.from(slave.unwrap(sealed(key, 0, [0x06, 0x07])))).toEqual([0x06, 0x07]);
    expect(opened(key, slave.wrap(Uint8Array.of(0xf0))).count).toBe(1);
    expect(() => slave.unwrap(sealed(key, 0, [0x0c]))).toThrow(/count 0, expected 1/); // a replayed command
    expect(Array.from(slave.unwrap(sealed(key, 1, [0x0c])))).toEqual([0x0c]);
    expect(opened(key, slave.wrap(Uint8Array.of(0xf0))).count).toBe(2);
  });

  it('a host and a slave session keep step over many exchanges; a tampered or foreign packet is refused', () => {
    const key = aesKey(0x9a3f04c27e51b8d6n, 0x1122334455667788n);
    const host = new EsspSession(key, 'host');
    const slave = new EsspSession(key); // its role follows from unwrapping first
    for (let n = 0; n < 50; n++) {
      const command = host.wrap(Uint8Array.of(0x56));
      expect(opened(key, command).count).toBe(n);
      expect(Array.from(slave.unwrap(command))).toEqual([0x56]);
      const reply = slave.wrap(Uint8Array.of(0xf0, 0xee, 0x02));
      expect(opened(key, reply).count).toBe(n + 1);
      expect(Array.from(host.unwrap(reply))).toEqual([0xf0, 0xee, 0x02]);
    }
    expect(slave.role).toBe('slave');
    const command = host.wrap(Uint8Array.of(0x57));
    const tampered = Uint8Array.from(command);
    tampered[5]! ^= 0x40;
    expect(() => slave.unwrap(tampered)).toThrow(EncryptionError);
    expect(Array.from(slave.unwrap(command))).toEqual([0x57]);
    const wrongKey = new EsspSession(aesKey(0x9a3f04c27e51b8d6n, 1n), 'slave');
    expect(() => wrongKey.unwrap(new EsspSession(key, 'host').wrap(Uint8Array.of(1)))).toThrow(/CRC/);
  });

  it('opening arbitrary bytes only ever fails with EncryptionError and never advances the counter', () => {
    const key = aesKey(0x9a3f04c27e51b8d6n, 0x0102030405060708n);
    const session = new EsspSession(key, 'host');
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 80 }), (bytes) => {
        const packet = Uint8Array.from([0x7e, ...bytes]);
        try {
          session.unwrap(packet);
        } catch (error) {
          expect(error).toBeInstanceOf(EncryptionError);
        }
        expect(session.count).toBe(0);
      }),
      { numRuns: 5_000, seed: 20261201 },
    );
  });
});

/** An encrypted packet with an explicit count, built here from the published layout (not by EsspSession). */
function sealed(key: Uint8Array, count: number, data: readonly number[]): Uint8Array {
  const total = Math.ceil((1 + 4 + data.length + 2) / 16) * 16;
  const plain = Buffer.alloc(total);
  plain[0] = data.length;
  plain.writeUInt32LE(count, 1);
  plain.set(data, 5);
  const crc = crc16(plain, 0, total - 2);
  plain[total - 2] = crc & 0xff;
  plain[total - 1] = crc >> 8;
  const cipher = createCipheriv('aes-128-ecb', key, null);
  cipher.setAutoPadding(false);
  return Uint8Array.from([0x7e, ...cipher.update(plain), ...cipher.final()]);
}

/** The count and data inside an encrypted packet. */
function opened(key: Uint8Array, packet: Uint8Array): { count: number; data: number[] } {
  const decipher = createDecipheriv('aes-128-ecb', key, null);
  decipher.setAutoPadding(false);
  const plain = Buffer.concat([decipher.update(packet.subarray(1)), decipher.final()]);
  return { count: plain.readUInt32LE(1), data: Array.from(plain.subarray(5, 5 + plain[0]!)) };
}
