import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HMAC_DRBG_SHA256_CAVP } from '../../certification/cavp-vectors.ts';
import { DrbgError, HmacDrbg, parseHex, toHex } from './hmac-drbg.ts';
import { HmacDrbgX4, MAX_PROVIDED_BYTES } from './hmac-drbg-x4.ts';

/** Entropy for one lane: a fixed stream of 32-byte pieces, the same for the lockstep lane and its reference. */
function entropyStream(seed: number) {
  let n = 0;
  return () => {
    const out = new Uint8Array(32);
    for (let i = 0; i < 32; i++) out[i] = (seed * 131 + n * 31 + i * 7) & 0xff;
    n++;
    return out;
  };
}

const lane = fc.record({
  entropy: fc.uint8Array({ minLength: 32, maxLength: 32 }),
  nonce: fc.uint8Array({ minLength: 16, maxLength: 16 }),
});

/** One step of a run: a lockstep request, a request on one lane alone, or a reseed of every lane. */
const step = fc.oneof(
  fc.record({
    kind: fc.constant('all' as const),
    bytes: fc.integer({ min: 0, max: 200 }),
    pr: fc.boolean(),
    additional: fc.integer({ min: 0, max: 70 }),
  }),
  fc.record({
    kind: fc.constant('one' as const),
    lane: fc.integer({ min: 0, max: 3 }),
    bytes: fc.integer({ min: 0, max: 100 }),
    pr: fc.boolean(),
    additional: fc.integer({ min: 0, max: 40 }),
  }),
  fc.record({ kind: fc.constant('reseed' as const), additional: fc.integer({ min: 0, max: 40 }) }),
);

const filled = (length: number, seed: number) => Uint8Array.from({ length }, (_, i) => (seed * 17 + i * 5) & 0xff);

describe('four HMAC_DRBG instances in lockstep (SP 800-90A §10.1.2)', () => {
  describe('NIST CAVP known answers, a different vector in each lane', () => {
    const groups = [
      HMAC_DRBG_SHA256_CAVP.filter((v) => v.personalization === ''),
      HMAC_DRBG_SHA256_CAVP.filter((v) => v.personalization !== ''),
    ].map((vs) => [0, 1, 2, 3].map((i) => vs[i % vs.length]!));
    it.each(groups.map((g, i) => [i === 0 ? 'no personalization' : 'with personalization', g] as const))(
      '%s: instantiate, generate 1024 bits twice, the second is ReturnedBits in every lane',
      (_name, vectors) => {
        // Rotated so no lane holds the vector it would hold in the plain order.
        const lanes = [1, 2, 3, 0].map((i) => vectors[i]!);
        const drbg = new HmacDrbgX4(
          lanes.map((v) => ({
            entropy: parseHex('entropy', v.entropy),
            nonce: parseHex('nonce', v.nonce),
            personalization: parseHex('personalization', v.personalization),
          })),
        );
        const outs = lanes.map(() => new Uint8Array(128));
        drbg.generateInto(outs);
        drbg.generateInto(outs);
        expect(outs.map(toHex)).toEqual(lanes.map((v) => v.returnedBits));
      },
    );
  });

  it('every lane is byte-identical to a reference DRBG (node:crypto HMAC) given the same inputs and requests', () => {
    fc.assert(
      fc.property(
        fc.array(lane, { minLength: 4, maxLength: 4 }),
        fc.array(step, { maxLength: 12 }),
        fc.integer({ min: 1, max: 4 }),
        (inits, steps, interval) => {
          const x4 = new HmacDrbgX4(
            inits.map((init, l) => ({ ...init, entropySource: entropyStream(l) })),
            { reseedInterval: interval },
          );
          const refs = inits.map(
            (init, l) =>
              new HmacDrbg({ ...init, entropySource: entropyStream(l), hmac: 'reference', reseedInterval: interval }),
          );
          steps.forEach((s, n) => {
            if (s.kind === 'all') {
              const outs = refs.map(() => new Uint8Array(s.bytes));
              const inputs = refs.map((_, l) => filled(s.additional, n * 4 + l));
              // A lane at its reseed interval makes every lane of a lockstep call reseed (allowed any time, §9.2).
              const anyDue = refs.some((r) => r.reseedCounter > interval);
              x4.generateInto(outs, { predictionResistance: s.pr, additionalInputs: inputs });
              refs.forEach((ref, l) => {
                const pr = s.pr || anyDue;
                expect(toHex(outs[l]!)).toBe(
                  toHex(ref.generate(s.bytes, { predictionResistance: pr, additionalInput: inputs[l] })),
                );
              });
            } else if (s.kind === 'one') {
              const out = new Uint8Array(s.bytes);
              const input = filled(s.additional, n);
              x4.generateLaneInto(s.lane, out, { predictionResistance: s.pr, additionalInput: input });
              expect(toHex(out)).toBe(
                toHex(refs[s.lane]!.generate(s.bytes, { predictionResistance: s.pr, additionalInput: input })),
              );
            } else {
              const entropies = refs.map((_, l) => filled(32, 100 + n * 4 + l));
              const inputs = refs.map((_, l) => filled(s.additional, 200 + n * 4 + l));
              x4.reseed(entropies, inputs);
              refs.forEach((ref, l) => ref.reseed(entropies[l]!, inputs[l]));
            }
            expect(x4.reseedCounters).toEqual(refs.map((r) => r.reseedCounter));
          });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a request on one lane leaves the other lanes exactly as they were', () => {
    const inits = [0, 1, 2, 3].map((l) => ({
      entropy: filled(32, l),
      nonce: filled(16, l + 9),
      entropySource: entropyStream(l),
    }));
    const a = new HmacDrbgX4(inits);
    const b = new HmacDrbgX4(inits.map((init, l) => ({ ...init, entropySource: entropyStream(l) })));
    b.generateLaneInto(2, new Uint8Array(64), { predictionResistance: true });
    const outA = inits.map(() => new Uint8Array(32));
    const outB = inits.map(() => new Uint8Array(32));
    a.generateInto(outA);
    b.generateInto(outB);
    expect([0, 1, 3].map((l) => toHex(outB[l]!))).toEqual([0, 1, 3].map((l) => toHex(outA[l]!)));
    expect(toHex(outB[2]!)).not.toBe(toHex(outA[2]!));
  });

  it('refuses what SP 800-90A or the lockstep refuses, and nothing after uninstantiate', () => {
    const inits = [0, 1, 2, 3].map((l) => ({ entropy: filled(32, l), nonce: filled(16, l) }));
    expect(() => new HmacDrbgX4(inits.slice(0, 3))).toThrow(DrbgError);
    expect(() => new HmacDrbgX4([...inits.slice(0, 3), { entropy: filled(31, 0), nonce: filled(16, 0) }])).toThrow(
      /at least 256 bits/,
    );
    expect(() => new HmacDrbgX4([...inits.slice(0, 3), { entropy: filled(33, 0), nonce: filled(16, 0) }])).toThrow(
      /one length/,
    );
    const long = inits.map((init) => ({ ...init, personalization: new Uint8Array(MAX_PROVIDED_BYTES) }));
    expect(() => new HmacDrbgX4(long)).toThrow(/at most \d+ bytes a lane/);
    const drbg = new HmacDrbgX4(inits);
    expect(() =>
      drbg.generateInto(
        inits.map(() => new Uint8Array(32)),
        { predictionResistance: true },
      ),
    ).toThrow(/needs an entropy source/);
    expect(() => drbg.generateInto([32, 32, 32, 16].map((n) => new Uint8Array(n)))).toThrow(/one length/);
    drbg.uninstantiate();
    expect(drbg.instantiated).toBe(false);
    expect(() => drbg.generateInto(inits.map(() => new Uint8Array(32)))).toThrow(/not instantiated/);
  });
});
