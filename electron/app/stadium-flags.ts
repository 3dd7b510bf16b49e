/**
 * The browser host's stadium flags (`--stadium URL --table ID --table-public-key B64`) and how they combine with the
 * venue config's `stadium` section (docs/stadium.md#joining-a-table): per field a flag wins over the config, the
 * config over the defaults of the two durations. Without a flag and without the section the cabinet plays alone.
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

/**
 * The settings the terminal runs with, or null when neither the config's `section` nor a flag asks for a table.
 * Throws StadiumSettingsError naming the first field that is missing or bad, and where it can be given.
 */
export function mergeStadiumSettings(section: unknown, flags: StadiumFlags): StadiumSettings | null {
  const configured = (section ?? {}) as Partial<Record<keyof StadiumSettings, unknown>>;
  if ((section === undefined || section === null) && Object.keys(flags).length === 0) return null;
  if (typeof configured !== 'object') throw new StadiumSettingsError('the venue config\'s "stadium" must be an object');
  const merged: Record<keyof StadiumSettings, unknown> = {
    url: flags.url ?? configured.url,
    table: flags.table ?? configured.table,
    tablePublicKey: flags.tablePublicKey ?? configured.tablePublicKey,
    resultTimeoutMs: configured.resultTimeoutMs ?? STADIUM_DEFAULTS.resultTimeoutMs,
    closeMarginMs: configured.closeMarginMs ?? STADIUM_DEFAULTS.closeMarginMs,
  };
  for (const field of Object.keys(merged) as Array<keyof StadiumSettings>) {
    const value = merged[field];
    const where =
      field in FLAG_FOR
        ? `--${FLAG_FOR[field as keyof typeof FLAG_FOR]} ${FLAG_ARGUMENT[field as keyof typeof FLAG_ARGUMENT]} or stadium.${field} in the venue config`
        : `stadium.${field} in the venue config`;
    if (value === undefined) {
      throw new StadiumSettingsError(`a stadium terminal needs ${STADIUM_RULES[field]}: give it with ${where}`);
    }
    const problem = stadiumFieldProblem(field, value);
    if (problem !== null) {
      throw new StadiumSettingsError(
        `stadium.${field} in the venue config must be ${problem}, got ${JSON.stringify(value)}`,
      );
    }
  }
  return merged as unknown as StadiumSettings;
}
