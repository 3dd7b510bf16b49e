/**
 * The certified RandomSource: HMAC_DRBG (SHA-256) fed by an entropy source: the hardware RNG, or
 * OS entropy only where it is approved (the venue config, demo mode, the command-line tools); a
 * real-money cabinet never falls back to it silently (docs/rng.md#approved-entropy-source).
 * docs/rng.md#the-drbg.
 *
 * - Instantiated lazily on first use from the entropy source, with an OS-entropy nonce and
 *   personalization (crypto.randomBytes), so a weak device alone cannot determine the state.
 * - Reseeded before every shuffle (beforeShuffle, called by FreshShoe before each round).
 * - Prediction resistance by default: every DRBG generate request reseeds from the entropy
 *   source first (SP 800-90A §9.3.1), with fresh OS entropy as additional input.
 * - Integers by rejection sampling on masked bits: exactly uniform, never modulo.
 * - When the entropy source is unhealthy, every call throws RngUnavailableError; the cabinet
 *   voids and refunds the round in progress and stops play until the device is healthy.
 */
import { randomBytes } from 'node:crypto';
import { BlockSampler, checkBound } from './block-sampler.ts';
import { HmacDrbg, SECURITY_STRENGTH_BITS, type GenerateOptions } from './hmac-drbg.ts';
import type { HmacPath } from './hmac-sha256.ts';
import { OsEntropyPool } from './os-entropy-pool.ts';
import type { RandomSource } from './random-source.ts';

/** The RNG cannot deliver certified randomness now (device fault, stall, unplug, no entropy). */
export class RngUnavailableError extends Error {
  override readonly name = 'RngUnavailableError';
}

/** Throws RngUnavailableError, after `discard`, when the source says it cannot deliver now. */
export function requireHealthySource(entropy: EntropySource, discard: () => void): void {
  const reason = entropy.unavailableReason();
  if (reason !== null) {
    discard();
    throw new RngUnavailableError(`RNG unavailable: ${reason}`);
  }
}

/** What a failed entropy fetch throws: RngUnavailableError as it is, anything else in one. */
export function asUnavailable(error: unknown): RngUnavailableError {
  if (error instanceof RngUnavailableError) return error;
  return new RngUnavailableError(`RNG unavailable: ${(error as Error).message}`);
}

/** Fresh entropy on demand, synchronously (the game engine draws cards synchronously). */
export interface EntropySource {
  /** e.g. "OS entropy only", "hardware RNG on /dev/ttyACM0". */
  readonly description: string;
  /** Null when entropy can be delivered, else why not (plain words). */
  unavailableReason(): string | null;
  /** Bytes carrying at least `minEntropyBits` of min-entropy; throws RngUnavailableError. */
  getEntropy(minEntropyBits: number): Uint8Array;
  /**
   * Where the source is credited with full entropy (8 bits a byte): fills all of `out`, so a
   * reseed per round allocates nothing. Optional; getEntropy is used where it is absent.
   */
  fillFullEntropy?(out: Uint8Array): void;
}

/** OS entropy (getrandom via node:crypto, read through a pool), credited at full entropy. */
export function createOsEntropySource(): EntropySource {
  const pool = new OsEntropyPool();
  return {
    description: 'OS entropy only',
    unavailableReason: () => null,
    getEntropy: (minEntropyBits) => pool.take(Math.ceil(minEntropyBits / 8)),
    fillFullEntropy: (out) => pool.takeInto(out),
  };
}

export interface DrbgRandomSourceOptions {
  readonly entropy: EntropySource;
  /** Reseed before every generate request (default true: the cabinet's mode). */
  readonly predictionResistance?: boolean;
  /** DRBG output fetched per request and used for the cards of one round (default 32). */
  readonly blockBytes?: number;
  /** Mix fresh OS entropy into every (re)seed as additional input (default: when the source is not the OS). */
  readonly mixOsEntropy?: boolean;
  /** The DRBG's HMAC: 'fast' (default, the cabinet's) or 'reference' (node:crypto, for comparison). */
  readonly hmac?: HmacPath;
}

export interface DrbgRandomSource extends RandomSource {
  readonly predictionResistance: boolean;
  /** The DRBG's HMAC-SHA-256: 'fast' in the cabinet (docs/rng.md#the-fast-hmac). */
  readonly hmacPath: HmacPath;
  /** DRBG generate requests so far (each one reseeded when prediction resistance is on). */
  readonly requests: number;
  /** Reseeds so far (including the prediction-resistance ones). */
  readonly reseeds: number;
  /** Zeroizes the DRBG; the next use instantiates a new one. */
  close(): void;
}

/** Part of every instantiate's personalization string (with 32 fresh OS bytes). */
export const PERSONALIZATION_LABEL = new TextEncoder().encode('baccarat-kiosk certified RNG / HMAC_DRBG SHA-256 v1');
/**
 * One SHA-256 output: sixteen two-byte tries at about 81 % acceptance. They run out for about one
 * six-card round in 47,000, and more rarely for four and five cards (docs/rng.md#the-fast-hmac).
 * Such a round makes a second reseeded request, and uniformity stays exact.
 */
const DEFAULT_BLOCK_BYTES = 32;

export function createDrbgRandomSource(options: DrbgRandomSourceOptions): DrbgRandomSource {
  const entropy = options.entropy;
  const predictionResistance = options.predictionResistance ?? true;
  const blockBytes = options.blockBytes ?? DEFAULT_BLOCK_BYTES;
  if (!Number.isInteger(blockBytes) || blockBytes < 8 || blockBytes > 65536) {
    throw new RangeError(`blockBytes must be a whole number from 8 to 65536, got ${blockBytes}`);
  }
  const mixOs = options.mixOsEntropy ?? entropy.description !== 'OS entropy only';
  let drbg: HmacDrbg | null = null;
  // One round's bytes, reused, dealt by rejection sampling; a second request refills it.
  const sampler = new BlockSampler(new Uint8Array(blockBytes), refill);
  let requests = 0;
  let reseeds = 0;

  // Extra OS entropy mixed into every reseed as additional input, from the process's pool, into
  // one buffer reused (and zeroed after use) every round.
  const osPool = mixOs ? new OsEntropyPool() : null;
  const osExtraBytes = new Uint8Array(32);
  const osExtra = (): Uint8Array | undefined => {
    if (osPool === null) return undefined;
    osPool.takeInto(osExtraBytes);
    return osExtraBytes;
  };
  // The generate request, the same object every round (nothing allocated per round).
  const request: GenerateOptions = mixOs
    ? { predictionResistance, additionalInput: osExtraBytes }
    : { predictionResistance };
  // A full-entropy source fills this buffer per reseed; it is zeroed once the DRBG has absorbed it.
  const seedBytes = new Uint8Array(SECURITY_STRENGTH_BITS / 8);

  const requireHealthy = () => requireHealthySource(entropy, discardBlock);

  function fetchEntropy(bits: number): Uint8Array {
    try {
      let bytes: Uint8Array;
      if (entropy.fillFullEntropy !== undefined && bits === SECURITY_STRENGTH_BITS) {
        entropy.fillFullEntropy(seedBytes);
        bytes = seedBytes;
      } else {
        bytes = entropy.getEntropy(bits);
      }
      reseeds++;
      return bytes;
    } catch (error) {
      discardBlock();
      throw asUnavailable(error);
    }
  }

  function instance(): HmacDrbg {
    if (drbg === null) {
      const seed = fetchEntropy(SECURITY_STRENGTH_BITS);
      reseeds--; // the instantiate is not a reseed
      const personalization = new Uint8Array(PERSONALIZATION_LABEL.length + 32);
      personalization.set(PERSONALIZATION_LABEL);
      personalization.set(randomBytes(32), PERSONALIZATION_LABEL.length);
      drbg = new HmacDrbg({
        entropy: seed,
        nonce: new Uint8Array(randomBytes(16)),
        personalization,
        entropySource: fetchEntropy,
        hmac: options.hmac ?? 'fast',
      });
      seed.fill(0);
    }
    return drbg;
  }

  function discardBlock(): void {
    sampler.discard();
  }

  function refill(block: Uint8Array): void {
    const d = instance();
    osExtra();
    // One generate request fills the whole block: a round's cards normally need no second request.
    try {
      d.generateInto(block, request);
    } finally {
      osExtraBytes.fill(0);
      seedBytes.fill(0);
    }
    requests++;
  }

  return {
    get predictionResistance() {
      return predictionResistance;
    },
    hmacPath: options.hmac ?? 'fast',
    get requests() {
      return requests;
    },
    get reseeds() {
      return reseeds;
    },

    beforeShuffle(): void {
      requireHealthy();
      discardBlock();
      const d = instance();
      if (!predictionResistance) {
        const seed = fetchEntropy(SECURITY_STRENGTH_BITS);
        d.reseed(seed, osExtra());
        seed.fill(0);
      }
      // With prediction resistance the first generate of the round reseeds (SP 800-90A §9.3.1).
      sampler.nextRound();
    },

    nextInt(bound: number): number {
      checkBound(bound);
      requireHealthy();
      return sampler.nextInt(bound);
    },

    close(): void {
      discardBlock();
      drbg?.uninstantiate();
      drbg = null;
    },
  };
}
