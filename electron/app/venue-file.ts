/**
 * The venue config start-up begins with (docs/venue-config.md#starting-with-a-file): given by the shell, a venue file
 * (`--config FILE`, else BACCARAT_CONFIG), else the config stored in the journal, else the built-in default. Nothing
 * here opens the journal: the stored config is read from the one journal start-up opens (setup-journal.ts).
 */
import { readFileSync } from 'node:fs';
import { parseVenueFileText } from '../core/config/config-file.ts';
import { ConfigError, DEFAULT_VENUE_CONFIG, parseVenueConfig } from '../core/config/venue-config.ts';
import type { CopyPathChoice } from '../storage/open-cabinet.ts';

/**
 * Reads and validates a venue file. Throws ConfigError with one problem per bad field (an unreadable or malformed
 * file is one problem too).
 */
export function readVenueFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new ConfigError([`(file): cannot read ${file} (${why})`], [{ path: '', rule: 'required', other: 'file' }]);
  }
  const input = parseVenueFileText(text);
  parseVenueConfig(input);
  return input;
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
}

export interface ConfigChoice {
  readonly config?: unknown;
  readonly configFile?: string;
  readonly env: Readonly<Record<string, string | undefined>>;
}

function given(input: unknown): LoadedConfig {
  return { input, source: 'given', criticalCopyPath: parseVenueConfig(input).journal.criticalCopyPath };
}

/** The config to open the cabinet with; a bad venue file throws ConfigError before anything is touched. */
export function loadConfig(choice: ConfigChoice): LoadedConfig {
  if (choice.config !== undefined) return given(choice.config);
  const file = choice.configFile ?? choice.env.BACCARAT_CONFIG;
  if (file) return given(readVenueFile(file));
  return { input: DEFAULT_VENUE_CONFIG, source: 'stored-first', criticalCopyPath: 'stored-config' };
}
