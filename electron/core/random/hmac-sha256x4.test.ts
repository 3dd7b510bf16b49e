import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toHex } from './hmac-drbg.ts';
import { HmacSha256x4 } from './hmac-sha256x4.ts';

const four = <T>(arb: fc.Arbitrary<T>) => fc.array(arb, { minLength: 4, maxLength: 4 });
const sameLength = (max: number) =>
  fc.integer({ min: 0, max }).chain((n) => four(fc.uint8Array({ minLength: n, maxLength: n })));
const hmac = (key: Uint8Array, ...parts: Uint8Array[]) => {
  const mac = createHmac('sha256', key);
  for (const part of parts) mac.update(part);
  return mac.digest();
};

describe('HMAC-SHA-256 for four keys at once (FIPS 198-1), lane by lane against node:crypto', () => {
  const mac = new HmacSha256x4();

  it('each lane is HMAC(K_L, first_L ‖ middle ‖ last_L) for keys up to a block and messages over several blocks', () => {
    fc.assert(
      fc.property(
        four(fc.uint8Array({ maxLength: 64 })),
        sameLength(140),
        fc.uint8Array({ maxLength: 2 }),
        sameLength(60),
        (keys, first, middle, last) => {
          mac.setKeys(keys);
          const outs = keys.map(() => new Uint8Array(32));
          mac.macInto(outs, first, middle, last);
          expect(outs.map(toHex)).toEqual(keys.map((k, l) => hmac(k, first[l]!, middle, last[l]!).toString('hex')));
        },
      ),
    );
  });

  it('rekey makes each lane key HMAC(K_L, message_L), and the next HMAC uses it', () => {
    fc.assert(
      fc.property(
        four(fc.uint8Array({ minLength: 32, maxLength: 32 })),
        sameLength(100),
        sameLength(40),
        (keys, message, next) => {
          mac.setKeys(keys);
          mac.rekey(message);
          const outs = keys.map(() => new Uint8Array(32));
          mac.macInto(outs, next);
          const expected = keys.map((k, l) => hmac(hmac(k, message[l]!), next[l]!).toString('hex'));
          expect(outs.map(toHex)).toEqual(expected);
        },
      ),
    );
  });

  it('refuses lanes whose messages differ in length (the lanes run the same steps)', () => {
    mac.setKeys([1, 2, 3, 4].map((n) => new Uint8Array(32).fill(n)));
    const messages = [32, 32, 31, 32].map((n) => new Uint8Array(n));
    expect(() => mac.macInto(null, messages)).toThrow(/same length/);
  });
});
