import { describe, expect, it } from 'vitest';
import { mostCommonValue } from './most-common-value.ts';
import { Z_99 } from './normal-bound.ts';

describe('Most Common Value estimate (SP 800-90B §6.3.1)', () => {
  it('the standard’s worked example: 20 samples, the value 1 eight times → p̂ = 0.4, p_u = 0.6895, H = 0.5363', () => {
    const samples = Uint8Array.from([0, 1, 1, 2, 0, 1, 2, 2, 0, 1, 0, 1, 1, 0, 2, 2, 1, 0, 2, 1]);
    const { minEntropy, details } = mostCommonValue({ samples, k: 3 });
    expect(details.mode).toBe(8);
    expect(details.pHat).toBe(0.4);
    expect(details.pU).toBeCloseTo(0.6895, 4);
    expect(Math.abs(minEntropy - 0.5363)).toBeLessThan(1e-4); // 0.53638…, printed as 0.5363
  });

  it('p_u = p̂ + Z·√(p̂(1 − p̂)/(L − 1)), capped at 1, so a constant sequence has no entropy', () => {
    const samples = new Uint8Array(1000).fill(7);
    expect(mostCommonValue({ samples, k: 1 }).minEntropy).toBeCloseTo(0, 15);
    const half = Uint8Array.from({ length: 1000 }, (_, i) => i % 2);
    const expected = -Math.log2(0.5 + Z_99 * Math.sqrt(0.25 / 999));
    expect(mostCommonValue({ samples: half, k: 2 }).minEntropy).toBeCloseTo(expected, 12);
  });
});
