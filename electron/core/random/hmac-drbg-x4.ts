/**
 * Four HMAC_DRBG (SHA-256) instances in lockstep, NIST SP 800-90A Rev. 1 §10.1.2, one per lane of the
 * four-lane HMAC (hmac-sha256x4.ts). docs/rng.md#lockstep-instances says why each lane is still a
 * conforming DRBG.
 *
 * - Every lane is instantiated from its own entropy input, nonce and personalization string, keeps its
 *   own K, V and reseed counter, and reseeds from its own entropy source. Lanes never share a byte of
 *   state: the SIMD lanes only run the same steps at the same time.
 * - `generateInto` is one Generate_function call (§9.3.1) on every lane, with the same request size
 *   (the lockstep); `generateLaneInto` is one call on one lane alone, the others left exactly as they
 *   were (their state is saved and put back, and their inputs are zeros that are thrown away).
 * - The algorithm is the one of hmac-drbg.ts step by step, so each lane's output is byte-identical to
 *   an HmacDrbg given the same inputs (hmac-drbg-x4.test.ts checks this against the reference path).
 * - Seed material and additional input are at most MAX_PROVIDED_BYTES a lane (8 KB), this
 *   implementation's maximum lengths, which SP 800-90A lets it choose.
 * - If one lane reaches the reseed interval during a lockstep call, every lane of the call reseeds:
 *   SP 800-90A allows a reseed at any time (§9.2), so a sibling's early reseed keeps it conforming.
 */
import {
  DrbgError,
  MAX_BITS_PER_REQUEST,
  MAX_BYTES_PER_REQUEST,
  MIN_ENTROPY_BYTES,
  MIN_NONCE_BYTES,
  RESEED_INTERVAL,
  SECURITY_STRENGTH_BITS,
  checkInput,
  concat,
  type EntropyFunction,
  type GenerateOptions,
} from './hmac-drbg.ts';
import { HmacSha256x4, LANES, MAX_LANE_MESSAGE_BYTES } from './hmac-sha256x4.ts';

const OUT_LEN = 32;
const EMPTY = new Uint8Array(0);
const ZERO_BYTE = new Uint8Array([0x00]);
const ONE_BYTE = new Uint8Array([0x01]);
const LANE_INDEXES = [0, 1, 2, 3] as const;
/**
 * The most seed material (entropy ‖ nonce ‖ personalization, or entropy ‖ additional input) or additional
 * input a lane takes: V ‖ separator ‖ it must fit one lane's message. SP 800-90A lets an implementation set
 * its maximum lengths below 2^35 bits (§10.1, Table 2); the lockstep callers use 32 to about 130 bytes.
 */
export const MAX_PROVIDED_BYTES = MAX_LANE_MESSAGE_BYTES - OUT_LEN - 1;

export interface LaneInit {
  readonly entropy: Uint8Array;
  readonly nonce: Uint8Array;
  readonly personalization?: Uint8Array;
  /**
   * This lane's own source for prediction resistance and for reseeding at the interval: the same length
   * as the other lanes' each call, in a buffer no other lane's source hands out (the lanes' entropy is
   * all taken before any of it is absorbed).
   */
  readonly entropySource?: EntropyFunction;
}

export interface LockstepGenerateOptions {
  /** One per lane, all of one length. */
  readonly additionalInputs?: readonly Uint8Array[];
  readonly predictionResistance?: boolean;
}

export class HmacDrbgX4 {
  private readonly mac = new HmacSha256x4();
  /** Each lane's V: the four-lane HMAC's digests, so `V = HMAC(K, V)` copies nothing. */
  private readonly values = this.mac.digests;
  private readonly counters = [0, 0, 0, 0];
  private readonly sources: readonly (EntropyFunction | undefined)[];
  private readonly interval: number;
  private live = true;
  /** Which lanes the call in progress acts on (all but one only inside generateLaneInto). */
  private readonly active = [true, true, true, true];
  private readonly savedKeys = new Int32Array(16 * LANES);
  private readonly savedValues = Array.from({ length: LANES }, () => new Uint8Array(OUT_LEN));

  /** Instantiate_function (§9.1) with HMAC_DRBG_Instantiate_algorithm (§10.1.2.3), once per lane. */
  constructor(lanes: readonly LaneInit[], options: { reseedInterval?: number } = {}) {
    if (lanes.length !== LANES) throw new DrbgError(`lockstep instances come in fours, got ${lanes.length}`);
    for (const lane of lanes) {
      checkInput('entropy input', lane.entropy, MIN_ENTROPY_BYTES);
      checkInput('nonce', lane.nonce, MIN_NONCE_BYTES);
      checkInput('personalization string', lane.personalization ?? EMPTY, 0);
    }
    const interval = options.reseedInterval ?? RESEED_INTERVAL;
    if (!Number.isSafeInteger(interval) || interval < 1 || interval > RESEED_INTERVAL) {
      throw new DrbgError(`reseed interval must be a whole number from 1 to 2^48, got ${interval}`);
    }
    this.interval = interval;
    this.sources = lanes.map((lane) => lane.entropySource);
    this.mac.setKeys(this.values); // K = 0x00…00 (the values are still zero here)
    for (const value of this.values) value.fill(0x01);
    const seeds = lanes.map((lane) => concat([lane.entropy, lane.nonce, lane.personalization ?? EMPTY]));
    this.sameLength('seed material', seeds);
    this.update(seeds);
    for (const seed of seeds) seed.fill(0);
    this.counters.fill(1);
  }

  get instantiated(): boolean {
    return this.live;
  }

  /** Each lane's reseed_counter. */
  get reseedCounters(): readonly number[] {
    return [...this.counters];
  }

  /** Reseed_function (§9.2) on every lane, each with its own entropy input (and additional input). */
  reseed(entropies: readonly Uint8Array[], additionalInputs?: readonly Uint8Array[]): void {
    this.requireInstantiated();
    for (const entropy of entropies) checkInput('entropy input', entropy, MIN_ENTROPY_BYTES);
    for (const input of additionalInputs ?? []) checkInput('additional input', input, 0);
    this.reseedActive(entropies, additionalInputs ?? null);
  }

  /** Generate_function (§9.3.1) on every lane at once: outs[L] (all of one length) from lane L. */
  generateInto(outs: readonly Uint8Array[], options: LockstepGenerateOptions = {}): void {
    this.requireInstantiated();
    this.generateActive(outs, options.additionalInputs ?? null, options.predictionResistance === true);
  }

  /** Generate_function on lane `lane` alone; the other lanes' state is left exactly as it was. */
  generateLaneInto(lane: number, out: Uint8Array, options: GenerateOptions = {}): void {
    this.requireInstantiated();
    if (!Number.isInteger(lane) || lane < 0 || lane >= LANES) throw new DrbgError(`no lane ${lane}`);
    const others = LANE_INDEXES.filter((l) => l !== lane);
    this.mac.saveKeys(this.savedKeys);
    for (const l of others) this.savedValues[l]!.set(this.values[l]!);
    this.active.fill(false);
    this.active[lane] = true;
    try {
      const scratch = (l: number) => (l === lane ? out : new Uint8Array(out.length));
      const additional = options.additionalInput;
      const inputs =
        additional === undefined
          ? null
          : LANE_INDEXES.map((l) => (l === lane ? additional : new Uint8Array(additional.length)));
      this.generateActive(LANE_INDEXES.map(scratch), inputs, options.predictionResistance === true);
    } finally {
      this.active.fill(true);
      for (const l of others) {
        this.mac.restoreLaneKeys(this.savedKeys, l);
        this.values[l]!.set(this.savedValues[l]!);
        this.savedValues[l]!.fill(0);
      }
      this.savedKeys.fill(0);
    }
  }

  /** Uninstantiate_function (§9.4) on every lane: zeroize K and V. */
  uninstantiate(): void {
    for (const value of this.values) value.fill(0);
    this.mac.wipe();
    this.counters.fill(0);
    this.live = false;
  }

  private generateActive(outs: readonly Uint8Array[], inputs: readonly Uint8Array[] | null, pr: boolean): void {
    const bytes = outs[0]?.length ?? -1;
    if (outs.length !== LANES || bytes > MAX_BYTES_PER_REQUEST) {
      throw new DrbgError(`a request is four outputs of 0 to ${MAX_BITS_PER_REQUEST} bits (2^19)`);
    }
    this.sameLength('output', outs);
    let additional = inputs;
    if (additional !== null) {
      for (const input of additional) checkInput('additional input', input, 0);
      this.sameLength('additional input', additional);
    }
    const reseedDue = LANE_INDEXES.some((l) => this.active[l] && this.counters[l]! > this.interval);
    if (pr || reseedDue) {
      // §9.3.1 steps 7–7.4, per lane: reseed from its own source with the additional input, then generate without it.
      this.reseedActive(this.activeEntropy(pr), additional);
      additional = null;
    }
    const provided = additional ?? [EMPTY, EMPTY, EMPTY, EMPTY];
    if (provided[0]!.length > 0) this.update(provided);
    const values = this.values;
    for (let filled = 0; filled < bytes; filled += OUT_LEN) {
      this.mac.macInto(values, values);
      const take = Math.min(OUT_LEN, bytes - filled);
      for (let l = 0; l < LANES; l++) {
        const out = outs[l]!;
        const value = values[l]!;
        if (take === OUT_LEN) out.set(value, filled);
        else for (let i = 0; i < take; i++) out[filled + i] = value[i]!;
      }
    }
    this.update(provided);
    for (let l = 0; l < LANES; l++) if (this.active[l]) this.counters[l]!++;
  }

  /** Each active lane's fresh entropy from its own source; zeros (thrown away) for a lane not in this call. */
  private activeEntropy(predictionResistance: boolean): Uint8Array[] {
    const entropies: (Uint8Array | null)[] = LANE_INDEXES.map((l) => {
      if (!this.active[l]) return null;
      const source = this.sources[l];
      if (source === undefined) {
        throw new DrbgError(
          predictionResistance
            ? 'prediction resistance needs an entropy source'
            : 'reseed required (reseed interval reached) and no entropy source',
        );
      }
      const entropy = source(SECURITY_STRENGTH_BITS);
      checkInput('entropy input', entropy, MIN_ENTROPY_BYTES);
      return entropy;
    });
    const length = entropies.find((e) => e !== null)!.length;
    return entropies.map((e) => e ?? new Uint8Array(length));
  }

  private reseedActive(entropies: readonly Uint8Array[], additional: readonly Uint8Array[] | null): void {
    this.sameLength('entropy input', entropies);
    if (additional === null || additional[0]!.length === 0) {
      this.update(entropies);
    } else {
      this.sameLength('additional input', additional);
      const seeds = LANE_INDEXES.map((l) => concat([entropies[l]!, additional[l]!]));
      this.update(seeds);
      for (const seed of seeds) seed.fill(0);
    }
    for (let l = 0; l < LANES; l++) if (this.active[l]) this.counters[l] = 1;
  }

  /** HMAC_DRBG_Update (§10.1.2.2) on every lane, provided[L] for lane L. */
  private update(provided: readonly Uint8Array[]): void {
    if (provided[0]!.length > MAX_PROVIDED_BYTES) {
      throw new DrbgError(`seed material and additional input are at most ${MAX_PROVIDED_BYTES} bytes a lane here`);
    }
    this.mac.rekey(this.values, ZERO_BYTE, provided);
    this.mac.macInto(this.values, this.values);
    if (provided[0]!.length === 0) return;
    this.mac.rekey(this.values, ONE_BYTE, provided);
    this.mac.macInto(this.values, this.values);
  }

  private sameLength(what: string, parts: readonly Uint8Array[]): void {
    if (parts.length !== LANES || parts.some((part) => part.length !== parts[0]!.length)) {
      throw new DrbgError(`the four lanes' ${what} must be four byte strings of one length`);
    }
  }

  private requireInstantiated(): void {
    if (!this.live) throw new DrbgError('the DRBG is not instantiated (it was uninstantiated)');
  }
}
