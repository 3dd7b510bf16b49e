import { describe, expect, it } from 'vitest';
import { dealRound } from '../engine/round.ts';
import { FreshShoe } from '../engine/shoe.ts';
import { PERSONALIZATION_LABEL, RngUnavailableError, type EntropySource } from './drbg-random-source.ts';
import { HmacDrbg, toHex } from './hmac-drbg.ts';
import { createLockstepDrbgRandomSource } from './lockstep-drbg-random-source.ts';

/** A full-entropy source handing out a counted, reproducible stream; can be made unhealthy. */
function countingSource() {
  let reason: string | null = null;
  let n = 0;
  const next = (out: Uint8Array) => {
    for (let i = 0; i < out.length; i++) out[i] = (n * 37 + i * 11 + 5) & 0xff;
    n++;
  };
  const source: EntropySource = {
    description: 'OS entropy only',
    unavailableReason: () => reason,
    getEntropy: (bits) => {
      const out = new Uint8Array(bits / 8);
      next(out);
      return out;
    },
    fillFullEntropy: next,
  };
  return {
    source,
    fail: (why: string | null) => (reason = why),
    /** The n-th 32-byte piece handed out, as the source made it. */
    piece(index: number) {
      const out = new Uint8Array(32);
      for (let i = 0; i < 32; i++) out[i] = (index * 37 + i * 11 + 5) & 0xff;
      return out;
    },
  };
}

/** Nonce and personalization bytes: a counted stream too. */
function countingOsRandom() {
  let n = 0;
  return (bytes: number) => Uint8Array.from({ length: bytes }, (_, i) => (n++ * 13 + i) & 0xff);
}

/**
 * The reference DRBGs the four lanes must equal: lane L instantiated from the L-th entropy piece and its own
 * nonce and personalization, then fed the pieces the lockstep source hands each lane in turn.
 */
function referenceLanes(entropy: ReturnType<typeof countingSource>) {
  const os = countingOsRandom();
  let piece = 4; // pieces 0–3 instantiate the four lanes
  const pending: Uint8Array[][] = [[], [], [], []];
  const lanes = [0, 1, 2, 3].map((l) => {
    const personalization = new Uint8Array(PERSONALIZATION_LABEL.length + 32);
    personalization.set(PERSONALIZATION_LABEL);
    personalization.set(os(32), PERSONALIZATION_LABEL.length);
    return new HmacDrbg({
      entropy: entropy.piece(l),
      nonce: os(16),
      personalization,
      entropySource: () => pending[l]!.shift()!,
      hmac: 'reference',
    });
  });
  return {
    /** A lockstep request: every lane takes the next piece, in lane order. */
    all: () =>
      lanes.map(
        (drbg, l) => (pending[l]!.push(entropy.piece(piece++)), drbg.generate(32, { predictionResistance: true })),
      ),
    one: (l: number) => (
      pending[l]!.push(entropy.piece(piece++)),
      lanes[l]!.generate(32, { predictionResistance: true })
    ),
  };
}

/** A round's 32 bytes as the source deals them: nextInt(256) takes one byte and never rejects. */
const roundBytes = (random: { nextInt(bound: number): number }, n = 32) =>
  Uint8Array.from({ length: n }, () => random.nextInt(256));

describe('lockstep DRBG random source (docs/rng.md#lockstep-instances)', () => {
  it('deals rounds from lanes 0, 1, 2, 3 in turn, each lane byte for byte a reference DRBG with prediction resistance', () => {
    const entropy = countingSource();
    const random = createLockstepDrbgRandomSource({ entropy: entropy.source, osRandom: countingOsRandom() });
    const reference = referenceLanes(entropy);
    for (let batch = 0; batch < 3; batch++) {
      const expected = reference.all();
      for (let l = 0; l < 4; l++) {
        random.beforeShuffle!();
        expect(toHex(roundBytes(random))).toBe(toHex(expected[l]!));
      }
    }
    expect(random.requests).toBe(12);
    expect(random.reseeds).toBe(12); // one per request: prediction resistance
  });

  it('a round that runs out of bytes makes a second request on its own lane alone, reseeded first', () => {
    const entropy = countingSource();
    const random = createLockstepDrbgRandomSource({ entropy: entropy.source, osRandom: countingOsRandom() });
    const reference = referenceLanes(entropy);
    const first = reference.all();
    random.beforeShuffle!();
    expect(toHex(roundBytes(random))).toBe(toHex(first[0]!));
    random.beforeShuffle!();
    expect(toHex(roundBytes(random))).toBe(toHex(first[1]!));
    // Lane 1 needs more: 32 more bytes from lane 1's next request, the other lanes untouched.
    expect(toHex(roundBytes(random))).toBe(toHex(reference.one(1)));
    random.beforeShuffle!();
    expect(toHex(roundBytes(random))).toBe(toHex(first[2]!));
    expect(random.requests).toBe(5);
    expect(random.reseeds).toBe(5);
  });

  it('deals real rounds, and an unhealthy source stops every draw with RngUnavailableError', () => {
    const entropy = countingSource();
    const random = createLockstepDrbgRandomSource({ entropy: entropy.source });
    for (let i = 0; i < 9; i++)
      expect(dealRound(new FreshShoe(8, random)).player.cards.length).toBeGreaterThanOrEqual(2);
    entropy.fail('device unplugged');
    expect(() => random.nextInt(52)).toThrow(RngUnavailableError);
    expect(() => dealRound(new FreshShoe(8, random))).toThrow(RngUnavailableError);
    entropy.fail(null);
    expect(() => dealRound(new FreshShoe(8, random))).not.toThrow();
  });

  it('takes only a full-entropy source (one hardware RNG feeds one DRBG)', () => {
    const device: EntropySource = {
      description: 'hardware RNG',
      unavailableReason: () => null,
      getEntropy: (bits) => new Uint8Array(bits / 4),
    };
    expect(() => createLockstepDrbgRandomSource({ entropy: device })).toThrow(/full-entropy source/);
  });
});
