/**
 * The stadium terminal's link in the composition root (docs/stadium.md#joining-a-table). The host's flags and the
 * environment are laid over the venue config before it is checked (stadium-flags.ts), so the config in force says
 * whether this cabinet is a terminal and of which table; one with no `stadium` section plays alone and never reaches
 * for a broker. The link starts after the devices and runs in the background: a broker that is down at start shows
 * as unreachable and is tried again; the cabinet itself starts as before. Stopped before the journal closes.
 */
import { TABLE_ID, type StadiumConfig, type StadiumOverride } from '../core/config/stadium-config.ts';
import { ConfigError, type VenueConfig } from '../core/config/venue-config.ts';
import type { StadiumTerminalPort } from '../core/model/stadium-terminal.ts';
import { connectNatsBroker } from '../stadium/nats-broker.ts';
import { TerminalLink } from '../stadium/terminal-link.ts';
import { StadiumSettingsError, stadiumOverride, type StadiumFlags } from './stadium-flags.ts';

/** How often a terminal's client checks the connection: a cut cable shows as unreachable within about two periods. */
const PING_INTERVAL_MS = 2_000;

type Env = Readonly<Record<string, string | undefined>>;

/** The flags and variables to lay over the config; a bad variable is a refused setting, which no restart fixes. */
export function stadiumOverrideOf(flags: StadiumFlags, env: Env): StadiumOverride {
  try {
    return stadiumOverride(flags, env);
  } catch (error) {
    if (error instanceof StadiumSettingsError) throw new ConfigError([`stadium: ${error.message}`]);
    throw error;
  }
}

/** The table this cabinet is a terminal of, and its id at that table; null: it plays alone. */
export interface StadiumTerminal {
  readonly settings: StadiumConfig;
  readonly terminal: string;
}

/** What the config in force makes of this cabinet; throws ConfigError when the journal's terminal id is unusable. */
export function stadiumTerminal(cabinet: {
  venueConfig(): VenueConfig;
  stadiumTerminalId(): string;
}): StadiumTerminal | null {
  const settings = cabinet.venueConfig().stadium;
  if (settings === null) return null;
  const terminal = cabinet.stadiumTerminalId();
  // The id names a subject token and a durable consumer: the rule of a table id.
  if (!TABLE_ID.test(terminal)) {
    throw new ConfigError([`stadium: the terminal id "${terminal}" is not one subject token`]);
  }
  return { settings, terminal };
}

export interface StadiumSetup {
  /** The settings the link runs with; null for a cabinet that plays alone. */
  readonly settings: StadiumConfig | null;
  dispose(): Promise<void>;
}

/** Starts the link in the background for a terminal (nothing for null); its disposer stops it. */
export function setupStadium(
  port: StadiumTerminalPort,
  joined: StadiumTerminal | null,
  parts: { readonly env: Env; readonly log: (message: string) => void },
): StadiumSetup {
  if (joined === null) return { settings: null, dispose: async () => undefined };
  const { settings, terminal } = joined;
  const { env, log } = parts;
  const user = env.STADIUM_NATS_USER?.trim();
  const link = new TerminalLink({
    connect: () =>
      connectNatsBroker(settings.url, {
        name: `terminal ${terminal}`,
        pingIntervalMs: PING_INTERVAL_MS,
        ...(user ? { user, pass: env.STADIUM_NATS_PASSWORD ?? '' } : {}),
      }),
    port,
    settings,
    terminal,
    log: (line) => log(`stadium: ${line}`),
  });
  log(`stadium: terminal ${terminal} at table ${settings.table} through ${settings.url}`);
  link.start();
  return { settings, dispose: () => link.stop() };
}
