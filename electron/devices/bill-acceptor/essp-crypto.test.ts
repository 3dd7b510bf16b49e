import { describe, expect, it } from 'vitest';
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

  it('round-trips packets with the shared counter; a replayed or tampered packet is refused', () => {
    const key = aesKey(0x9a3f04c27e51b8d6n, 0x1122334455667788n);
    const host = new EsspSession(key);
    const slave = new EsspSession(key);
    const p1 = host.wrap(Uint8Array.of(0x56));
    expect(p1[0]).toBe(0x7e);
    expect((p1.length - 1) % 16).toBe(0);
    expect(Array.from(slave.unwrap(p1))).toEqual([0x56]);
    const r1 = slave.wrap(Uint8Array.of(0xf0, 0xee, 0x02));
    expect(Array.from(host.unwrap(r1))).toEqual([0xf0, 0xee, 0x02]);
    expect(() => host.unwrap(r1)).toThrow(/count/); // replay
    const p2 = host.wrap(Uint8Array.of(0x57));
    const tampered = Uint8Array.from(p2);
    tampered[5]! ^= 0x40;
    expect(() => slave.unwrap(tampered)).toThrow(EncryptionError);
    expect(Array.from(slave.unwrap(p2))).toEqual([0x57]);
    const wrongKey = new EsspSession(aesKey(0x9a3f04c27e51b8d6n, 1n));
    expect(() => wrongKey.unwrap(host.wrap(Uint8Array.of(1)))).toThrow(/CRC/);
  });

  it('opening arbitrary bytes only ever fails with EncryptionError and never advances the counter', () => {
    const key = aesKey(0x9a3f04c27e51b8d6n, 0x0102030405060708n);
    const session = new EsspSession(key);
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
