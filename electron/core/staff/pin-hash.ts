/**
 * Staff PINs are stored only as a salted scrypt hash and compared in constant time
 * (docs/cabinet-rules.md#operator-menu-and-key-switch). The stored form carries its own
 * parameters, `scrypt$N$r$p$salt$key` (salt and key in base64), so a later change of the
 * constants below still verifies the PINs already set.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { PIN_PATTERN } from './staff-status.ts';

/**
 * Why these numbers: a PIN has at most 10^8 values, so no hash makes a stolen journal safe
 * against a patient attacker; the guard at the cabinet is the lockout (5 tries, 15 minutes).
 * The hash keeps the PIN out of the journal and makes each guess cost real memory and time.
 * N = 2^15 with r = 8 uses 128·N·r = 32 MiB and takes about 0.1 s on a two-core x86 cabinet CPU,
 * short enough for a sign-in, long enough that trying every 8-digit PIN costs months of CPU.
 * p = 1: the cabinet has one PIN to check at a time. A 32-byte key matches SHA-256's strength;
 * a 16-byte random salt makes two hashes of one PIN differ and defeats precomputed tables.
 */
export const SCRYPT_N = 2 ** 15;
export const SCRYPT_R = 8;
export const SCRYPT_P = 1;
export const KEY_LENGTH = 32;
export const SALT_LENGTH = 16;

export interface ScryptParams {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

export const PIN_SCRYPT_PARAMS: ScryptParams = { N: SCRYPT_N, r: SCRYPT_R, p: SCRYPT_P };

/** Hashes and checks PINs. Injected so the lockout's property test can use cheap parameters. */
export interface PinHasher {
  hash(pin: string): Promise<string>;
  verify(pin: string, stored: string): Promise<boolean>;
}

function derive(pin: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  // scrypt refuses to use more than `maxmem`; allow twice what the parameters need.
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) => {
    scrypt(pin.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

function parse(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isSafeInteger(n) && n > 0)) return null;
  const salt = Buffer.from(parts[4]!, 'base64');
  const key = Buffer.from(parts[5]!, 'base64');
  if (salt.length === 0 || key.length !== KEY_LENGTH) return null;
  return { params: { N, r, p }, salt, key };
}

/** Whether `stored` has the stored form a hasher can verify against (not whether any PIN matches it). */
export function isPinHash(stored: string): boolean {
  return parse(stored) !== null;
}

export function createPinHasher(params: ScryptParams = PIN_SCRYPT_PARAMS): PinHasher {
  return {
    async hash(pin) {
      if (!PIN_PATTERN.test(pin)) throw new RangeError('a PIN is 4 to 8 digits');
      const salt = randomBytes(SALT_LENGTH);
      const key = await derive(pin, salt, params);
      return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
    },
    async verify(pin, stored) {
      const parsed = parse(stored);
      if (!parsed) return false;
      const key = await derive(pin, parsed.salt, parsed.params);
      // Equal lengths by construction (KEY_LENGTH); timingSafeEqual compares without an early exit.
      return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
    },
  };
}
