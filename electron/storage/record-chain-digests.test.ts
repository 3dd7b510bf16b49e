import { createHmac, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChainDigests, rowDigest, type ChainValue } from './record-chain-digests.ts';
import { CHAIN_NAMES } from './record-chain.ts';

const key = randomBytes(32);
const value: fc.Arbitrary<ChainValue> = fc.oneof(fc.string(), fc.integer(), fc.constant(null));
const row = fc.record({
  chain: fc.constantFrom(...CHAIN_NAMES),
  prev: fc.oneof(
    fc.constant('genesis'),
    fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 }),
  ),
  values: fc.array(value, { maxLength: 6 }),
});

describe('remembered record-chain digests', () => {
  it('are always the HMAC of exactly the bytes asked about, however often and in whatever order they are asked', () => {
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 8 }), (rows, capacity) => {
        const digests = new ChainDigests(key, capacity);
        for (const r of [...rows, ...rows.toReversed(), ...rows]) {
          expect(digests.row(r.chain, r.prev, r.values)).toBe(rowDigest(key, r.chain, r.prev, r.values));
        }
      }),
    );
  });

  it('a changed value or link is digested afresh, never answered from what was remembered', () => {
    fc.assert(
      fc.property(row, value, fc.nat(), (r, other, at) => {
        const digests = new ChainDigests(key);
        const remembered = digests.row(r.chain, r.prev, r.values);
        const changed = r.values.length === 0 ? [other] : r.values.with(at % r.values.length, other);
        fc.pre(JSON.stringify(changed) !== JSON.stringify(r.values));
        expect(digests.row(r.chain, r.prev, changed)).not.toBe(remembered);
        expect(digests.row(r.chain, `${r.prev}0`, r.values)).not.toBe(remembered);
      }),
    );
  });

  it('a remembered mac is always the HMAC of exactly the parts asked about, in whatever order they are asked', () => {
    const parts = fc.array(fc.string({ maxLength: 8 }), { maxLength: 6 });
    fc.assert(
      fc.property(fc.array(parts, { minLength: 1, maxLength: 30 }), (messages) => {
        const digests = new ChainDigests(key);
        for (const m of [...messages, ...messages.toReversed(), ...messages]) {
          expect(digests.mac(m)).toBe(createHmac('sha256', key).update(m.join('\n')).digest('hex'));
        }
      }),
    );
  });

  it('remember no more than their capacity', () => {
    const digests = new ChainDigests(key, 3);
    for (let i = 0; i < 10; i++) digests.row('ledger', 'genesis', [i]);
    expect(digests.size).toBe(3);
  });
});
