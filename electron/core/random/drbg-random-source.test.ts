import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dealRound } from '../engine/round.ts';
import { FreshShoe } from '../engine/shoe.ts';
import {
  createDrbgRandomSource,
  createOsEntropySource,
  RngUnavailableError,
  type EntropySource,
} from './drbg-random-source.ts';
import { chiSquare } from '../../testing/chi-square.ts';

/** A controllable entropy source: counts requests, can be made unhealthy. */
function fakeEntropy(description = 'test device') {
  let reason: string | null = null;
  let requests = 0;
  let counter = 0;
  const source: EntropySource = {
    description,
    unavailableReason: () => reason,
    getEntropy(bits) {
      if (reason !== null) throw new RngUnavailableError(`RNG unavailable: ${reason}`);
      requests++;
      const out = new Uint8Array(Math.ceil(bits / 4)); // 4 bits per byte, like the device
      for (let i = 0; i < out.length; i++) out[i] = (counter++ * 97 + 13) & 0xff;
      return out;
    },
  };
  return {
    source,
    get requests() {
      return requests;
    },
    fail(why: string | null) {
      reason = why;
    },
  };
}

describe('DRBG random source (docs/rng.md#the-drbg)', () => {
  it('instantiates on first use and reseeds before every shuffle (prediction resistance by default)', () => {
    const e = fakeEntropy();
    const random = createDrbgRandomSource({ entropy: e.source });
    expect(random.predictionResistance).toBe(true);
    expect(e.requests).toBe(0);
    for (let round = 1; round <= 5; round++) {
      dealRound(new FreshShoe(8, random));
      // one entropy request for the instantiate, then ≥ 1 reseed per round
      expect(random.reseeds).toBeGreaterThanOrEqual(round);
    }
    expect(e.requests).toBe(1 + random.reseeds);
    expect(random.reseeds).toBe(random.requests); // every generate request reseeded
  });

  it('with prediction resistance off it still reseeds before each shuffle, not on every request', () => {
    const e = fakeEntropy();
    const random = createDrbgRandomSource({ entropy: e.source, predictionResistance: false, blockBytes: 8 });
    for (let i = 0; i < 10; i++) dealRound(new FreshShoe(8, random));
    expect(random.reseeds).toBe(10);
    expect(random.requests).toBeGreaterThan(10); // 8-byte blocks run out mid-round
  });

  it('nextInt is in range for every bound, including 1 and 2^48−1', () => {
    const random = createDrbgRandomSource({ entropy: createOsEntropySource() });
    random.beforeShuffle!();
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 48 - 1 }), (bound) => {
        const x = random.nextInt(bound);
        return Number.isInteger(x) && x >= 0 && x < bound;
      }),
    );
    expect(random.nextInt(1)).toBe(0);
    expect(() => random.nextInt(0)).toThrow(RangeError);
    expect(() => random.nextInt(2 ** 48)).toThrow(RangeError);
    expect(() => random.nextInt(1.5)).toThrow(RangeError);
  });

  it('rejection sampling, not modulo: bound 3 from 2-bit draws never maps 3 onto 0', () => {
    // With modulo, value 3 (of 0..3) would become 0 and make 0 twice as likely. Count over many draws.
    const random = createDrbgRandomSource({ entropy: createOsEntropySource() });
    random.beforeShuffle!();
    const counts = [0, 0, 0];
    const n = 60_000;
    for (let i = 0; i < n; i++) counts[random.nextInt(3)]!++;
    // Modulo would give 0 a share of 1/2; uniform is 1/3 (σ ≈ 0.0019 here).
    expect(Math.abs(counts[0]! / n - 1 / 3)).toBeLessThan(0.01);
    expect(Math.abs(counts[2]! / n - 1 / 3)).toBeLessThan(0.01);
  });

  it('throws RngUnavailableError when the entropy source is unhealthy, and works again once healthy', () => {
    const e = fakeEntropy();
    const random = createDrbgRandomSource({ entropy: e.source });
    dealRound(new FreshShoe(8, random));
    e.fail('repetition count test failed');
    expect(() => new FreshShoe(8, random)).toThrow(RngUnavailableError);
    expect(() => random.nextInt(416)).toThrow(/RNG unavailable: repetition count test failed/);
    e.fail(null);
    expect(dealRound(new FreshShoe(8, random)).dealOrder.length).toBeGreaterThanOrEqual(4);
  });

  it('a fault in the middle of a round stops the deal (the cabinet then voids it)', () => {
    const e = fakeEntropy();
    const random = createDrbgRandomSource({ entropy: e.source });
    const shoe = new FreshShoe(8, random);
    shoe.draw();
    shoe.draw();
    e.fail('stalled: no bytes for 2000 ms');
    expect(() => shoe.draw()).toThrow(RngUnavailableError);
  });

  it('an entropy source that throws a plain error is reported as RngUnavailableError', () => {
    const random = createDrbgRandomSource({
      entropy: {
        description: 'broken',
        unavailableReason: () => null,
        getEntropy: () => {
          throw new Error('pool empty');
        },
      },
    });
    expect(() => random.beforeShuffle!()).toThrow(RngUnavailableError);
  });

  it('draws are exactly uniform over a small bound (chi-square sanity, 13 ranks)', () => {
    const random = createDrbgRandomSource({ entropy: createOsEntropySource() });
    const counts = new Array<number>(13).fill(0);
    const n = 130_000;
    for (let i = 0; i < n; i++) {
      if (i % 6 === 0) random.beforeShuffle!();
      counts[random.nextInt(13)]!++;
    }
    // χ²(12) at p ≈ 10^-6 (Wilson–Hilferty): OS entropy is not seeded, so a looser cut keeps CI from flaking.
    expect(chiSquare(counts)).toBeLessThan(51.8);
  });

  it('close() zeroizes the DRBG and the next use instantiates a fresh one', () => {
    const e = fakeEntropy();
    const random = createDrbgRandomSource({ entropy: e.source });
    random.beforeShuffle!();
    const before = e.requests;
    random.close();
    random.beforeShuffle!();
    expect(e.requests).toBeGreaterThan(before + 1); // instantiate + reseed
  });

  it('OS entropy source says so', () => {
    expect(createOsEntropySource().description).toBe('OS entropy only');
    expect(createOsEntropySource().getEntropy(256).length).toBe(32);
  });
});

describe('the certified path at speed (docs/rng.md#the-fast-hmac)', () => {
  it('deals a round from one 32-byte generate request in the common case, and reseeds before every request', () => {
    const random = createDrbgRandomSource({ entropy: createOsEntropySource() });
    for (let i = 0; i < 2000; i++) dealRound(new FreshShoe(8, random));
    // A round needs at most 6 cards × 2 bytes; 16 two-byte tries with ~81% acceptance run out for about one
    // six-card round in 47,000, and such a round makes a second request, reseeded like the first.
    expect(random.requests).toBeLessThanOrEqual(2001);
    expect(random.reseeds).toBe(random.requests);
  });

  it('production builds it on the fast HMAC; the reference path is there only when asked for', () => {
    expect(createDrbgRandomSource({ entropy: createOsEntropySource() }).hmacPath).toBe('fast');
    expect(createDrbgRandomSource({ entropy: createOsEntropySource(), hmac: 'reference' }).hmacPath).toBe('reference');
  });
});
