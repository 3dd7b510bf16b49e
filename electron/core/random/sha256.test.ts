import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SHA256_IV, Sha256Stream, sha256 } from './sha256.ts';
import { toHex } from './hmac-drbg.ts';

const ascii = (text: string) => new TextEncoder().encode(text);

describe('SHA-256 in TypeScript (FIPS 180-4)', () => {
  // The FIPS 180-4 / NIST CSRC example messages and their digests.
  it.each([
    ['the empty message', '', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['"abc"', 'abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [
      'the 448-bit message',
      'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    ],
    [
      'the 896-bit message',
      'abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu',
      'cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1',
    ],
  ])('hashes %s to the published digest', (_name, message, digest) => {
    expect(toHex(sha256(ascii(message)))).toBe(digest);
  });

  it("hashes one million 'a' to the published digest, whole and fed in uneven pieces", () => {
    const million = new Uint8Array(1_000_000).fill(0x61);
    const digest = 'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0';
    expect(toHex(sha256(million))).toBe(digest);
    const stream = new Sha256Stream().start();
    for (let at = 0; at < million.length; at += 997) stream.update(million.subarray(at, at + 997));
    const out = new Uint8Array(32);
    stream.finishInto(out);
    expect(toHex(out)).toBe(digest);
  });

  it('equals node:crypto for any message fed in any split', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat({ max: 300 }), (message, cut) => {
        const at = Math.min(cut, message.length);
        const stream = new Sha256Stream().start().update(message.subarray(0, at));
        for (const byte of message.subarray(at, at + 1)) stream.updateByte(byte);
        stream.update(message.subarray(at + 1));
        const out = new Uint8Array(32);
        stream.finishInto(out);
        const expected = createHash('sha256').update(message).digest('hex');
        expect(toHex(out)).toBe(expected);
        expect(toHex(sha256(message))).toBe(expected);
      }),
    );
  });

  it('resuming from a saved midstate gives the hash of the whole message', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 64, maxLength: 64 }), fc.uint8Array({ maxLength: 130 }), (first, rest) => {
        const midstate = new Int32Array(8);
        new Sha256Stream().start(SHA256_IV).update(first).midstateInto(midstate);
        const out = new Uint8Array(32);
        new Sha256Stream().start(midstate, 64).update(rest).finishInto(out);
        expect(toHex(out)).toBe(createHash('sha256').update(first).update(rest).digest('hex'));
      }),
    );
  });

  it('refuses a midstate off a block boundary', () => {
    const stream = new Sha256Stream().start().update(new Uint8Array(10));
    expect(() => stream.midstateInto(new Int32Array(8))).toThrow(/block boundary/);
  });
});
