/**
 * The table server's command line checked before anything starts (docs/stadium.md#running-a-table): each bad flag
 * is a UsageError naming the flag and what it allows, found before a file is created or the broker is called.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { resolveDeviceSettings, type RngSettings } from '../app/device-settings.ts';
import { UsageError, existingFileFlag, intFlag, newPathFlag } from '../cli/cli-support.ts';
import { parseVenueFileText } from '../core/config/config-file.ts';
import { DEFAULT_VENUE_CONFIG, parseVenueConfig, type VenueConfig } from '../core/config/venue-config.ts';
import { NO_APPROVED_SOURCE } from '../devices/rng/rng-service.ts';
import { TABLE_ID, TABLE_ID_RULE } from './table-messages.ts';

export const BETTING_MS = { min: 100, max: 600_000, default: 15_000 } as const;

export const TABLE_SERVER_USAGE = `Usage: npm run table-server -- --nats URL --table ID --journal PATH [options]

A stadium table: deals one shared round after another with the certified RNG and publishes each result, signed,
on the broker's stream (docs/stadium.md).

  --nats URL            the broker: nats://host:port, or several of one cluster separated by commas
  --table ID            this table's id: ${TABLE_ID_RULE}
  --journal PATH        the table's journal (created on first start); its Ed25519 key is kept beside it
  --betting-ms N        the betting window in milliseconds, ${BETTING_MS.min} to ${BETTING_MS.max} (default ${BETTING_MS.default})
  --venue-config FILE   a venue config: its rule profile and RNG (docs/venue-config.md); without it the built-in
                        one, which names no approved entropy source, so the table refuses to start
  --replicas N          copies of the stream, 1 on one server, 3 in a venue's cluster (default 1)
  --help                this text

Prints one JSON line once serving: {"table": ID, "ready": true, "publicKey": "<base64 raw 32-byte key>"}.
Exit 2 with one line on stderr for a bad flag, a bad venue config, no approved RNG or a broker that cannot be reached.`;

function natsFlag(text: string | undefined): string {
  if (text === undefined) throw new UsageError('--nats is required: the broker URL, e.g. nats://127.0.0.1:4222');
  for (const server of text.split(',')) {
    let url: URL;
    try {
      url = new URL(server.trim());
    } catch {
      throw new UsageError(`--nats must be nats://host:port (several separated by commas), got "${server}"`);
    }
    if (url.protocol !== 'nats:' && url.protocol !== 'tls:') {
      throw new UsageError(`--nats must use nats:// or tls://, got "${server}"`);
    }
  }
  return text;
}

function tableFlag(text: string | undefined): string {
  if (text === undefined) throw new UsageError(`--table is required: ${TABLE_ID_RULE}`);
  if (!TABLE_ID.test(text)) throw new UsageError(`--table must be ${TABLE_ID_RULE}, got "${text}"`);
  return text;
}

function venueConfig(file: string | undefined): VenueConfig {
  if (file === undefined) return DEFAULT_VENUE_CONFIG;
  // The core's reader, not the cabinet's start-up one: the table has no stored config to fall back on.
  return parseVenueConfig(parseVenueFileText(readFileSync(existingFileFlag('venue-config', file), 'utf8')));
}

export const TABLE_SERVER_OPTIONS = {
  nats: { type: 'string' },
  table: { type: 'string' },
  journal: { type: 'string' },
  'betting-ms': { type: 'string' },
  'venue-config': { type: 'string' },
  replicas: { type: 'string' },
} as const;

type Values = { readonly [K in keyof typeof TABLE_SERVER_OPTIONS]?: string | undefined };

export interface TableServerFlags {
  readonly url: string;
  readonly table: string;
  readonly journalPath: string;
  readonly bettingMs: number;
  readonly replicas: number;
  readonly config: VenueConfig;
  /** The certified RNG the venue config names: a hardware port, or OS entropy it approves. */
  readonly rng: RngSettings;
}

/** The flags parseArgs found, checked; throws UsageError (or ConfigError for a bad venue file). */
export function checkTableServerFlags(values: Values, positionals: readonly string[]): TableServerFlags {
  if (positionals.length > 0)
    throw new UsageError(`unexpected argument "${positionals[0]}"; every value needs its flag`);
  const url = natsFlag(values.nats);
  const table = tableFlag(values.table);
  if (values.journal === undefined) throw new UsageError('--journal is required: the path of the table journal');
  const journalPath = newPathFlag('journal', resolve(values.journal));
  const bettingMs = intFlag('betting-ms', values['betting-ms'], BETTING_MS.min, BETTING_MS.max, BETTING_MS.default);
  const replicas = intFlag('replicas', values.replicas, 1, 5, 1);
  const config = venueConfig(values['venue-config']);
  const rng = resolveDeviceSettings(config, { flags: {}, env: process.env, emulators: null }).rng;
  // A table deals real money's cards: it never starts without an approved entropy source.
  if (rng.port === null && rng.noPort === 'refuse') throw new UsageError(NO_APPROVED_SOURCE);
  return { url, table, journalPath, bettingMs, replicas, config, rng };
}
