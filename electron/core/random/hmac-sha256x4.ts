/**
 * HMAC-SHA-256 (FIPS 198-1) for four independent keys and messages at once, one per lane of the
 * SIMD compression (sha256x4-module.ts), for the lockstep DRBG instances (docs/rng.md#lockstep-instances).
 *
 * The same construction as the fast path of hmac-sha256.ts: each lane's K ⊕ ipad and K ⊕ opad are
 * compressed once per key and kept as midstates, so an HMAC of a message up to 55 bytes costs two
 * compressions. The four lanes' messages must have the same length (the lanes run the same steps);
 * their contents and keys are independent. A message is `first ‖ middle ‖ last`, as the DRBG's
 * `V ‖ separator ‖ provided_data`. Checked lane by lane against node:crypto in hmac-sha256x4.test.ts.
 */
import { SHA256_BLOCK_BYTES, SHA256_IV } from './sha256.ts';
import { BLOCK4_BYTES, LANE_STRIDE, STATE4_BYTES, createSha256x4, type Sha256x4 } from './sha256x4-module.ts';

export const LANES = 4;

// Byte offsets in the module's memory (lane-interleaved words, sha256x4-module.ts).
const STATE = 0;
const BLOCK = STATE + STATE4_BYTES;
const OUTER_BLOCK = BLOCK + BLOCK4_BYTES;
const INNER_MID = OUTER_BLOCK + BLOCK4_BYTES;
const OUTER_MID = INNER_MID + STATE4_BYTES;
const INNER_PAD = OUTER_MID + STATE4_BYTES;
const OUTER_PAD = INNER_PAD + BLOCK4_BYTES;
const IV4 = OUTER_PAD + BLOCK4_BYTES;
const DIGESTS = IV4 + STATE4_BYTES;
const MESSAGES = 2048;
/** The longest message a lane can hash here: its padded blocks must fit between two lanes' messages. */
export const MAX_LANE_MESSAGE_BYTES = LANE_STRIDE - 9;
/** Word index of a byte offset. */
const at = (offset: number) => offset >> 2;

const IPAD_WORD = 0x36363636;
const OPAD_WORD = 0x5c5c5c5c;
/** The bits hashed before an inner or outer message: the 64-byte pad block. */
const PAD_BITS = SHA256_BLOCK_BYTES * 8;

/**
 * One lane's message laid out with its padding (FIPS 180-4 §5.1.1) in the module's memory, where load4
 * reads it; the padding is rewritten only when the length changes.
 */
class LaneMessage {
  private readonly bytes: Uint8Array;
  private readonly view: DataView;
  private laidOutFor = -1;
  blocks = 0;

  constructor(memory: Uint8Array, offset: number) {
    this.bytes = memory.subarray(offset, offset + LANE_STRIDE);
    this.view = new DataView(memory.buffer, offset, LANE_STRIDE);
  }

  layOut(length: number, first: Uint8Array, middle: Uint8Array | undefined, last: Uint8Array | undefined): void {
    const m = this.bytes;
    m.set(first, 0);
    let end = first.length;
    if (middle !== undefined) {
      m.set(middle, end);
      end += middle.length;
    }
    if (last !== undefined) m.set(last, end);
    if (this.laidOutFor === length) return;
    const blocks = Math.ceil((length + 9) / SHA256_BLOCK_BYTES);
    const stop = blocks * SHA256_BLOCK_BYTES;
    m[length] = 0x80;
    m.fill(0, length + 1, stop - 8);
    const bits = PAD_BITS + length * 8; // below 2^32 here
    this.view.setUint32(stop - 8, 0);
    this.view.setUint32(stop - 4, bits);
    this.blocks = blocks;
    this.laidOutFor = length;
  }

  wipe(): void {
    this.bytes.fill(0);
    this.laidOutFor = -1;
  }
}

export class HmacSha256x4 {
  private readonly sha: Sha256x4 = createSha256x4();
  private readonly words = this.sha.words;
  private readonly messages = Array.from(
    { length: LANES },
    (_, lane) => new LaneMessage(this.sha.bytes, MESSAGES + lane * LANE_STRIDE),
  );
  /** Each lane's last digest (32 bytes in the module's memory); macInto writes here first. */
  readonly digests = Array.from({ length: LANES }, (_, lane) =>
    this.sha.bytes.subarray(DIGESTS + 32 * lane, DIGESTS + 32 * lane + 32),
  );
  private readonly keyBlock = new Uint8Array(SHA256_BLOCK_BYTES);
  private readonly keyView = new DataView(this.keyBlock.buffer);

  constructor() {
    const w = this.words;
    for (let i = 0; i < 8; i++) w.fill(SHA256_IV[i]!, at(IV4) + 4 * i, at(IV4) + 4 * i + 4);
    // The outer message is the 32-byte inner digest: its padding never changes.
    w.fill(0, at(OUTER_BLOCK), at(OUTER_BLOCK) + 64);
    w.fill(0x80000000 | 0, at(OUTER_BLOCK) + 32, at(OUTER_BLOCK) + 36);
    w.fill(PAD_BITS + 256, at(OUTER_BLOCK) + 60, at(OUTER_BLOCK) + 64);
    // The pad blocks past a 32-byte key are the pad bytes alone.
    w.fill(IPAD_WORD, at(INNER_PAD) + 32, at(INNER_PAD) + 64);
    w.fill(OPAD_WORD, at(OUTER_PAD) + 32, at(OUTER_PAD) + 64);
  }

  /** Sets each lane's key (at most 64 bytes each; the DRBG's are 32). */
  setKeys(keys: readonly Uint8Array[]): void {
    const w = this.words;
    for (let lane = 0; lane < LANES; lane++) {
      const key = keys[lane]!;
      if (key.length > SHA256_BLOCK_BYTES) throw new RangeError('a lane key must be at most 64 bytes');
      this.keyBlock.fill(0);
      this.keyBlock.set(key);
      for (let j = 0; j < 16; j++) {
        const word = this.keyView.getInt32(4 * j);
        w[at(INNER_PAD) + 4 * j + lane] = word ^ IPAD_WORD;
        w[at(OUTER_PAD) + 4 * j + lane] = word ^ OPAD_WORD;
      }
    }
    this.keyBlock.fill(0);
    this.padMidstates();
    // Back to the pad bytes alone past 32 bytes, as padMidstatesFromDigest expects.
    w.fill(IPAD_WORD, at(INNER_PAD) + 32, at(INNER_PAD) + 64);
    w.fill(OPAD_WORD, at(OUTER_PAD) + 32, at(OUTER_PAD) + 64);
  }

  /**
   * HMAC(K_L, first[L] ‖ middle ‖ last[L]) for every lane L; the lanes' total lengths must be equal.
   * Each digest is written into digests[L] and, unless outs is null, copied to outs[L]; a part may be
   * digests[L] itself (the DRBG's `V = HMAC(K, V)`). Each lane's message is at most MAX_LANE_MESSAGE_BYTES.
   */
  macInto(
    outs: readonly Uint8Array[] | null,
    first: readonly Uint8Array[],
    middle?: Uint8Array,
    last?: readonly Uint8Array[],
  ): void {
    this.hash(first, middle, last);
    this.sha.digest4(STATE, DIGESTS);
    if (outs !== null) {
      for (let lane = 0; lane < LANES; lane++)
        if (outs[lane] !== this.digests[lane]) outs[lane]!.set(this.digests[lane]!);
    }
  }

  /** Every lane's HMAC, left in STATE as words. */
  private hash(first: readonly Uint8Array[], middle?: Uint8Array, last?: readonly Uint8Array[]): void {
    const w = this.words;
    const length = first[0]!.length + (middle?.length ?? 0) + (last?.[0]!.length ?? 0);
    if (length > MAX_LANE_MESSAGE_BYTES) {
      throw new RangeError(`a lane's message must be at most ${MAX_LANE_MESSAGE_BYTES} bytes`);
    }
    for (let lane = 0; lane < LANES; lane++) {
      if (first[lane]!.length + (middle?.length ?? 0) + (last?.[lane]!.length ?? 0) !== length) {
        throw new RangeError('the lanes of one HMAC must hash messages of the same length');
      }
      this.messages[lane]!.layOut(length, first[lane]!, middle, last?.[lane]);
    }
    w.copyWithin(at(STATE), at(INNER_MID), at(INNER_MID) + 32);
    const blocks = this.messages[0]!.blocks;
    for (let index = 0; index < blocks; index++) {
      this.sha.load4(BLOCK, MESSAGES + index * SHA256_BLOCK_BYTES);
      this.sha.compress4(STATE, BLOCK);
    }
    w.copyWithin(at(OUTER_BLOCK), at(STATE), at(STATE) + 32);
    w.copyWithin(at(STATE), at(OUTER_MID), at(OUTER_MID) + 32);
    this.sha.compress4(STATE, OUTER_BLOCK);
  }

  /** HMAC of each lane, which becomes its key (digests are left as they were): the HMAC_DRBG update's `K = HMAC(K, V ‖ separator ‖ data)`. */
  rekey(first: readonly Uint8Array[], middle?: Uint8Array, last?: readonly Uint8Array[]): void {
    const w = this.words;
    this.hash(first, middle, last);
    for (let i = 0; i < 32; i++) {
      const word = w[at(STATE) + i]!;
      w[at(INNER_PAD) + i] = word ^ IPAD_WORD;
      w[at(OUTER_PAD) + i] = word ^ OPAD_WORD;
    }
    this.padMidstates();
  }

  /** The pad midstates (both lanes' key material) as they are now, for saveKeys/restoreLaneKeys. */
  saveKeys(into: Int32Array): void {
    into.set(this.words.subarray(at(INNER_MID), at(INNER_MID) + 64));
  }

  /** Puts one lane's pad midstates back from saveKeys' copy. */
  restoreLaneKeys(saved: Int32Array, lane: number): void {
    const w = this.words;
    for (let i = 0; i < 16; i++) w[at(INNER_MID) + 4 * i + lane] = saved[4 * i + lane]!;
  }

  wipe(): void {
    this.words.fill(0, 0, at(IV4));
    this.words.fill(0, at(DIGESTS), at(DIGESTS) + 32);
    for (const message of this.messages) message.wipe();
  }

  private padMidstates(): void {
    const w = this.words;
    w.copyWithin(at(INNER_MID), at(IV4), at(IV4) + 32);
    this.sha.compress4(INNER_MID, INNER_PAD);
    w.copyWithin(at(OUTER_MID), at(IV4), at(IV4) + 32);
    this.sha.compress4(OUTER_MID, OUTER_PAD);
    // The key leaves the pad blocks at once.
    w.fill(IPAD_WORD, at(INNER_PAD), at(INNER_PAD) + 32);
    w.fill(OPAD_WORD, at(OUTER_PAD), at(OUTER_PAD) + 32);
  }
}
