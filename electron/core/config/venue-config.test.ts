import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEFAULT_VENUE_CONFIG,
  configHash,
  describeConfigChange,
  parseVenueConfig,
} from './venue-config.ts';

function problemsOf(input: unknown): string {
  try {
    parseVenueConfig(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the config to be refused');
}

describe('venue config validation: errors name the field and what is allowed', () => {
  it('accepts the default venue', () => {
    expect(parseVenueConfig(DEFAULT_VENUE_CONFIG)).toEqual(DEFAULT_VENUE_CONFIG);
  });

  it('refuses fractional money, a min above the max, unsorted chips and unknown fields', () => {
    const base = DEFAULT_VENUE_CONFIG;
    expect(problemsOf({ ...base, limits: { ...base.limits, creditLimitMinor: 12.5 } })).toMatch(
      /limits\.creditLimitMinor: creditLimitMinor must be a whole number of minor units/,
    );
    expect(
      problemsOf({
        ...base,
        limits: { ...base.limits, spots: { ...base.limits.spots, tie: { minMinor: 500, maxMinor: 100 } } },
      }),
    ).toMatch(/limits\.spots\.tie\.minMinor: minMinor must not be above maxMinor/);
    expect(problemsOf({ ...base, limits: { ...base.limits, chipDenominationsMinor: [100, 50] } })).toMatch(
      /chipDenominationsMinor must be strictly increasing/,
    );
    expect(problemsOf({ ...base, jackpot: true })).toMatch(/jackpot/);
    expect(problemsOf({ ...base, profile: { ...base.profile, tiePays: 7 } })).toMatch(
      /profile\.tiePays: tiePays must be 8 or 9/,
    );
    expect(
      problemsOf({ ...base, billChannels: [...base.billChannels, { channel: 1, valueMinor: 100, enabled: true }] }),
    ).toMatch(/billChannels must not repeat a channel/);
  });

  it('hashes equal configs equally and describes a change by field', () => {
    const copy = JSON.parse(JSON.stringify(DEFAULT_VENUE_CONFIG));
    expect(configHash(copy)).toBe(configHash(DEFAULT_VENUE_CONFIG));
    const changed = { ...DEFAULT_VENUE_CONFIG, demoMode: true };
    expect(describeConfigChange(DEFAULT_VENUE_CONFIG, changed)).toBe('config changed: demoMode: false → true');
  });
});
