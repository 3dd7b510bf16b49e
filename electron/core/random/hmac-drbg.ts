/**
 * HMAC_DRBG with SHA-256, NIST SP 800-90A Rev. 1 §10.1.2, written on node:crypto's HMAC.
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
 * HMAC is the FIPS 198-1 construction over node:crypto's one-shot SHA-256 (`crypto.hash`), with
 * the key pads kept per key: about 5× faster than createHmac per call, which matters because
 * prediction resistance costs several HMACs per round. Checked against createHmac in the tests.
 *
 * Checked against the NIST CAVP HMAC_DRBG known-answer vectors (hmac-drbg.test.ts, drbg-kat CLI).
 */
import { hash } from 'node:crypto';

export const SECURITY_STRENGTH_BITS = 256;
const OUT_LEN = 32; // SHA-256 output, bytes
/** SP 800-90A Table 2: max_number_of_bits_per_request = 2^19. */
export const MAX_BITS_PER_REQUEST = 2 ** 19;
export const MAX_BYTES_PER_REQUEST = MAX_BITS_PER_REQUEST / 8;
/** SP 800-90A Table 2: reseed_interval ≤ 2^48 requests. */
export const RESEED_INTERVAL = 2 ** 48;
/** SP 800-90A Table 2: entropy input, personalization and additional input ≤ 2^35 bits. */
const MAX_INPUT_BYTES = 2 ** 32;
const MIN_ENTROPY_BYTES = SECURITY_STRENGTH_BITS / 8;
const MIN_NONCE_BYTES = SECURITY_STRENGTH_BITS / 16;

/** A DRBG call that SP 800-90A says must fail (bad lengths, uninstantiated, no entropy for PR). */
export class DrbgError extends Error {
  override readonly name = 'DrbgError';
}

/**
 * Where prediction-resistance and reseed entropy comes from: returns fresh, full-entropy bytes
 * carrying at least `minEntropyBits` of entropy, or throws (the DRBG then produces nothing).
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
}

export interface GenerateOptions {
  readonly additionalInput?: Uint8Array;
  /** Reseed from the entropy source before generating (SP 800-90A §9.3.1). */
  readonly predictionResistance?: boolean;
}

const EMPTY = new Uint8Array(0);

function checkInput(what: string, bytes: Uint8Array, min: number): void {
  if (!(bytes instanceof Uint8Array)) throw new DrbgError(`${what} must be bytes`);
  if (bytes.length < min) {
    throw new DrbgError(`${what} must be at least ${min * 8} bits, got ${bytes.length * 8}`);
  }
  if (bytes.length > MAX_INPUT_BYTES) throw new DrbgError(`${what} is longer than 2^35 bits`);
}

export class HmacDrbg {
  private key: Buffer | null;
  private value: Buffer | null;
  /**
   * [K ⊕ ipad ‖ 32-byte slot] and [K ⊕ opad ‖ 32-byte slot]: the pads (one 64-byte SHA-256 block)
   * are recomputed whenever K changes; the slot takes V or the inner hash, so V = HMAC(K, V), the
   * hot path of generate, hashes two preallocated buffers without concatenation.
   */
  private readonly innerBlock = Buffer.alloc(64 + OUT_LEN);
  private readonly outerBlock = Buffer.alloc(64 + OUT_LEN);
  private readonly innerPad = this.innerBlock.subarray(0, 64);
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
    this.key = null;
    this.setKey(Buffer.alloc(OUT_LEN, 0x00));
    this.value = Buffer.alloc(OUT_LEN, 0x01);
    this.update([init.entropy, init.nonce, personalization]);
    this.counter = 1;
  }

  get instantiated(): boolean {
    return this.key !== null;
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
    this.update([entropy, additionalInput]);
    this.counter = 1;
  }

  /** Generate_function (§9.3.1) with HMAC_DRBG_Generate_algorithm (§10.1.2.5). */
  generate(bytes: number, options: GenerateOptions = {}): Uint8Array {
    this.requireInstantiated();
    if (!Number.isSafeInteger(bytes) || bytes < 0 || bytes > MAX_BYTES_PER_REQUEST) {
      throw new DrbgError(`a request must be 0 to ${MAX_BITS_PER_REQUEST} bits (2^19), got ${bytes} bytes`);
    }
    let additional = options.additionalInput ?? EMPTY;
    checkInput('additional input', additional, 0);
    if (options.predictionResistance === true || this.counter > this.interval) {
      // §9.3.1 steps 7–7.4: reseed with the additional input, then generate without it.
      if (this.entropySource === undefined) {
        throw new DrbgError(
          options.predictionResistance === true
            ? 'prediction resistance needs an entropy source'
            : 'reseed required (reseed interval reached) and no entropy source',
        );
      }
      this.reseed(this.entropySource(SECURITY_STRENGTH_BITS), additional);
      additional = EMPTY;
    }
    if (additional.length > 0) this.update([additional]);
    const out = new Uint8Array(bytes);
    let filled = 0;
    while (filled < bytes) {
      this.setValue(this.hmacOfValue());
      const take = Math.min(OUT_LEN, bytes - filled);
      out.set(this.value!.subarray(0, take), filled);
      filled += take;
    }
    this.update(additional.length > 0 ? [additional] : []);
    this.counter++;
    return out;
  }

  /** Uninstantiate_function (§9.4): zeroize the internal state. */
  uninstantiate(): void {
    this.key?.fill(0);
    this.value?.fill(0);
    this.innerBlock.fill(0);
    this.outerBlock.fill(0);
    this.key = null;
    this.value = null;
    this.counter = 0;
  }

  /** HMAC_DRBG_Update (§10.1.2.2); `provided` is the concatenation of the parts. */
  private update(provided: readonly Uint8Array[]): void {
    const hasData = provided.some((part) => part.length > 0);
    this.setKey(this.hmac([this.value!, ZERO_BYTE, ...provided]));
    this.setValue(this.hmacOfValue());
    if (!hasData) return;
    this.setKey(this.hmac([this.value!, ONE_BYTE, ...provided]));
    this.setValue(this.hmacOfValue());
  }

  /** HMAC-SHA-256(K, parts…) = H((K ⊕ opad) ‖ H((K ⊕ ipad) ‖ parts…)) (FIPS 198-1). */
  private hmac(parts: readonly Uint8Array[]): Buffer {
    const innerInput = Buffer.concat([this.innerPad, ...parts]);
    const inner = hash('sha256', innerInput, 'buffer');
    // The concatenation holds key material: wipe it rather than leave it to the GC.
    innerInput.fill(0);
    return this.outerHash(inner);
  }

  /** HMAC(K, V) on the preallocated blocks. */
  private hmacOfValue(): Buffer {
    this.value!.copy(this.innerBlock, 64);
    return this.outerHash(hash('sha256', this.innerBlock, 'buffer'));
  }

  private outerHash(inner: Buffer): Buffer {
    inner.copy(this.outerBlock, 64);
    inner.fill(0);
    return hash('sha256', this.outerBlock, 'buffer');
  }

  private setKey(next: Buffer): void {
    this.key?.fill(0);
    this.key = next;
    // K is 32 bytes, shorter than the 64-byte block: pad with zeros, then XOR (FIPS 198-1 step 4).
    for (let i = 0; i < 64; i++) {
      const k = i < OUT_LEN ? next[i]! : 0;
      this.innerBlock[i] = k ^ 0x36;
      this.outerBlock[i] = k ^ 0x5c;
    }
  }

  private setValue(next: Buffer): void {
    this.value?.fill(0);
    this.value = next;
  }

  private requireInstantiated(): void {
    if (this.key === null) throw new DrbgError('the DRBG is not instantiated (it was uninstantiated)');
  }
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
