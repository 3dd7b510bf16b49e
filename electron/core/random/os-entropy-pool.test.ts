import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OsEntropyPool } from './os-entropy-pool.ts';

describe('pooled OS entropy (docs/rng.md#pooled-os-entropy)', () => {
  it('hands out every byte once and zeroes it in the pool as it leaves', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 60 }), (sizes) => {
        const pool = new OsEntropyPool(128);
        const internals = pool as unknown as { pool: Uint8Array; next: number };
        for (const size of sizes) {
          const out = pool.take(size);
          expect(out.length).toBe(size);
          // Everything before `next` has been handed out (or dropped) and must read as zero.
          expect(internals.pool.subarray(0, internals.next).every((b) => b === 0)).toBe(true);
          // The caller owns its bytes: they are a copy, not a view of the pool.
          expect(out.buffer).not.toBe(internals.pool.buffer);
        }
      }),
    );
  });

  it("takeInto fills the caller's buffer with the bytes take would have handed out, mixed freely with take", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 1, max: 40 })), { maxLength: 60 }), (steps) => {
        const pool = new OsEntropyPool(128);
        const internals = pool as unknown as { pool: Uint8Array; next: number };
        const buffer = new Uint8Array(40);
        for (const [into, size] of steps) {
          const expected =
            internals.next + size <= 128 ? internals.pool.slice(internals.next, internals.next + size) : null;
          const out = into ? buffer.subarray(0, size) : pool.take(size);
          if (into) pool.takeInto(out);
          if (expected !== null) expect(Array.from(out)).toEqual(Array.from(expected));
          expect(internals.pool.subarray(0, internals.next).every((b) => b === 0)).toBe(true);
        }
      }),
    );
  });

  it('one system call serves many reseeds: 2048 reseeds of 32 bytes fill a 64 KiB pool once', () => {
    const pool = new OsEntropyPool();
    const seen = new Set<string>();
    for (let i = 0; i < 2048; i++) seen.add(Buffer.from(pool.take(32)).toString('hex'));
    expect(pool.refills).toBe(1);
    expect(seen.size).toBe(2048); // no slice handed out twice
    pool.take(32);
    expect(pool.refills).toBe(2);
  });

  it('drops a tail too short for the request instead of reusing it', () => {
    const pool = new OsEntropyPool(40);
    pool.take(32);
    pool.take(32);
    expect(pool.refills).toBe(2);
  });

  it('refuses bad sizes with what is allowed', () => {
    expect(() => new OsEntropyPool(16)).toThrow(/from 32 to 1048576/);
    expect(() => new OsEntropyPool().take(0)).toThrow(/1 to 65536 bytes/);
  });

  it('wipe zeroes what was not handed out', () => {
    const pool = new OsEntropyPool(64);
    pool.take(8);
    pool.wipe();
    expect((pool as unknown as { pool: Uint8Array }).pool.every((b) => b === 0)).toBe(true);
  });
});
