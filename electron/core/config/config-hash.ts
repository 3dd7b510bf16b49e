/** The venue config's SHA-256, kept in critical memory and beside the stored config (docs/cabinet-rules.md#critical-memory). */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../integrity/canonical-json.ts';
import type { VenueConfig } from './venue-config.ts';

/** SHA-256 over the canonical JSON (secret included: a new key is a new config; the hash does not reveal it). */
export function configHash(config: VenueConfig): string {
  return createHash('sha256').update(canonicalJson(config)).digest('hex');
}
