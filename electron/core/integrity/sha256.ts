import { createHash } from 'node:crypto';

/** SHA-256 of a text as lowercase hex: the checksum of each critical-memory copy and of the venue config. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
