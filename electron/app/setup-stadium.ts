/**
 * The stadium terminal's link in the composition root (docs/stadium.md#joining-a-table): started only when the venue
 * config has a `stadium` section, or the browser host a stadium flag, or the environment a stadium variable; a
 * cabinet with none of them plays alone and never reaches for a broker. The settings are checked before the journal
 * opens when the config is given, and again once the config in force is known; the link starts after the devices. The link runs in the background: a broker that is down at start shows as unreachable
 * and is tried again; the cabinet itself starts as before. Stopped before the journal closes.
 */
import { ConfigError } from '../core/config/venue-config.ts';
import { connectNatsBroker } from '../stadium/nats-broker.ts';
import { TerminalLink, type TerminalLinkPort } from '../stadium/terminal-link.ts';
import { TERMINAL_ID, type StadiumSettings } from '../stadium/terminal-settings.ts';
import { mergeStadiumSettings, StadiumSettingsError, type StadiumFlags } from './stadium-flags.ts';

/** The link's port and the terminal id the core keeps in its journal (docs/stadium.md#the-cores-side). */
export interface StadiumCore extends TerminalLinkPort {
  stadiumTerminalId(): string;
}

const CORE_METHODS = [
  'stadiumOpen',
  'stadiumClose',
  'stadiumResult',
  'stadiumVoid',
  'stadiumFault',
  'stadiumLink',
  'stadiumUnreported',
  'stadiumReported',
  'stadiumTerminalId',
] as const;

/** The cabinet as a stadium core, or null when this cabinet core has not the calls a terminal needs. */
export function stadiumCoreOf(cabinet: object): StadiumCore | null {
  const has = (name: string): boolean => typeof (cabinet as Record<string, unknown>)[name] === 'function';
  return CORE_METHODS.every(has) ? (cabinet as StadiumCore) : null;
}

/** How often a terminal's client checks the connection: a cut cable shows as unreachable within about two periods. */
const PING_INTERVAL_MS = 2_000;

export interface StadiumSetup {
  /** The settings the link runs with; null for a cabinet that plays alone. */
  readonly settings: StadiumSettings | null;
  dispose(): Promise<void>;
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The settings a venue config (its `stadium` section, read as given: the config's own schema checks its fields),
 * the host's flags and the environment make; null: the cabinet plays alone. Throws ConfigError (a refused setting,
 * which no restart fixes) when they do not make a terminal.
 */
export function stadiumSettingsFor(config: unknown, flags: StadiumFlags, env: Env): StadiumSettings | null {
  const section = (config as { readonly stadium?: unknown } | null)?.stadium;
  try {
    return mergeStadiumSettings(section, flags, env);
  } catch (error) {
    if (error instanceof StadiumSettingsError) throw new ConfigError([`stadium: ${error.message}`]);
    throw error;
  }
}

/** The cabinet's stadium calls and its terminal id; throws ConfigError when this cabinet cannot be a terminal. */
export function stadiumCoreFor(cabinet: object): { core: StadiumCore; terminal: string } {
  const core = stadiumCoreOf(cabinet);
  if (core === null) throw new ConfigError(['stadium: this cabinet core cannot take part in a stadium']);
  const terminal = core.stadiumTerminalId();
  if (!TERMINAL_ID.test(terminal)) {
    throw new ConfigError([`stadium: the terminal id "${terminal}" is not one subject token`]);
  }
  return { core, terminal };
}

/** Starts the link in the background for `settings` (none for null); its disposer stops it. */
export function setupStadium(
  cabinet: object,
  settings: StadiumSettings | null,
  parts: { readonly env: Env; readonly log: (message: string) => void },
): StadiumSetup {
  if (settings === null) return { settings: null, dispose: async () => undefined };
  const { env, log } = parts;
  const { core, terminal } = stadiumCoreFor(cabinet);
  const user = env.STADIUM_NATS_USER?.trim();
  const link = new TerminalLink({
    connect: () =>
      connectNatsBroker(settings.url, {
        name: `terminal ${terminal}`,
        pingIntervalMs: PING_INTERVAL_MS,
        ...(user ? { user, pass: env.STADIUM_NATS_PASSWORD ?? '' } : {}),
      }),
    port: core,
    settings,
    terminal,
    log: (line) => log(`stadium: ${line}`),
  });
  log(`stadium: terminal ${terminal} at table ${settings.table} through ${settings.url}`);
  link.start();
  return { settings, dispose: () => link.stop() };
}
