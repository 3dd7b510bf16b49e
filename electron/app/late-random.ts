/**
 * The cabinet's one random source for its whole life (docs/rng.md): the cabinet is opened before the RNG service
 * starts (recovery first), so its source reaches the current service's DRBG once `bind` names it. A deal before that
 * is refused as RngUnavailableError, which voids and refunds the round like any other RNG loss.
 */
import { RngUnavailableError } from '../core/random/drbg-random-source.ts';
import type { RandomSource } from '../core/random/random-source.ts';

export interface LateRandom {
  readonly source: RandomSource;
  /** The service whose `random` the source now reads. */
  bind(service: { readonly random: RandomSource }): void;
}

export function lateRandom(): LateRandom {
  let service: { readonly random: RandomSource } | null = null;
  const current = (): RandomSource => {
    if (!service) throw new RngUnavailableError('RNG unavailable: the RNG has not started yet');
    return service.random;
  };
  return {
    source: {
      nextInt: (bound) => current().nextInt(bound),
      beforeShuffle: () => current().beforeShuffle?.(),
    },
    bind: (next) => {
      service = next;
    },
  };
}
