/**
 * The browser host's stadium flags (`--stadium URL --table ID --table-public-key B64`) and the environment's stadium
 * variables (docs/stadium.md#joining-a-table): per field a flag wins over a variable, a variable over the venue
 * config's `stadium` section; the same order as the device settings. They are laid over the config before it is
 * checked (core/config/stadium-config.ts `withStadiumOverride`), so one schema judges the section whatever gave its
 * fields, and the config in force, stored in the journal, says which table the terminal plays at. The durations
 * (resultTimeoutMs, closeMarginMs) come from the config alone. Pure: the host checks each flag before anything starts.
 */
import { OVERRIDE_FIELDS, stadiumFieldRule, type StadiumOverride } from '../core/config/stadium-config.ts';

/** A stadium flag or variable breaks its rule; the host prints the message and exits 2. */
export class StadiumSettingsError extends Error {
  override readonly name = 'StadiumSettingsError';
}

export interface StadiumFlagValues {
  readonly stadium?: string | undefined;
  readonly table?: string | undefined;
  readonly 'table-public-key'?: string | undefined;
}

export type StadiumFlags = StadiumOverride;

const FLAG_FOR = { url: 'stadium', table: 'table', tablePublicKey: 'table-public-key' } as const;

/** The environment variables (the packaged kiosk's systemd unit), by the field they give; as for devices. */
export const STADIUM_ENV = {
  url: 'BACCARAT_STADIUM_URL',
  table: 'BACCARAT_STADIUM_TABLE',
  tablePublicKey: 'BACCARAT_STADIUM_TABLE_PUBLIC_KEY',
} as const;

/** The flags as StadiumFlags; throws StadiumSettingsError for the first bad one, naming what it allows. */
export function parseStadiumFlags(values: StadiumFlagValues): StadiumFlags {
  const flags: { -readonly [K in keyof StadiumFlags]: StadiumFlags[K] } = {};
  for (const field of OVERRIDE_FIELDS) {
    const value = values[FLAG_FOR[field]];
    if (value === undefined) continue;
    const rule = stadiumFieldRule(field, value);
    if (rule !== null) throw new StadiumSettingsError(`--${FLAG_FOR[field]}: ${rule}, got "${value}"`);
    flags[field] = value;
  }
  return flags;
}

/** The fields the environment gives (an empty variable counts as unset); throws naming the first bad variable. */
function fromEnv(env: Readonly<Record<string, string | undefined>>): StadiumFlags {
  const given: { -readonly [K in keyof StadiumFlags]: StadiumFlags[K] } = {};
  for (const field of OVERRIDE_FIELDS) {
    const value = env[STADIUM_ENV[field]]?.trim();
    if (value === undefined || value === '') continue;
    const rule = stadiumFieldRule(field, value);
    if (rule !== null) throw new StadiumSettingsError(`${STADIUM_ENV[field]}: ${rule}, got "${value}"`);
    given[field] = value;
  }
  return given;
}

/** What the flags and the environment lay over the venue config's stadium section: a flag over a variable. */
export function stadiumOverride(
  flags: StadiumFlags,
  env: Readonly<Record<string, string | undefined>> = {},
): StadiumOverride {
  const environment = fromEnv(env);
  const merged: { -readonly [K in keyof StadiumOverride]: StadiumOverride[K] } = {};
  for (const field of OVERRIDE_FIELDS) {
    const value = flags[field] ?? environment[field];
    if (value !== undefined) merged[field] = value;
  }
  return merged;
}
