/**
 * OS entropy read in bulk: one `randomFillSync` (getrandom) fills a pool, callers take slices, every
 * byte is handed out once and zeroed in the pool as it leaves, and the pool refills when empty.
 *
 * Why this keeps the full-entropy claim (docs/rng.md#pooled-os-entropy): the kernel's output is the
 * same full-entropy stream whether read 32 bytes or 64 KiB at a time; no byte is reused, mixed or
 * stretched, and nothing but this process ever sees the pool. It only saves a system call per reseed.
 */
import { randomFillSync } from 'node:crypto';

export const DEFAULT_POOL_BYTES = 64 * 1024;

export class OsEntropyPool {
  private readonly pool: Uint8Array;
  private next: number;
  /** How many times the pool was filled from the OS (one system call each). */
  refills = 0;

  constructor(poolBytes = DEFAULT_POOL_BYTES) {
    if (!Number.isInteger(poolBytes) || poolBytes < 32 || poolBytes > 1 << 20) {
      throw new RangeError(`the entropy pool must be a whole number of bytes from 32 to 1048576, got ${poolBytes}`);
    }
    this.pool = new Uint8Array(poolBytes);
    this.next = poolBytes;
  }

  /** `count` fresh bytes the caller owns; none of them was handed out before. */
  take(count: number): Uint8Array {
    this.checkCount(count);
    const out = new Uint8Array(count);
    this.takeInto(out);
    return out;
  }

  /** Fills all of `out` with fresh bytes, none handed out before; no allocation (a reseed per round). */
  takeInto(out: Uint8Array): void {
    const count = out.length;
    this.checkCount(count);
    const pool = this.pool;
    if (this.next + count > pool.length) {
      // The unused tail is dropped (zeroed), never handed out twice.
      pool.fill(0, this.next);
      randomFillSync(pool);
      this.refills++;
      this.next = 0;
    }
    const from = this.next;
    for (let i = 0; i < count; i++) {
      out[i] = pool[from + i]!;
      pool[from + i] = 0;
    }
    this.next = from + count;
  }

  private checkCount(count: number): void {
    if (!Number.isInteger(count) || count < 1 || count > this.pool.length) {
      throw new RangeError(`entropy requests must be 1 to ${this.pool.length} bytes, got ${count}`);
    }
  }

  /** Zeroes what was not handed out yet; the next take refills. */
  wipe(): void {
    this.pool.fill(0);
    this.next = this.pool.length;
  }
}
