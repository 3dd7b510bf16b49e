/**
 * Integers by rejection sampling on masked bits from DRBG output blocks (docs/rng.md#rejection-sampling-to-a-range),
 * shared by the single DRBG source and the lockstep one: exactly uniform, never modulo, every byte used once
 * and zeroed as it is used. When a block runs out mid-round, `refill` makes a new generate request into it.
 */

const MAX_BOUND = 2 ** 48 - 1;

/** Throws a RangeError unless `bound` is a whole number from 1 to 2^48 − 1. */
export function checkBound(bound: number): void {
  if (!Number.isSafeInteger(bound) || bound < 1 || bound > MAX_BOUND) {
    throw new RangeError(`bound must be an integer in 1..2^48-1, got ${bound}`);
  }
}

export class BlockSampler {
  private block: Uint8Array;
  private pos = 0;
  private end = 0;
  private readonly refill: (block: Uint8Array) => void;

  /** `refill(block)` fills all of `block` with one fresh generate request (reseeded first when it should be). */
  constructor(block: Uint8Array, refill: (block: Uint8Array) => void) {
    this.block = block;
    this.refill = refill;
  }

  /** Deal from `block`, which a generate request has just filled. */
  use(block: Uint8Array): void {
    this.block = block;
    this.pos = 0;
    this.end = block.length;
  }

  /** A new round: zero what is left and fill the block with a fresh request. */
  nextRound(): void {
    this.discard();
    this.refill(this.block);
    this.use(this.block);
  }

  /** Zeroes what is left of the block in use; the next draw makes a new request. */
  discard(): void {
    this.block.fill(0);
    this.pos = 0;
    this.end = 0;
  }

  /** A uniform integer in [0, bound); `bound` passed checkBound. */
  nextInt(bound: number): number {
    if (bound === 1) return 0;
    // k = bits of (bound − 1); draw ⌈k/8⌉ bytes, mask the top byte to k bits, reject ≥ bound.
    const bits = bitLength(bound - 1);
    const bytes = Math.ceil(bits / 8);
    const topMask = (1 << (bits - 8 * (bytes - 1))) - 1;
    for (;;) {
      if (this.pos + bytes > this.end) this.nextRound();
      const block = this.block;
      const pos = this.pos;
      let value = block[pos]! & topMask;
      for (let i = 1; i < bytes; i++) value = value * 256 + block[pos + i]!;
      for (let i = 0; i < bytes; i++) block[pos + i] = 0; // each byte is used once
      this.pos = pos + bytes;
      if (value < bound) return value;
    }
  }
}

/** Number of bits needed to write n ≥ 1 (exact, no floating-point log). */
function bitLength(n: number): number {
  if (n < 2 ** 32) return 32 - Math.clz32(n);
  return 32 + bitLength(Math.floor(n / 2 ** 32));
}
