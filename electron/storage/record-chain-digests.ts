/**
 * The record chain's digests, computed once (docs/cabinet-rules.md#verified-records).
 *
 * A row's digest is HMAC-SHA-256 over `chain, previous digest, canonical values` — a pure function of
 * those values. The chain recomputes the same digests again and again: each row is digested when it is
 * written and then re-checked before and after every round while it is among the newest rows. So each
 * digest computed here is remembered per row (chain and id, the first value of every chain's columns)
 * with the link and the values it was computed over. A re-read row whose link and every value are
 * strictly equal to those has the same message, so the same digest, and verifies without an HMAC; any
 * changed byte in a value or the link misses and is digested afresh (and then does not match). What a
 * check finds is exactly what a fresh HMAC would find.
 *
 * The key is held as a KeyObject: `createHmac` with a raw Buffer key re-imports the key on every call,
 * which cost more than the hashing itself (the profile in docs/benchmarks.md#a-durable-round).
 */
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import type { ChainedTable } from '../core/model/record-check.ts';

export type ChainValue = string | number | null;

/** Enough for every row a check re-reads (the newest rows and those past a checkpoint, per chain). */
export const REMEMBERED_DIGESTS = 1024;

/** Enough for each chain's checkpoint as read and as last written. */
const REMEMBERED_MACS = 8;

/**
 * Whether two digests (hex of equal length) are equal, in a time that depends only on their length, like
 * `timingSafeEqual` but without copying both strings into Buffers on every row.
 */
export function sameDigest(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let differ = 0;
  for (let i = 0; i < a.length; i++) differ |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return differ === 0;
}

/** The message a row's digest is computed over. */
function rowMessage(chain: ChainedTable, prev: string, values: readonly ChainValue[]): string {
  return `${chain}\n${prev}\n${JSON.stringify(values)}`;
}

/** The digest of one row, given the previous row's stored digest (no memory: the archive and tests use it). */
export function rowDigest(key: Buffer, chain: ChainedTable, prev: string, values: readonly ChainValue[]): string {
  return createHmac('sha256', key)
    .update(rowMessage(chain, prev, values))
    .digest('hex');
}

interface Remembered {
  readonly prev: string;
  readonly values: readonly ChainValue[];
  readonly digest: string;
}

function sameValues(a: readonly ChainValue[], b: readonly ChainValue[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export class ChainDigests {
  readonly key: KeyObject;
  /** `chain:id` → what its digest was computed over, oldest first (a hit moves to the end). */
  private readonly known = new Map<string, Remembered>();
  private readonly capacity: number;
  /** Message text → its mac, oldest first (`mac`). */
  private readonly macs = new Map<string, string>();

  constructor(key: Buffer, capacity = REMEMBERED_DIGESTS) {
    this.key = createSecretKey(key);
    this.capacity = capacity;
  }

  /** How many rows' digests are remembered now. */
  get size(): number {
    return this.known.size;
  }

  /** The digest of a row with these values (its id first) after a row whose stored digest is `prev`. */
  row(chain: ChainedTable, prev: string, values: readonly ChainValue[]): string {
    const at = `${chain}:${String(values[0])}`;
    const seen = this.known.get(at);
    this.known.delete(at);
    if (seen !== undefined && seen.prev === prev && sameValues(seen.values, values)) {
      this.known.set(at, seen);
      return seen.digest;
    }
    const digest = createHmac('sha256', this.key)
      .update(rowMessage(chain, prev, values))
      .digest('hex');
    this.known.set(at, { prev, values: [...values], digest });
    if (this.known.size > this.capacity) this.known.delete(this.known.keys().next().value as string);
    return digest;
  }

  /**
   * A keyed mac over other parts (checkpoints), with the imported key. The few messages asked about last are
   * remembered by their exact text, so a checkpoint re-read unchanged before every round costs no HMAC.
   */
  mac(parts: readonly string[]): string {
    const message = parts.join('\n');
    const seen = this.macs.get(message);
    if (seen !== undefined) return seen;
    const mac = createHmac('sha256', this.key).update(message).digest('hex');
    this.macs.set(message, mac);
    if (this.macs.size > REMEMBERED_MACS) this.macs.delete(this.macs.keys().next().value as string);
    return mac;
  }
}
