/**
 * SP 800-90B §6.3.2, the Collision estimate, defined for binary samples only (the standard runs it on
 * the bitstring of non-binary samples). Steps through the bits to the first repeated value (after 2
 * or 3 bits), takes the mean collision time X̄ and its lower 99% bound X̄', and solves
 * E_p[collision time] = X̄' for the most likely bit's probability p ∈ [1/2, 1].
 */
import type { Estimate } from './estimate.ts';
import { Z_99 } from './normal-bound.ts';

/**
 * The expected collision time of the standard's step 7 for a binary source with P(most likely) = p,
 * q = 1 − p: p q⁻² (1 + ½(p⁻¹ − q⁻¹)) F(q) − p q⁻¹ ½ (p⁻¹ − q⁻¹), with F(1/z) = Γ(3, z) z⁻³ eᶻ.
 * Γ(3, z) = 2e⁻ᶻ(1 + z + z²/2), so F(q) = q(2q² + 2q + 1). Written out, the expression is 2 + 2pq —
 * two bits collide at once with probability p² + q², else on the third bit — which is what
 * `collision` solves in closed form; the test checks that the two agree.
 */
export function collisionExpectation(p: number): number {
  const q = 1 - p;
  const f = q * (2 * q * q + 2 * q + 1);
  const half = 0.5 * (1 / p - 1 / q);
  return (p / (q * q)) * (1 + half) * f - (p / q) * half;
}

/** `bits` holds 0s and 1s. */
export function collision(bits: Uint8Array): Estimate {
  const length = bits.length;
  let i = 0;
  let v = 0;
  let sumSquares = 0;
  // Step 2–5: from position i, a collision takes 2 samples (bits equal) or 3 (they differ; the third
  // bit repeats one of them). The last incomplete collision is dropped.
  while (i < length - 1) {
    let t: number;
    if (bits[i] === bits[i + 1]) t = 2;
    else if (i < length - 2) t = 3;
    else break;
    v++;
    sumSquares += t * t;
    i += t;
  }
  const xBar = i / v;
  const sigmaHat = Math.sqrt((sumSquares - i * xBar) / (v - 1));
  const xBarPrime = xBar - (Z_99 * sigmaHat) / Math.sqrt(v);
  // 2 + 2p(1 − p) = X̄' has its root in [1/2, 1] only for 2 ≤ X̄' ≤ 2.5; below 2 the bound is p = 1,
  // above 2.5 no p fits and the standard credits the full 1 bit (p = 1/2).
  const x = Math.max(2, xBarPrime);
  const p = x < 2.5 ? 0.5 + Math.sqrt(1.25 - 0.5 * x) : 0.5;
  return {
    name: 'collision',
    section: '6.3.2',
    minEntropy: x < 2.5 ? -Math.log2(p) : 1,
    details: { v, sumT: i, xBar, sigmaHat, xBarPrime, p },
  };
}
