/**
 * The venue config start-up begins with (docs/venue-config.md#starting-with-a-file): given by the shell, a venue file
 * (`--config FILE`, else BACCARAT_CONFIG), else the config stored in the journal, else the built-in default.
 */
import { existsSync, readFileSync } from 'node:fs';
import { storedVenueConfig } from '../core/cabinet/config-change.ts';
import { parseVenueFileText } from '../core/config/config-file.ts';
import { ConfigError, DEFAULT_VENUE_CONFIG, parseVenueConfig, type VenueConfig } from '../core/config/venue-config.ts';
import { Journal } from '../storage/journal.ts';
import { retryTransient } from '../storage/journal-read-retry.ts';

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
  /** The config as far as start-up can tell before the journal is open (device ports, the copy file's path). */
  readonly preview: VenueConfig;
}

export interface ConfigChoice {
  readonly journalPath: string;
  readonly config?: unknown;
  readonly configFile?: string;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/**
 * The stored config, read without changing the journal (null for a new or unreadable journal); a transient
 * read error is tried again (journal-read-retry.ts), so one bad read does not pick the wrong devices.
 */
function peekStoredConfig(journalPath: string): VenueConfig | null {
  if (!existsSync(journalPath)) return null;
  try {
    return retryTransient(() => {
      const journal = Journal.open(journalPath, { readOnly: true });
      try {
        return storedVenueConfig({ journal });
      } finally {
        journal.close();
      }
    });
  } catch {
    return null;
  }
}

/** The config to open the cabinet with; a bad venue file throws ConfigError before anything is touched. */
export function loadConfig(choice: ConfigChoice): LoadedConfig {
  if (choice.config !== undefined) {
    return { input: choice.config, source: 'given', preview: parseVenueConfig(choice.config) };
  }
  const file = choice.configFile ?? choice.env.BACCARAT_CONFIG;
  if (file) {
    const input = readVenueFile(file);
    return { input, source: 'given', preview: parseVenueConfig(input) };
  }
  const stored = peekStoredConfig(choice.journalPath);
  return { input: DEFAULT_VENUE_CONFIG, source: 'stored-first', preview: stored ?? DEFAULT_VENUE_CONFIG };
}
