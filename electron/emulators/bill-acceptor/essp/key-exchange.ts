/**
 * The unit's side of the eSSP Diffie–Hellman exchange (docs/protocols/essp-device-model.md#key-exchange):
 * SET_GENERATOR and SET_MODULUS each carry a 64-bit prime (8 bytes, LSB first) that the unit checks and
 * stores; REQUEST_KEY_EXCHANGE carries the host's intermediate key, and the unit answers with its own,
 * GENERATOR ^ SLAVE_RND mod MODULUS, and keeps HostInter ^ SLAVE_RND mod MODULUS as the negotiated key.
 * Hosts that run on real units send the generator both above and below the modulus, so the unit takes
 * either order.
 */
import { randomBytes } from 'node:crypto';

export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  if (modulus === 1n) return 0n;
  let result = 1n;
  let b = base % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}

/** These bases decide primality for every number below 2^64 (Miller–Rabin, no false answers). */
const WITNESSES = [2n, 3n, 5n, 7n, 11n, 13n, 17n, 19n, 23n, 29n, 31n, 37n];

export function isPrime64(n: bigint): boolean {
  if (n < 2n) return false;
  for (const p of WITNESSES) {
    if (n === p) return true;
    if (n % p === 0n) return false;
  }
  let d = n - 1n;
  let s = 0;
  while ((d & 1n) === 0n) {
    d >>= 1n;
    s++;
  }
  for (const a of WITNESSES) {
    let x = modPow(a, d, n);
    if (x === 1n || x === n - 1n) continue;
    let composite = true;
    for (let r = 1; r < s; r++) {
      x = (x * x) % n;
      if (x === n - 1n) {
        composite = false;
        break;
      }
    }
    if (composite) return false;
  }
  return true;
}

export type ExchangeAnswer =
  | { readonly kind: 'ok'; readonly slaveIntermediate: bigint; readonly negotiatedKey: bigint }
  | { readonly kind: 'not-ready' }
  | { readonly kind: 'bad-intermediate' };

export class SlaveKeyExchange {
  #generator: bigint | null = null;
  #modulus: bigint | null = null;
  readonly #random: () => bigint;

  constructor(random: () => bigint = () => BigInt('0x' + randomBytes(8).toString('hex'))) {
    this.#random = random;
  }

  /** False when the number is not prime (the unit answers PARAMETER OUT OF RANGE). */
  setGenerator(value: bigint): boolean {
    if (!isPrime64(value)) return false;
    this.#generator = value;
    return true;
  }

  setModulus(value: bigint): boolean {
    if (!isPrime64(value)) return false;
    this.#modulus = value;
    return true;
  }

  exchange(hostIntermediate: bigint): ExchangeAnswer {
    const g = this.#generator;
    const p = this.#modulus;
    if (g === null || p === null || p < 5n) return { kind: 'not-ready' };
    if (hostIntermediate === 0n || hostIntermediate >= p) return { kind: 'bad-intermediate' };
    const slaveRandom = 2n + (this.#random() % (p - 3n));
    return {
      kind: 'ok',
      slaveIntermediate: modPow(g, slaveRandom, p),
      negotiatedKey: modPow(hostIntermediate, slaveRandom, p),
    };
  }

  forget(): void {
    this.#generator = this.#modulus = null;
  }
}
