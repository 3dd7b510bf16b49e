import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toHex } from './hmac-drbg.ts';
import { compress } from './sha256-compress.ts';
import { SHA256_IV } from './sha256.ts';
import { createSha256x4, type Sha256x4 } from './sha256x4-module.ts';
import { sleb, uleb } from './wasm-writer.ts';

const STATE = 0;
const BLOCK = 128;
const ascii = (text: string) => new TextEncoder().encode(text);

/** FIPS 180-4 §5.1.1 padding of a whole message into 64-byte blocks. */
function padded(message: Uint8Array, blocks: number): Uint8Array {
  const out = new Uint8Array(blocks * 64);
  out.set(message);
  out[message.length] = 0x80;
  new DataView(out.buffer).setUint32(out.length - 4, message.length * 8);
  return out;
}

/** SHA-256 of four messages of the same block count, one per lane. */
function hash4(sha: Sha256x4, messages: readonly Uint8Array[]): string[] {
  const blocks = Math.ceil((messages[0]!.length + 9) / 64);
  const views = messages.map((m) => new DataView(padded(m, blocks).buffer));
  for (let lane = 0; lane < 4; lane++) for (let i = 0; i < 8; i++) sha.words[4 * i + lane] = SHA256_IV[i]!;
  for (let b = 0; b < blocks; b++) {
    for (let lane = 0; lane < 4; lane++) {
      for (let j = 0; j < 16; j++) sha.words[BLOCK / 4 + 4 * j + lane] = views[lane]!.getInt32(64 * b + 4 * j);
    }
    sha.compress4(STATE, BLOCK);
  }
  return [0, 1, 2, 3].map((lane) => {
    const digest = new Uint8Array(32);
    const view = new DataView(digest.buffer);
    for (let i = 0; i < 8; i++) view.setInt32(4 * i, sha.words[4 * i + lane]!);
    return toHex(digest);
  });
}

describe('SHA-256, four lanes at once in WebAssembly SIMD (FIPS 180-4)', () => {
  const sha = createSha256x4();

  it('hashes the FIPS 180-4 one-block examples to the published digests, one per lane', () => {
    expect(hash4(sha, [ascii(''), ascii('abc'), ascii('abc'), ascii('')])).toEqual([
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    ]);
  });

  it('hashes the FIPS 180-4 two-block examples (448 and 896 bits) to the published digests', () => {
    const m448 = ascii('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq');
    const m896 = ascii(
      'abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu',
    );
    const d448 = '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1';
    const d896 = 'cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1';
    expect(hash4(sha, [m448, m896, m896, m448])).toEqual([d448, d896, d896, d448]);
  });

  it('each lane equals node:crypto for any four messages of the same length', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 0, max: 300 })
          .chain((n) => fc.array(fc.uint8Array({ minLength: n, maxLength: n }), { minLength: 4, maxLength: 4 })),
        (messages) => {
          const expected = messages.map((m) => createHash('sha256').update(m).digest('hex'));
          expect(hash4(sha, messages)).toEqual(expected);
        },
      ),
    );
  });

  it('each lane compresses exactly as the TypeScript compression from any state, and a lane never touches another', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.array(fc.integer(), { minLength: 8, maxLength: 8 }),
            fc.uint8Array({ minLength: 64, maxLength: 64 }),
          ),
          {
            minLength: 4,
            maxLength: 4,
          },
        ),
        (lanes) => {
          lanes.forEach(([state, block], lane) => {
            const view = new DataView(block.buffer, block.byteOffset);
            for (let i = 0; i < 8; i++) sha.words[4 * i + lane] = state[i]!;
            for (let j = 0; j < 16; j++) sha.words[BLOCK / 4 + 4 * j + lane] = view.getInt32(4 * j);
          });
          sha.compress4(STATE, BLOCK);
          lanes.forEach(([state, block], lane) => {
            const expected = Int32Array.from(state);
            compress(expected, new DataView(block.buffer, block.byteOffset), 0);
            expect([0, 1, 2, 3, 4, 5, 6, 7].map((i) => sha.words[4 * i + lane])).toEqual([...expected]);
          });
        },
      ),
    );
  });

  it('writes LEB128 as the WebAssembly binary format asks', () => {
    expect(uleb(0)).toEqual([0]);
    expect(uleb(624485)).toEqual([0xe5, 0x8e, 0x26]);
    expect(sleb(-123456)).toEqual([0xc0, 0xbb, 0x78]);
    expect(sleb(64)).toEqual([0xc0, 0x00]);
    expect(sleb(-1)).toEqual([0x7f]);
  });
});
