import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toHex } from './hmac-drbg.ts';
import { createHmacSha256, type HmacPath } from './hmac-sha256.ts';

const PATHS: readonly HmacPath[] = ['fast', 'reference'];
const parts = fc.array(fc.uint8Array({ maxLength: 150 }), { minLength: 1, maxLength: 3 });

describe('HMAC-SHA-256 on the fast and the reference path (FIPS 198-1)', () => {
  it.each(PATHS)('the %s path equals createHmac for random keys (also longer than a block) and messages', (path) => {
    const mac = createHmacSha256(path);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), parts, (key, message) => {
        mac.setKey(key);
        const out = new Uint8Array(32);
        mac.macInto(out, message[0]!, message[1], message[2]);
        const expected = createHmac('sha256', key);
        for (const part of message) expected.update(part);
        expect(toHex(out)).toBe(expected.digest('hex'));
      }),
    );
  });

  it.each(PATHS)('on the %s path, rekeyInto gives HMAC(K, message) and then MACs under it as the new key', (path) => {
    const mac = createHmacSha256(path);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), parts, fc.uint8Array({ maxLength: 100 }), (key, message, next) => {
        mac.setKey(key);
        const newKey = new Uint8Array(32);
        mac.rekeyInto(newKey, message[0]!, message[1], message[2]);
        const expectedKey = createHmac('sha256', key);
        for (const part of message) expectedKey.update(part);
        const expectedKeyBytes = expectedKey.digest();
        expect(toHex(newKey)).toBe(expectedKeyBytes.toString('hex'));
        const out = new Uint8Array(32);
        mac.macInto(out, next);
        expect(toHex(out)).toBe(createHmac('sha256', expectedKeyBytes).update(next).digest('hex'));
      }),
    );
  });

  it('every message length from 0 to 200 bytes, across the one- and two-block padding edges, equals createHmac', () => {
    const key = Uint8Array.from({ length: 32 }, (_, i) => i * 11);
    const fast = createHmacSha256('fast');
    fast.setKey(key);
    for (let length = 0; length <= 200; length++) {
      const message = Uint8Array.from({ length }, (_, i) => (i * 31 + length) & 0xff);
      const out = new Uint8Array(32);
      fast.macInto(out, message.subarray(0, length >> 1), message.subarray(length >> 1));
      expect(toHex(out)).toBe(createHmac('sha256', key).update(message).digest('hex'));
    }
  });

  it('RFC 4231 test case 2 ("Jefe") on both paths', () => {
    const key = new TextEncoder().encode('Jefe');
    const data = new TextEncoder().encode('what do ya want for nothing?');
    for (const path of PATHS) {
      const mac = createHmacSha256(path);
      mac.setKey(key);
      const out = new Uint8Array(32);
      mac.macInto(out, data);
      expect(toHex(out)).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
    }
  });

  it('writing the MAC over its own input (V = HMAC(K, V)) gives the same bytes', () => {
    const mac = createHmacSha256('fast');
    mac.setKey(new Uint8Array(32).fill(7));
    const value = new Uint8Array(32).fill(1);
    const expected = createHmac('sha256', new Uint8Array(32).fill(7)).update(value).digest('hex');
    mac.macInto(value, value);
    expect(toHex(value)).toBe(expected);
  });

  it('wipe zeroizes the kept pad states', () => {
    const mac = createHmacSha256('fast');
    mac.setKey(new Uint8Array(32).fill(9));
    const kept = mac as unknown as { innerMidstate: Int32Array; outerMidstate: Int32Array };
    expect(kept.innerMidstate.some((w) => w !== 0)).toBe(true);
    mac.wipe();
    expect(kept.innerMidstate.every((w) => w === 0)).toBe(true);
    expect(kept.outerMidstate.every((w) => w === 0)).toBe(true);
  });

  it('refuses an unknown path by name', () => {
    expect(() => createHmacSha256('quick' as HmacPath)).toThrow(/"fast" or "reference"/);
  });
});
