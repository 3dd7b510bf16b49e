/**
 * CRC-16/KERMIT as ID-003 uses it (docs/protocols/id003.md#crc-16kermit): polynomial 0x1021 processed
 * reflected (0x8408), initial value 0, no final XOR, over every byte before the CRC (the 0xFC sync included),
 * sent low byte first. Check value: "123456789" → 0x2189.
 *
 * Bitwise on purpose: the emulator computes the same CRC from a table, so the two cross-check each other.
 */
export function crc16Kermit(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let crc = 0;
  for (let i = start; i < end; i++) {
    crc ^= bytes[i]!;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0x8408 : crc >>> 1;
  }
  return crc;
}
