import { ConfigError, parseVenueConfig } from '../core/config/venue-config.ts';

/** The error a venue config is refused with; a config that parses fails the test. */
export function configRefusal(input: unknown): ConfigError {
  try {
    parseVenueConfig(input);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected the config to be refused');
}
