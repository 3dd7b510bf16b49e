import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HMAC_DRBG_SHA256_CAVP } from '../../certification/cavp-vectors.ts';
import { DrbgError, HmacDrbg, MAX_BYTES_PER_REQUEST, parseHex, toHex } from './hmac-drbg.ts';
import type { HmacPath } from './hmac-sha256.ts';

const bytes = (n: number, fill: number) => new Uint8Array(n).fill(fill);

describe('HMAC_DRBG SHA-256 (SP 800-90A §10.1.2)', () => {
  describe('NIST CAVP known answers: instantiate, generate 1024 bits twice, the second is ReturnedBits', () => {
    it.each(HMAC_DRBG_SHA256_CAVP.map((v) => [v.name, v] as const))('%s', (_name, vector) => {
      const drbg = new HmacDrbg({
        entropy: parseHex('entropy', vector.entropy),
        nonce: parseHex('nonce', vector.nonce),
        personalization: parseHex('personalization', vector.personalization),
      });
      drbg.generate(128);
      expect(toHex(drbg.generate(128))).toBe(vector.returnedBits);
    });
  });

  it('uses at least 5 CAVP vectors of each required section (docs/rng.md#known-answer-tests)', () => {
    expect(HMAC_DRBG_SHA256_CAVP.length).toBeGreaterThanOrEqual(5);
    expect(HMAC_DRBG_SHA256_CAVP.some((v) => v.personalization.length === 64)).toBe(true);
  });

  it('a known answer fails when one entropy bit is flipped (the check can fail)', () => {
    const vector = HMAC_DRBG_SHA256_CAVP[0]!;
    const entropy = parseHex('entropy', vector.entropy);
    entropy[0]! ^= 1;
    const drbg = new HmacDrbg({ entropy, nonce: parseHex('nonce', vector.nonce) });
    drbg.generate(128);
    expect(toHex(drbg.generate(128))).not.toBe(vector.returnedBits);
  });

  it('additional input changes the output and follows §10.1.2.5 (update before and after)', () => {
    const init = { entropy: bytes(32, 1), nonce: bytes(16, 2) };
    const plain = new HmacDrbg(init).generate(32);
    const withInput = new HmacDrbg(init).generate(32, { additionalInput: bytes(8, 3) });
    expect(toHex(withInput)).not.toBe(toHex(plain));
  });

  it('matches an independent textbook transcription of the algorithm on random inputs', () => {
    // Reference written straight from §10.1.2.2–10.1.2.5 with Buffer.concat, no shared code.
    const h = (k: Buffer, ...d: Buffer[]) => createHmac('sha256', k).update(Buffer.concat(d)).digest();
    const upd = (s: { k: Buffer; v: Buffer }, data: Buffer) => {
      s.k = h(s.k, s.v, Buffer.from([0]), data);
      s.v = h(s.k, s.v);
      if (data.length === 0) return;
      s.k = h(s.k, s.v, Buffer.from([1]), data);
      s.v = h(s.k, s.v);
    };
    for (let trial = 0; trial < 20; trial++) {
      const rnd = (n: number) => Buffer.from(Array.from({ length: n }, () => Math.floor(Math.random() * 256)));
      const entropy = rnd(32 + trial);
      const nonce = rnd(16 + (trial % 3));
      const pers = rnd(trial % 5);
      const reseedEntropy = rnd(32);
      const adin = rnd(trial % 4);
      const s = { k: Buffer.alloc(32, 0), v: Buffer.alloc(32, 1) };
      upd(s, Buffer.concat([entropy, nonce, pers]));
      upd(s, Buffer.concat([reseedEntropy, adin]));
      if (adin.length > 0) upd(s, adin);
      const parts: Buffer[] = [];
      for (let i = 0; i < 3; i++) {
        s.v = h(s.k, s.v);
        parts.push(s.v);
      }
      const expected = Buffer.concat(parts).subarray(0, 70);

      const drbg = new HmacDrbg({ entropy, nonce, personalization: pers });
      drbg.reseed(reseedEntropy, adin);
      expect(toHex(drbg.generate(70, { additionalInput: adin }))).toBe(expected.toString('hex'));
    }
  });

  it('counts requests: reseed_counter starts at 1, +1 per generate, back to 1 on reseed', () => {
    const drbg = new HmacDrbg({ entropy: bytes(32, 1), nonce: bytes(16, 2) });
    expect(drbg.reseedCounter).toBe(1);
    drbg.generate(1);
    drbg.generate(1);
    expect(drbg.reseedCounter).toBe(3);
    drbg.reseed(bytes(32, 9));
    expect(drbg.reseedCounter).toBe(1);
  });

  it('reseeds from the entropy source when the reseed interval is reached, and refuses without one', () => {
    let calls = 0;
    const drbg = new HmacDrbg({
      entropy: bytes(32, 1),
      nonce: bytes(16, 2),
      reseedInterval: 2,
      entropySource: () => {
        calls++;
        return bytes(32, 7);
      },
    });
    drbg.generate(4);
    drbg.generate(4);
    expect(calls).toBe(0);
    drbg.generate(4); // counter 3 > interval 2
    expect(calls).toBe(1);
    expect(drbg.reseedCounter).toBe(2);

    const stuck = new HmacDrbg({ entropy: bytes(32, 1), nonce: bytes(16, 2), reseedInterval: 1 });
    stuck.generate(1);
    expect(() => stuck.generate(1)).toThrow(/reseed required/);
  });

  it('rejects a reseed interval above 2^48', () => {
    expect(() => new HmacDrbg({ entropy: bytes(32, 1), nonce: bytes(16, 2), reseedInterval: 2 ** 48 + 1 })).toThrow(
      DrbgError,
    );
  });

  it('prediction resistance reseeds before every generate, and equals an explicit reseed', () => {
    const fresh: Uint8Array[] = [bytes(32, 0x11), bytes(32, 0x22)];
    let i = 0;
    const pr = new HmacDrbg({
      entropy: bytes(32, 1),
      nonce: bytes(16, 2),
      entropySource: (bits) => {
        expect(bits).toBe(256);
        return fresh[i++]!;
      },
    });
    const manual = new HmacDrbg({ entropy: bytes(32, 1), nonce: bytes(16, 2) });
    const adin = bytes(5, 0x33);
    const a1 = pr.generate(40, { predictionResistance: true, additionalInput: adin });
    manual.reseed(fresh[0]!, adin);
    const m1 = manual.generate(40);
    expect(toHex(a1)).toBe(toHex(m1));
    pr.generate(40, { predictionResistance: true });
    expect(i).toBe(2);
    expect(() =>
      new HmacDrbg({ entropy: bytes(32, 1), nonce: bytes(16, 2) }).generate(1, { predictionResistance: true }),
    ).toThrow(/prediction resistance needs an entropy source/);
  });

  it('an entropy source failure during prediction resistance produces no output', () => {
    const drbg = new HmacDrbg({
      entropy: bytes(32, 1),
      nonce: bytes(16, 2),
      entropySource: () => {
        throw new Error('device unhealthy');
      },
    });
    expect(() => drbg.generate(16, { predictionResistance: true })).toThrow('device unhealthy');
    expect(drbg.reseedCounter).toBe(1);
  });

  it('limits a request to 2^19 bits', () => {
    const drbg = new HmacDrbg({ entropy: bytes(32, 1), nonce: bytes(16, 2) });
    expect(drbg.generate(MAX_BYTES_PER_REQUEST).length).toBe(65536);
    expect(() => drbg.generate(MAX_BYTES_PER_REQUEST + 1)).toThrow(/2\^19/);
    expect(() => drbg.generate(-1)).toThrow(DrbgError);
  });

  it('requires ≥ 256 bits of entropy and a ≥ 128-bit nonce', () => {
    expect(() => new HmacDrbg({ entropy: bytes(31, 1), nonce: bytes(16, 2) })).toThrow(
      /entropy input must be at least 256 bits/,
    );
    expect(() => new HmacDrbg({ entropy: bytes(32, 1), nonce: bytes(15, 2) })).toThrow(
      /nonce must be at least 128 bits/,
    );
    const drbg = new HmacDrbg({ entropy: bytes(32, 1), nonce: bytes(16, 2) });
    expect(() => drbg.reseed(bytes(16, 1))).toThrow(/at least 256 bits/);
  });

  it('uninstantiate zeroizes the state and every later call fails', () => {
    const drbg = new HmacDrbg({ entropy: bytes(32, 1), nonce: bytes(16, 2) });
    const internals = drbg as unknown as { key: Buffer; value: Buffer };
    const key = internals.key;
    const value = internals.value;
    drbg.uninstantiate();
    expect(key.every((b) => b === 0)).toBe(true);
    expect(value.every((b) => b === 0)).toBe(true);
    expect(drbg.instantiated).toBe(false);
    expect(() => drbg.generate(1)).toThrow(/not instantiated/);
    expect(() => drbg.reseed(bytes(32, 1))).toThrow(/not instantiated/);
  });

  it('parseHex names the field and refuses odd length or non-hex', () => {
    expect(() => parseHex('nonce', 'abc')).toThrow(/nonce must be hex/);
    expect(() => parseHex('nonce', 'zz')).toThrow(/nonce must be hex/);
    expect(toHex(parseHex('x', 'A0ff'))).toBe('a0ff');
  });
});

describe('HMAC_DRBG on the fast and the reference HMAC path', () => {
  const paths: readonly HmacPath[] = ['fast', 'reference'];

  describe.each(paths)('NIST CAVP known answers on the %s path', (path) => {
    it.each(HMAC_DRBG_SHA256_CAVP.map((v) => [v.name, v] as const))('%s', (_name, vector) => {
      const drbg = new HmacDrbg({
        entropy: parseHex('entropy', vector.entropy),
        nonce: parseHex('nonce', vector.nonce),
        personalization: parseHex('personalization', vector.personalization),
        hmac: path,
      });
      expect(drbg.hmacPath).toBe(path);
      drbg.generate(128);
      expect(toHex(drbg.generate(128))).toBe(vector.returnedBits);
    });
  });

  it('the cabinet default is the fast path', () => {
    expect(new HmacDrbg({ entropy: bytes(32, 1), nonce: bytes(16, 2) }).hmacPath).toBe('fast');
  });

  it('both paths give byte-identical output for the same seeds, entropy, additional input and request sizes', () => {
    const request = fc.record({
      bytes: fc.nat({ max: 200 }),
      additionalInput: fc.uint8Array({ maxLength: 70 }),
      predictionResistance: fc.boolean(),
      reseed: fc.option(fc.uint8Array({ minLength: 32, maxLength: 48 })),
    });
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 64 }),
        fc.uint8Array({ minLength: 16, maxLength: 32 }),
        fc.uint8Array({ maxLength: 40 }),
        fc.array(request, { minLength: 1, maxLength: 6 }),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        (entropy, nonce, personalization, requests, fresh) => {
          const make = (hmac: HmacPath) => {
            let n = 0;
            // The same fresh entropy on both paths, a different value for every reseed.
            const entropySource = () => fresh.map((b) => (b + n++) & 0xff);
            return new HmacDrbg({ entropy, nonce, personalization, entropySource, hmac });
          };
          const fast = make('fast');
          const reference = make('reference');
          for (const r of requests) {
            if (r.reseed !== null) {
              fast.reseed(r.reseed, r.additionalInput);
              reference.reseed(r.reseed, r.additionalInput);
            }
            const options = { additionalInput: r.additionalInput, predictionResistance: r.predictionResistance };
            const into = new Uint8Array(r.bytes);
            fast.generateInto(into, options);
            expect(toHex(into)).toBe(toHex(reference.generate(r.bytes, options)));
          }
        },
      ),
    );
  });

  it('uninstantiate also zeroizes the fast path’s kept pad states', () => {
    const drbg = new HmacDrbg({ entropy: bytes(32, 1), nonce: bytes(16, 2) });
    const mac = (drbg as unknown as { mac: { innerMidstate: Int32Array; outerMidstate: Int32Array } }).mac;
    drbg.uninstantiate();
    expect(mac.innerMidstate.every((w) => w === 0)).toBe(true);
    expect(mac.outerMidstate.every((w) => w === 0)).toBe(true);
  });
});
