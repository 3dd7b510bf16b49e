/**
 * The one way the game asks for randomness. The cabinet injects the certified
 * source (HMAC_DRBG fed by the hardware RNG); tools and tests inject others.
 */
export interface RandomSource {
  /**
   * A uniformly distributed integer in [0, bound). Implementations must be
   * exactly uniform (rejection sampling, never modulo: docs/rng.md#rejection-sampling-to-a-range).
   * Throws when the source is unhealthy; the caller voids the round.
   */
  nextInt(bound: number): number;
  /** Called once before each shoe is dealt, so a DRBG can reseed (prediction resistance). */
  beforeShuffle?(): void;
}
