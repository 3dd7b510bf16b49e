/**
 * The certified random source at lab scale: four HMAC_DRBG instances in lockstep (hmac-drbg-x4.ts),
 * each dealing every fourth round, for rng-report and the RNG bench (docs/rng.md#lockstep-instances).
 *
 * - Each lane is its own DRBG: instantiated from its own entropy input, OS nonce and personalization,
 *   reseeded from the entropy source before each of its requests (prediction resistance), as the
 *   single source (drbg-random-source.ts) does.
 * - One lockstep request fills four 32-byte blocks, one per lane; rounds are dealt from lane 0, 1, 2,
 *   3 in that fixed order, then the next request. A round whose block runs out makes a second request
 *   on its own lane alone, reseeded first like every other.
 * - Full-entropy sources only (OS entropy, as rng-report's workers use): one hardware RNG feeds one
 *   DRBG, and the cabinet's mixing of OS entropy into a device's reseeds stays on the single source.
 * - Integers by rejection sampling (block-sampler.ts), exactly as the single source.
 * - The cabinet itself keeps the single source: its cards are generated when the round starts, while
 *   here the fourth round's block waits three rounds (docs/rng.md#lockstep-instances).
 */
import { randomBytes } from 'node:crypto';
import { BlockSampler, checkBound } from './block-sampler.ts';
import {
  PERSONALIZATION_LABEL,
  asUnavailable,
  requireHealthySource,
  type DrbgRandomSource,
  type EntropySource,
} from './drbg-random-source.ts';
import { SECURITY_STRENGTH_BITS } from './hmac-drbg.ts';
import { HmacDrbgX4 } from './hmac-drbg-x4.ts';
import { LANES } from './hmac-sha256x4.ts';

const BLOCK_BYTES = 32;

export interface LockstepRandomSourceOptions {
  readonly entropy: EntropySource;
  /** Reseed before every generate request (default true). Off: each lane reseeds before its rounds' request. */
  readonly predictionResistance?: boolean;
  /** The nonce and personalization bytes at instantiate (default node:crypto randomBytes; tests inject). */
  readonly osRandom?: (bytes: number) => Uint8Array;
}

export interface LockstepDrbgRandomSource extends DrbgRandomSource {
  /** DRBG instances in lockstep (4). */
  readonly lanes: number;
}

export function createLockstepDrbgRandomSource(options: LockstepRandomSourceOptions): LockstepDrbgRandomSource {
  const entropy = options.entropy;
  const fill = entropy.fillFullEntropy?.bind(entropy);
  if (fill === undefined) {
    throw new TypeError(`the lockstep source needs a full-entropy source (OS entropy), not ${entropy.description}`);
  }
  const fillFullEntropy = fill;
  const predictionResistance = options.predictionResistance ?? true;
  const osRandom = options.osRandom ?? ((bytes: number) => new Uint8Array(randomBytes(bytes)));
  const lanes = [0, 1, 2, 3];
  const blocks = lanes.map(() => new Uint8Array(BLOCK_BYTES));
  // Each lane's entropy lands in its own buffer, zeroed once the lockstep request has absorbed it.
  const seedBytes = lanes.map(() => new Uint8Array(SECURITY_STRENGTH_BITS / 8));
  let drbg: HmacDrbgX4 | null = null;
  /** The lane whose block the round in progress deals from; LANES when a new lockstep request is due. */
  let lane = LANES;
  let requests = 0;
  let reseeds = 0;

  const sampler = new BlockSampler(blocks[0]!, (block) => {
    // The rare second request of a round: this lane alone, reseeded first.
    const d = instance();
    try {
      d.generateLaneInto(lane, block, { predictionResistance });
    } finally {
      wipeInputs();
    }
    requests++;
  });

  const requireHealthy = () => requireHealthySource(entropy, discardAll);

  function entropyFor(l: number): Uint8Array {
    try {
      fillFullEntropy(seedBytes[l]!);
      reseeds++;
      return seedBytes[l]!;
    } catch (error) {
      discardAll();
      throw asUnavailable(error);
    }
  }

  function wipeInputs(): void {
    for (const bytes of seedBytes) bytes.fill(0);
  }

  function instance(): HmacDrbgX4 {
    if (drbg === null) {
      const inits = lanes.map((l) => {
        const seed = entropyFor(l).slice();
        reseeds--; // the instantiate is not a reseed
        const personalization = new Uint8Array(PERSONALIZATION_LABEL.length + 32);
        personalization.set(PERSONALIZATION_LABEL);
        personalization.set(osRandom(32), PERSONALIZATION_LABEL.length);
        return { entropy: seed, nonce: osRandom(16), personalization, entropySource: () => entropyFor(l) };
      });
      try {
        drbg = new HmacDrbgX4(inits);
      } finally {
        for (const init of inits) init.entropy.fill(0);
        wipeInputs();
      }
    }
    return drbg;
  }

  /** One lockstep request: a fresh block for each lane, each reseeded first. */
  function fillAllLanes(): void {
    const d = instance();
    try {
      if (!predictionResistance) d.reseed(lanes.map(entropyFor));
      d.generateInto(blocks, { predictionResistance });
    } finally {
      wipeInputs();
    }
    requests += LANES;
  }

  function discardAll(): void {
    sampler.discard();
    for (const block of blocks) block.fill(0);
    lane = LANES;
  }

  return {
    lanes: LANES,
    predictionResistance,
    hmacPath: 'fast',

    beforeShuffle(): void {
      requireHealthy();
      sampler.discard();
      lane++;
      if (lane >= LANES) {
        fillAllLanes();
        lane = 0;
      }
      sampler.use(blocks[lane]!);
    },

    nextInt(bound: number): number {
      checkBound(bound);
      requireHealthy();
      if (lane >= LANES) throw new RangeError('the lockstep source deals rounds: call beforeShuffle first');
      return sampler.nextInt(bound);
    },

    close(): void {
      discardAll();
      drbg?.uninstantiate();
      drbg = null;
    },

    get reseeds() {
      return reseeds;
    },
    get requests() {
      return requests;
    },
  };
}
