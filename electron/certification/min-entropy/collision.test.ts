import { describe, expect, it } from 'vitest';
import { collision, collisionExpectation } from './collision.ts';
import { Z_99 } from './normal-bound.ts';

describe('Collision estimate (SP 800-90B §6.3.2, binary samples)', () => {
  it('the standard’s expected collision time, with F(q) from Γ(3, z), equals 2 + 2pq for a binary source', () => {
    for (const p of [0.5, 0.51, 0.6, 0.75, 0.9, 0.99]) {
      expect(collisionExpectation(p)).toBeCloseTo(2 + 2 * p * (1 - p), 12);
    }
  });

  it('a hand-checked sequence: collisions after 2 or 3 bits, X̄ and σ̂ as the standard defines them', () => {
    // 00 | 11 | 010 | 011 | 00 | 101 | 1 → t = 2, 2, 3, 3, 2, 3 (the lone last bit is dropped)
    const bits = Uint8Array.from([0, 0, 1, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 1, 1]);
    const { details, minEntropy } = collision(bits);
    expect(details.v).toBe(6);
    expect(details.sumT).toBe(15);
    expect(details.xBar).toBe(2.5);
    const sigma = Math.sqrt((3 * 0.25 + 3 * 0.25) / 5);
    expect(details.sigmaHat).toBeCloseTo(sigma, 12);
    const xBarPrime = 2.5 - (Z_99 * sigma) / Math.sqrt(6);
    expect(details.xBarPrime).toBeCloseTo(xBarPrime, 12);
    // X̄' < 2 here, so the bound is p = 1: no entropy credited from 6 collisions.
    expect(xBarPrime).toBeLessThan(2);
    expect(minEntropy).toBe(-0);
  });

  it('solves 2 + 2p(1 − p) = X̄′: NIST’s reference output for one million random bytes (X̄′ = 2.49957…) gives p = 0.514625…', () => {
    const xBarPrime = 2.4995722134095013;
    const p = 0.5 + Math.sqrt(1.25 - 0.5 * xBarPrime);
    expect(p).toBeCloseTo(0.51462509129032696, 12);
    expect(collisionExpectation(p)).toBeCloseTo(xBarPrime, 12);
  });

  it('alternating bits always collide on the third bit: X̄ = 3 ≥ 2.5, the full 1 bit', () => {
    const bits = Uint8Array.from({ length: 3000 }, (_, i) => i % 2);
    expect(collision(bits).minEntropy).toBe(1);
  });
});
