/**
 * The table's signature on a result (docs/stadium.md#signing): Ed25519 (node:crypto) over canonical bytes, so a
 * terminal settles only on cards the table's key vouches for, whatever carried them. The canonical bytes are the
 * UTF-8 of a fixed label line and then the result's JSON with its keys in one fixed order and no spaces; the
 * signature is not part of them.
 */
import { createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import type { ResultMessage, UnsignedResult } from './table-messages.ts';

/** The first line of the signed bytes: no other message a key signs can be read as a result. */
export const RESULT_SIGNING_LABEL = 'baccarat-kiosk stadium result v1\n';

/** The exact bytes the table signs; the same fields in the same order whatever order `result` has them in. */
export function resultSigningBytes(result: UnsignedResult): Uint8Array {
  const o = result.outcome;
  const canonical = {
    table: result.table,
    round: result.round,
    cards: result.cards.map((c) => ({ rank: c.rank, suit: c.suit })),
    outcome: {
      winner: o.winner,
      playerTotal: o.playerTotal,
      bankerTotal: o.bankerTotal,
      natural: o.natural,
      playerPair: o.playerPair,
      bankerPair: o.bankerPair,
    },
  };
  return new TextEncoder().encode(RESULT_SIGNING_LABEL + JSON.stringify(canonical));
}

export function signResult(result: UnsignedResult, privateKey: KeyObject): ResultMessage {
  const signature = sign(null, resultSigningBytes(result), privateKey).toString('base64');
  return { ...result, signature };
}

/** The public key from its raw 32 bytes in base64, as the table's ready line and a terminal's config give it. */
export function publicKeyFromRaw(base64: string): KeyObject {
  const raw = Buffer.from(base64, 'base64');
  if (raw.length !== 32) throw new RangeError(`an Ed25519 public key is 32 bytes, got ${raw.length}`);
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' });
}

/** The raw 32-byte public key in base64. */
export function rawPublicKey(key: KeyObject): string {
  const jwk = key.export({ format: 'jwk' });
  return Buffer.from(jwk.x!, 'base64url').toString('base64');
}

/** True only when `result.signature` is the key's signature over its canonical bytes. */
export function verifyResult(result: ResultMessage, publicKey: KeyObject): boolean {
  const { signature, ...unsigned } = result;
  return verify(null, resultSigningBytes(unsigned), publicKey, Buffer.from(signature, 'base64'));
}
