/**
 * The venue config start-up begins with (docs/venue-config.md#starting-with-a-file): given by the shell, a venue file
 * (`--config FILE`, else BACCARAT_CONFIG), else the config stored in the journal, else the built-in default. Nothing
 * here opens the journal: the stored config is read from the one journal start-up opens (setup-journal.ts).
 */
import { withStadiumOverride, type StadiumOverride } from '../core/config/stadium-config.ts';
import { readFileSync } from 'node:fs';
import { parseVenueFileText } from '../core/config/config-file.ts';
import { ConfigError, DEFAULT_VENUE_CONFIG, parseVenueConfig } from '../core/config/venue-config.ts';
import type { CopyPathChoice } from '../storage/open-cabinet.ts';

/**
 * Reads a venue file's JSON; an unreadable or malformed file throws ConfigError. Its fields are checked by `given`
 * once the stadium flags are laid over it (docs/stadium.md#joining-a-table), one problem per bad field.
 */
export function readVenueFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new ConfigError([`(file): cannot read ${file} (${why})`], [{ path: '', rule: 'required', other: 'file' }]);
  }
  return parseVenueFileText(text);
}

/** One stderr line per bad field of a venue file. */
export function venueFileLines(file: string, error: ConfigError): string[] {
  return error.problems.map((problem) => `venue config ${file}: ${problem}`);
}

export interface LoadedConfig {
  /** What the cabinet is opened with. */
  readonly input: unknown;
  readonly source: 'given' | 'stored-first';
  /**
   * Where the copy of critical memory lives: the given config's setting, or, with none given, the one stored in the
   * journal, read from the journal start-up opens (never from a second, earlier open).
   */
  readonly criticalCopyPath: CopyPathChoice;
  /** The stadium fields the host's flags and the environment lay over whichever config is in force. */
  readonly stadiumOverride: StadiumOverride;
}

export interface ConfigChoice {
  readonly config?: unknown;
  readonly configFile?: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** docs/stadium.md#joining-a-table: laid over the config's stadium section before it is checked. */
  readonly stadiumOverride?: StadiumOverride;
}

function given(file: unknown, stadiumOverride: StadiumOverride): LoadedConfig {
  const input = withStadiumOverride(file, stadiumOverride);
  return {
    input,
    source: 'given',
    criticalCopyPath: parseVenueConfig(input).journal.criticalCopyPath,
    stadiumOverride,
  };
}

/** The config to open the cabinet with; a bad venue file throws ConfigError before anything is touched. */
export function loadConfig(choice: ConfigChoice): LoadedConfig {
  const stadiumOverride = choice.stadiumOverride ?? {};
  if (choice.config !== undefined) return given(choice.config, stadiumOverride);
  const file = choice.configFile ?? choice.env.BACCARAT_CONFIG;
  if (file) return given(readVenueFile(file), stadiumOverride);
  return { input: DEFAULT_VENUE_CONFIG, source: 'stored-first', criticalCopyPath: 'stored-config', stadiumOverride };
}
