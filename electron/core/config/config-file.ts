/**
 * The venue file (docs/venue-config.md#the-file): what `tech:config:export` writes, what
 * `tech:config:import`, `npm run host -- --config FILE` and `BACCARAT_CONFIG` read. It is the
 * venue config as JSON with an optional top-level "$comment" and without the eSSP fixed key
 * (a file without the key keeps the key set at the cabinet). A file that is not JSON is refused
 * like a bad field: a structured issue, never a crash.
 */
import { configHash } from './config-hash.ts';
import { ConfigError, type VenueConfig } from './venue-config.ts';
import type { ConfigAuditEntry } from '../model/config-audit.ts';

export const SECRET_NOTE =
  'The eSSP fixed key (devices.billAcceptor.fixedKeyHex) is not in this file: set it at the cabinet. A file without it keeps the key in force.';

/** The export: the config in force without its secret, ready to import on this or another cabinet. */
export function exportVenueFile(config: VenueConfig): { fileName: string; json: string } {
  const { fixedKeyHex: _secret, ...billAcceptor } = config.devices.billAcceptor;
  void _secret;
  const file = { $comment: SECRET_NOTE, ...config, devices: { ...config.devices, billAcceptor } };
  return {
    fileName: `venue-config-${configHash(config).slice(0, 12)}.json`,
    json: JSON.stringify(file, null, 2) + '\n',
  };
}

/** Reads a venue file's text: JSON, with "$comment" dropped. Throws ConfigError for text that is not a JSON object. */
export function parseVenueFileText(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new ConfigError([`(file): not valid JSON (${why})`], [{ path: '', rule: 'type', other: 'json' }]);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConfigError(['(file): must be a JSON object'], [{ path: '', rule: 'type', other: 'json' }]);
  }
  const { $comment: comment, ...rest } = value as Record<string, unknown>;
  if (comment !== undefined && typeof comment !== 'string') {
    throw new ConfigError(['$comment: must be text'], [{ path: '$comment', rule: 'type' }]);
  }
  return rest;
}

function csvCell(value: string | number): string {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The audit trail as CSV (secrets are already masked in every row). */
export function configAuditCsv(entries: readonly ConfigAuditEntry[]): string {
  const header = 'id,at,role,field,oldValue,newValue';
  const rows = entries.map((e) => [e.id, e.at, e.role, e.field, e.oldValue, e.newValue].map(csvCell).join(','));
  return [header, ...rows].join('\n') + '\n';
}
