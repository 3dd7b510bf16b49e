/**
 * The SSP checksum: CRC-16 with polynomial 0x8005, seed 0xFFFF, MSB-first, over SEQ/ID..DATA of a
 * frame and sent low byte first (docs/protocols/essp.md#crc-16). eSSP's encrypted packets use the
 * same CRC inside the encryption.
 */

/** One table entry per byte value, so each data byte costs one lookup. */
const CRC_TABLE: Uint16Array = (() => {
  const table = new Uint16Array(256);
  for (let i = 0; i < 256; i++) {
    let crc = i << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x8005) & 0xffff : (crc << 1) & 0xffff;
    table[i] = crc;
  }
  return table;
})();

export function crc16(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let crc = 0xffff;
  for (let i = start; i < end; i++) {
    crc = ((crc << 8) & 0xffff) ^ CRC_TABLE[((crc >> 8) ^ bytes[i]!) & 0xff]!;
  }
  return crc;
}
