/**
 * The eSSP encryption layer of the modelled unit (docs/protocols/essp-device-model.md#encryption-layer):
 *
 *   DATA = 0x7E (STEX, in clear) | AES-128-ECB( eLENGTH | eCOUNT (4 bytes, LSB first) | eDATA | ePACKING | eCRC )
 *
 * eLENGTH counts eDATA only; ePACKING is random and brings eLENGTH..eCRC to a multiple of 16 bytes; eCRC is
 * the SSP CRC-16 over eLENGTH..ePACKING, low byte first. The 128-bit key is the 64-bit fixed key (bytes 0–7)
 * and the 64-bit negotiated key (bytes 8–15), each least significant byte first.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { sspCrc } from './ssp-wire.ts';

export const STEX = 0x7e;
const BLOCK = 16;
/** eLENGTH + eCOUNT + eCRC: the bytes of the encrypted block that are not eDATA or packing. */
const OVERHEAD = 1 + 4 + 2;

export function le64(value: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, BigInt.asUintN(64, value), true);
  return out;
}

export function readLe64(bytes: Uint8Array, at = 0): bigint {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getBigUint64(at, true);
}

export function aesKeyOf(fixedKey: bigint, negotiatedKey: bigint): Uint8Array {
  return Uint8Array.from([...le64(fixedKey), ...le64(negotiatedKey)]);
}

export type Opened =
  | { readonly kind: 'ok'; readonly count: number; readonly data: Uint8Array }
  /** Decrypted, but the inner CRC is wrong: the host used another key (or encrypted nothing at all). */
  | { readonly kind: 'wrong-key' }
  /** Not a whole number of AES blocks, or a length that does not fit: nothing to decrypt. */
  | { readonly kind: 'malformed' };

/** Opens the DATA of a received packet that starts with STEX. */
export function openEncrypted(key: Uint8Array, packetData: Uint8Array): Opened {
  const cipherText = packetData.subarray(1);
  if (packetData[0] !== STEX || cipherText.length < BLOCK || cipherText.length % BLOCK !== 0)
    return { kind: 'malformed' };
  const decipher = createDecipheriv('aes-128-ecb', key, null).setAutoPadding(false);
  const plain = new Uint8Array(Buffer.concat([decipher.update(cipherText), decipher.final()]));
  // The CRC run over the block including its own CRC bytes gives zero when the key was right.
  const body = plain.subarray(0, plain.length - 2);
  const crc = plain[plain.length - 2]! | (plain[plain.length - 1]! << 8);
  if (sspCrc(body) !== crc) return { kind: 'wrong-key' };
  const length = plain[0]!;
  if (length < 1 || length > plain.length - OVERHEAD) return { kind: 'malformed' };
  const count = new DataView(plain.buffer, plain.byteOffset).getUint32(1, true);
  return { kind: 'ok', count, data: plain.slice(5, 5 + length) };
}

/** Seals a reply (or, in a test host, a command) into the DATA of an SSP packet. */
export function sealEncrypted(
  key: Uint8Array,
  count: number,
  data: Uint8Array,
  packing: (size: number) => Uint8Array = (size) => new Uint8Array(randomBytes(size)),
): Uint8Array {
  if (data.length < 1 || data.length > 255 - 1 - OVERHEAD - BLOCK)
    throw new RangeError(`eDATA of ${data.length} bytes does not fit`);
  const padded = Math.ceil((data.length + OVERHEAD) / BLOCK) * BLOCK;
  const plain = new Uint8Array(padded);
  plain[0] = data.length;
  new DataView(plain.buffer).setUint32(1, count >>> 0, true);
  plain.set(data, 5);
  plain.set(packing(padded - OVERHEAD - data.length), 5 + data.length);
  const crc = sspCrc(plain.subarray(0, padded - 2));
  plain[padded - 2] = crc & 0xff;
  plain[padded - 1] = crc >> 8;
  const cipher = createCipheriv('aes-128-ecb', key, null).setAutoPadding(false);
  return Uint8Array.from([STEX, ...cipher.update(plain), ...cipher.final()]);
}
