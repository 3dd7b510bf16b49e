/**
 * HMAC_DRBG with SHA-256, NIST SP 800-90A Rev. 1 §10.1.2, on the HMAC of hmac-sha256.ts.
 *
 * Why our own: the npm `hmac-drbg` package has no prediction resistance and no
 * reseed-counter limit, and a gaming lab checks both (docs/rng.md#known-answer-tests).
 *
 * - Security strength is 256 bits (SP 800-90A Table 2, HMAC_DRBG SHA-256).
 * - Instantiate: entropy ≥ 256 bits, nonce ≥ 128 bits, optional personalization (§10.1.2.3).
 * - Reseed: entropy ≥ 256 bits plus optional additional input (§10.1.2.4).
 * - Generate: at most 2^19 bits per request, at most 2^48 requests between reseeds (Table 2),
 *   optional additional input (§10.1.2.5). With prediction resistance the DRBG reseeds from
 *   its entropy source before the request (§9.3.1 step 7), as the cabinet does by default.
 * - Uninstantiate zeroizes K and V (§9.4); any later call throws.
 *
 * HMAC-SHA-256 comes from hmac-sha256.ts: by default the fast path (key pads kept as SHA-256
 * midstates, two compressions per short HMAC), or node:crypto's createHmac as the reference path.
 * Prediction resistance costs about a dozen HMACs per round, so this is where the time goes
 * (docs/rng.md#the-fast-hmac). Both paths pass the same known answers and agree byte for byte.
 *
 * Checked against the NIST CAVP HMAC_DRBG known-answer vectors (hmac-drbg.test.ts, drbg-kat CLI).
 */
import { createHmacSha256, type HmacPath, type HmacSha256 } from './hmac-sha256.ts';

export const SECURITY_STRENGTH_BITS = 256;
const OUT_LEN = 32; // SHA-256 output, bytes
/** SP 800-90A Table 2: max_number_of_bits_per_request = 2^19. */
export const MAX_BITS_PER_REQUEST = 2 ** 19;
export const MAX_BYTES_PER_REQUEST = MAX_BITS_PER_REQUEST / 8;
/** SP 800-90A Table 2: reseed_interval ≤ 2^48 requests. */
export const RESEED_INTERVAL = 2 ** 48;
/** SP 800-90A Table 2: entropy input, personalization and additional input ≤ 2^35 bits. */
const MAX_INPUT_BYTES = 2 ** 32;
export const MIN_ENTROPY_BYTES = SECURITY_STRENGTH_BITS / 8;
export const MIN_NONCE_BYTES = SECURITY_STRENGTH_BITS / 16;

/** A DRBG call that SP 800-90A says must fail (bad lengths, uninstantiated, no entropy for PR). */
export class DrbgError extends Error {
  override readonly name = 'DrbgError';
}

/**
 * Where prediction-resistance and reseed entropy comes from: returns fresh, full-entropy bytes
 * carrying at least `minEntropyBits` of entropy, or throws (the DRBG then produces nothing).
 * The DRBG absorbs the bytes before it returns and keeps no reference, so a source may hand out
 * the same buffer, refilled, every time.
 */
export type EntropyFunction = (minEntropyBits: number) => Uint8Array;

export interface HmacDrbgInit {
  readonly entropy: Uint8Array;
  readonly nonce: Uint8Array;
  readonly personalization?: Uint8Array;
  /** Needed for prediction resistance and for reseeding on reaching the reseed interval. */
  readonly entropySource?: EntropyFunction;
  /** Lower the reseed interval (e.g. for tests); never above 2^48. */
  readonly reseedInterval?: number;
  /** The HMAC-SHA-256 underneath: 'fast' (default, the cabinet's) or 'reference' (node:crypto). */
  readonly hmac?: HmacPath;
}

export interface GenerateOptions {
  readonly additionalInput?: Uint8Array;
  /** Reseed from the entropy source before generating (SP 800-90A §9.3.1). */
  readonly predictionResistance?: boolean;
}

const EMPTY = new Uint8Array(0);

export function checkInput(what: string, bytes: Uint8Array, min: number): void {
  if (!(bytes instanceof Uint8Array)) throw new DrbgError(`${what} must be bytes`);
  if (bytes.length < min) {
    throw new DrbgError(`${what} must be at least ${min * 8} bits, got ${bytes.length * 8}`);
  }
  if (bytes.length > MAX_INPUT_BYTES) throw new DrbgError(`${what} is longer than 2^35 bits`);
}

export class HmacDrbg {
  /** K and V (§10.1.2.1), fixed buffers overwritten in place and zeroized on uninstantiate. */
  private readonly key = new Uint8Array(OUT_LEN);
  private readonly value = new Uint8Array(OUT_LEN);
  private readonly mac: HmacSha256;
  private live = true;
  private counter = 0;
  private readonly entropySource: EntropyFunction | undefined;
  private readonly interval: number;

  /** Instantiate_function (§9.1) with HMAC_DRBG_Instantiate_algorithm (§10.1.2.3). */
  constructor(init: HmacDrbgInit) {
    checkInput('entropy input', init.entropy, MIN_ENTROPY_BYTES);
    checkInput('nonce', init.nonce, MIN_NONCE_BYTES);
    const personalization = init.personalization ?? EMPTY;
    checkInput('personalization string', personalization, 0);
    const interval = init.reseedInterval ?? RESEED_INTERVAL;
    if (!Number.isSafeInteger(interval) || interval < 1 || interval > RESEED_INTERVAL) {
      throw new DrbgError(`reseed interval must be a whole number from 1 to 2^48, got ${interval}`);
    }
    this.interval = interval;
    this.entropySource = init.entropySource;
    this.mac = createHmacSha256(init.hmac ?? 'fast');
    this.key.fill(0x00);
    this.mac.setKey(this.key);
    this.value.fill(0x01);
    const seedMaterial = concat([init.entropy, init.nonce, personalization]);
    this.update(seedMaterial);
    seedMaterial.fill(0);
    this.counter = 1;
  }

  get instantiated(): boolean {
    return this.live;
  }

  /** Which HMAC-SHA-256 computes this DRBG: the fast midstate one, or node:crypto's (reference). */
  get hmacPath(): HmacPath {
    return this.mac.path;
  }

  /** Generate requests since the last (re)seed, plus one (SP 800-90A reseed_counter). */
  get reseedCounter(): number {
    return this.counter;
  }

  /** Reseed_function (§9.2) with HMAC_DRBG_Reseed_algorithm (§10.1.2.4). */
  reseed(entropy: Uint8Array, additionalInput: Uint8Array = EMPTY): void {
    this.requireInstantiated();
    checkInput('entropy input', entropy, MIN_ENTROPY_BYTES);
    checkInput('additional input', additionalInput, 0);
    if (additionalInput.length === 0) {
      this.update(entropy);
    } else {
      const seedMaterial = concat([entropy, additionalInput]);
      this.update(seedMaterial);
      seedMaterial.fill(0);
    }
    this.counter = 1;
  }

  /** Generate_function (§9.3.1) with HMAC_DRBG_Generate_algorithm (§10.1.2.5). */
  generate(bytes: number, options: GenerateOptions = {}): Uint8Array {
    if (!Number.isSafeInteger(bytes) || bytes < 0 || bytes > MAX_BYTES_PER_REQUEST) {
      this.requireInstantiated();
      throw new DrbgError(`a request must be 0 to ${MAX_BITS_PER_REQUEST} bits (2^19), got ${bytes} bytes`);
    }
    const out = new Uint8Array(bytes);
    this.generateInto(out, options);
    return out;
  }

  /** generate(out.length, options), written into the caller's buffer (one request, no allocation). */
  generateInto(out: Uint8Array, options?: GenerateOptions): void {
    this.requireInstantiated();
    const bytes = out.length;
    if (bytes > MAX_BYTES_PER_REQUEST) {
      throw new DrbgError(`a request must be 0 to ${MAX_BITS_PER_REQUEST} bits (2^19), got ${bytes} bytes`);
    }
    let additional = options?.additionalInput ?? EMPTY;
    checkInput('additional input', additional, 0);
    const predictionResistance = options?.predictionResistance === true;
    if (predictionResistance || this.counter > this.interval) {
      // §9.3.1 steps 7–7.4: reseed with the additional input, then generate without it.
      if (this.entropySource === undefined) {
        throw new DrbgError(
          predictionResistance
            ? 'prediction resistance needs an entropy source'
            : 'reseed required (reseed interval reached) and no entropy source',
        );
      }
      this.reseed(this.entropySource(SECURITY_STRENGTH_BITS), additional);
      additional = EMPTY;
    }
    if (additional.length > 0) this.update(additional);
    const value = this.value;
    for (let filled = 0; filled < bytes; filled += OUT_LEN) {
      this.mac.macInto(value, value);
      if (bytes - filled >= OUT_LEN) out.set(value, filled);
      else for (let i = 0; i < bytes - filled; i++) out[filled + i] = value[i]!; // no subarray object
    }
    this.update(additional);
    this.counter++;
  }

  /** Uninstantiate_function (§9.4): zeroize the internal state. */
  uninstantiate(): void {
    this.key.fill(0);
    this.value.fill(0);
    this.mac.wipe();
    this.live = false;
    this.counter = 0;
  }

  /** HMAC_DRBG_Update (§10.1.2.2) with provided_data. */
  private update(provided: Uint8Array): void {
    this.rekey(ZERO_BYTE, provided);
    this.mac.macInto(this.value, this.value);
    if (provided.length === 0) return;
    this.rekey(ONE_BYTE, provided);
    this.mac.macInto(this.value, this.value);
  }

  /** K = HMAC(K, V ‖ separator ‖ provided_data); the HMAC reads the old K from its pad midstates only. */
  private rekey(separator: Uint8Array, provided: Uint8Array): void {
    this.mac.rekeyInto(this.key, this.value, separator, provided);
  }

  private requireInstantiated(): void {
    if (!this.live) throw new DrbgError('the DRBG is not instantiated (it was uninstantiated)');
  }
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const ZERO_BYTE = new Uint8Array([0x00]);
const ONE_BYTE = new Uint8Array([0x01]);

/** Parses even-length hex (no prefix) into bytes; throws naming `what` when it is not hex. */
export function parseHex(what: string, text: string): Uint8Array {
  if (text.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(text)) {
    throw new DrbgError(`${what} must be hex digits in pairs (0-9, a-f), got "${text.slice(0, 20)}"`);
  }
  return new Uint8Array(Buffer.from(text, 'hex'));
}

export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}
