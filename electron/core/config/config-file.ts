/**
 * The venue file (docs/venue-config.md#the-file): what `tech:config:export` writes, what
 * `tech:config:import`, `npm run host -- --config FILE` and `BACCARAT_CONFIG` read. It is the
 * venue config as JSON with an optional top-level "$comment" and without the eSSP fixed key
 * (a file without the key keeps the key set at the cabinet). A file that is not JSON is refused
 * like a bad field: a structured issue, never a crash.
 */
import { storedValueText } from './config-diff.ts';
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

/**
 * The audit trail as CSV (secrets are already masked in every row), for a person and a program alike:
 * `old_value`/`new_value` word an amount as money with the currency in force ("100.00 EUR"); `old_stored`/
 * `new_stored` are the values as the journal keeps them, amounts in minor units (docs/venue-config.md#audit-trail).
 */
export function configAuditCsv(entries: readonly ConfigAuditEntry[], currency: VenueConfig['currency']): string {
  const header = 'id,at,role,field,old_value,new_value,old_stored_minor_units,new_stored_minor_units';
  const rows = entries.map((e) =>
    [
      e.id,
      e.at,
      e.role,
      e.field,
      storedValueText(e.field, e.oldValue, currency),
      storedValueText(e.field, e.newValue, currency),
      e.oldValue,
      e.newValue,
    ]
      .map(csvCell)
      .join(','),
  );
  return [header, ...rows].join('\n') + '\n';
}
