/**
 * The browser host's stadium flags (`--stadium URL --table ID --table-public-key B64`) and how they combine with the
 * environment and the venue config's `stadium` section (docs/stadium.md#joining-a-table): per field a flag wins over
 * a variable, a variable over the config, the config over the defaults of the two durations; the same order as the
 * device settings. Without a flag, a variable or the section the cabinet plays alone.
 * Pure: the host checks each flag before anything starts; the composition root merges once the config is known.
 */
import {
  STADIUM_DEFAULTS,
  STADIUM_RULES,
  stadiumFieldProblem,
  type StadiumSettings,
} from '../stadium/terminal-settings.ts';

/** A stadium flag or the stadium section breaks a rule; the host prints the message and exits 2. */
export class StadiumSettingsError extends Error {
  override readonly name = 'StadiumSettingsError';
}

export interface StadiumFlagValues {
  readonly stadium?: string | undefined;
  readonly table?: string | undefined;
  readonly 'table-public-key'?: string | undefined;
}

export type StadiumFlags = Partial<Pick<StadiumSettings, 'url' | 'table' | 'tablePublicKey'>>;

const FLAG_FOR = { url: 'stadium', table: 'table', tablePublicKey: 'table-public-key' } as const;
const FLAG_ARGUMENT = { url: 'URL', table: 'ID', tablePublicKey: 'B64' } as const;

/** The flags as StadiumFlags; throws StadiumSettingsError for the first bad one, naming what it allows. */
export function parseStadiumFlags(values: StadiumFlagValues): StadiumFlags {
  const flags: { -readonly [K in keyof StadiumFlags]: StadiumFlags[K] } = {};
  for (const field of ['url', 'table', 'tablePublicKey'] as const) {
    const value = values[FLAG_FOR[field]];
    if (value === undefined) continue;
    const problem = stadiumFieldProblem(field, value);
    if (problem !== null) throw new StadiumSettingsError(`--${FLAG_FOR[field]} must be ${problem}, got "${value}"`);
    flags[field] = value;
  }
  return flags;
}

/** The environment variables (the packaged kiosk's systemd unit), by the field they give; as for devices. */
export const STADIUM_ENV = {
  url: 'BACCARAT_STADIUM_URL',
  table: 'BACCARAT_STADIUM_TABLE',
  tablePublicKey: 'BACCARAT_STADIUM_TABLE_PUBLIC_KEY',
} as const;

/** The fields the environment gives (an empty variable counts as unset); throws naming the first bad variable. */
function fromEnv(env: Readonly<Record<string, string | undefined>>): StadiumFlags {
  const given: { -readonly [K in keyof StadiumFlags]: StadiumFlags[K] } = {};
  for (const field of ['url', 'table', 'tablePublicKey'] as const) {
    const value = env[STADIUM_ENV[field]]?.trim();
    if (value === undefined || value === '') continue;
    const problem = stadiumFieldProblem(field, value);
    if (problem !== null) throw new StadiumSettingsError(`${STADIUM_ENV[field]} must be ${problem}, got "${value}"`);
    given[field] = value;
  }
  return given;
}

function whereToGive(field: keyof StadiumSettings): string {
  const config = `stadium.${field} in the venue config`;
  if (field !== 'url' && field !== 'table' && field !== 'tablePublicKey') return config;
  return `--${FLAG_FOR[field]} ${FLAG_ARGUMENT[field]}, ${STADIUM_ENV[field]} or ${config}`;
}

/**
 * The settings the terminal runs with, or null when neither the config's `section`, a flag nor a variable asks for a
 * table. Per field: the flag, else the environment, else the section, else the default of the two durations.
 * Throws StadiumSettingsError naming the first field that is missing or bad, and where it can be given.
 */
export function mergeStadiumSettings(
  section: unknown,
  flags: StadiumFlags,
  env: Readonly<Record<string, string | undefined>> = {},
): StadiumSettings | null {
  const environment = fromEnv(env);
  const none = section === undefined || section === null;
  if (none && Object.keys(flags).length === 0 && Object.keys(environment).length === 0) return null;
  if (!none && (typeof section !== 'object' || Array.isArray(section))) {
    throw new StadiumSettingsError('the venue config\'s "stadium" must be an object');
  }
  const configured = (section ?? {}) as Partial<Record<keyof StadiumSettings, unknown>>;
  const merged: Record<keyof StadiumSettings, unknown> = {
    url: flags.url ?? environment.url ?? configured.url,
    table: flags.table ?? environment.table ?? configured.table,
    tablePublicKey: flags.tablePublicKey ?? environment.tablePublicKey ?? configured.tablePublicKey,
    resultTimeoutMs: configured.resultTimeoutMs ?? STADIUM_DEFAULTS.resultTimeoutMs,
    closeMarginMs: configured.closeMarginMs ?? STADIUM_DEFAULTS.closeMarginMs,
  };
  for (const field of Object.keys(merged) as Array<keyof StadiumSettings>) {
    const value = merged[field];
    if (value === undefined) {
      throw new StadiumSettingsError(
        `a stadium terminal needs ${STADIUM_RULES[field]}: give it with ${whereToGive(field)}`,
      );
    }
    // Flags and variables were checked above: a value still bad came from the section.
    const problem = stadiumFieldProblem(field, value);
    if (problem !== null) {
      throw new StadiumSettingsError(
        `stadium.${field} in the venue config must be ${problem}, got ${JSON.stringify(value)}`,
      );
    }
  }
  return merged as unknown as StadiumSettings;
}
