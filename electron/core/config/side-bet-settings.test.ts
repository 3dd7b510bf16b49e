import { describe, expect, it } from 'vitest';
import { describeFieldIssue, type FieldIssue } from './field-issue.ts';
import { offeredReturnsPercent } from './side-bet-settings.ts';
import { ConfigError, DEFAULT_VENUE_CONFIG, parseVenueConfig, type VenueConfigInput } from './venue-config.ts';

const base = DEFAULT_VENUE_CONFIG;
const ez = { ...base.profile, variant: 'ez' as const };
const pairLimit = { minMinor: 100, maxMinor: 2_500 };

function withSideBets(sideBets: Record<string, unknown>, extra: Partial<VenueConfigInput> = {}): unknown {
  return { ...base, ...extra, limits: { ...base.limits, sideBets } };
}

function issuesOf(input: unknown): FieldIssue[] {
  try {
    parseVenueConfig(input);
  } catch (error) {
    if (error instanceof ConfigError) return [...error.fields];
    throw error;
  }
  throw new Error('expected the config to be refused');
}

describe('side bets a venue offers: limits per bet, none by default', () => {
  it('a venue file without side bets offers none and has no return floor', () => {
    const { limits, minimumRtpPercent, ...rest } = base;
    const { sideBets, ...oldLimits } = limits;
    void [minimumRtpPercent, sideBets];
    const parsed = parseVenueConfig({ ...rest, limits: oldLimits });
    expect(parsed.limits.sideBets).toEqual({});
    expect(parsed.minimumRtpPercent).toBeNull();
  });

  it('accepts EZ side bets at an EZ table, each with its own limits', () => {
    const parsed = parseVenueConfig(
      withSideBets({ 'dragon-7': pairLimit, 'panda-8': pairLimit, 'player-pair': pairLimit }, { profile: ez }),
    );
    expect(Object.keys(parsed.limits.sideBets).sort()).toEqual(['dragon-7', 'panda-8', 'player-pair']);
  });

  it('refuses a side bet the variant does not offer, naming the bet and the variant', () => {
    const issues = issuesOf(withSideBets({ 'dragon-7': pairLimit }));
    expect(issues).toEqual([
      {
        path: 'limits.sideBets.dragon-7',
        rule: 'not-offered',
        other: 'profile.variant',
        bet: 'dragon-7',
        variant: 'commission',
      },
    ]);
    expect(describeFieldIssue(issues[0]!)).toContain('dragon-7 is not offered with the commission variant');
  });

  it('refuses an unknown side bet as an unknown field', () => {
    expect(issuesOf(withSideBets({ 'royal-match': pairLimit }))).toEqual([
      { path: 'limits.sideBets.royal-match', rule: 'unknown-field' },
    ]);
  });

  it('refuses a side-bet min above its max, and a max above the table max', () => {
    expect(issuesOf(withSideBets({ 'lucky-6': { minMinor: 500, maxMinor: 100 } }))).toContainEqual(
      expect.objectContaining({ path: 'limits.sideBets.lucky-6.minMinor', rule: 'relation' }),
    );
    expect(issuesOf(withSideBets({ 'lucky-6': { minMinor: 100, maxMinor: 200_000 } }))).toContainEqual({
      path: 'limits.sideBets.lucky-6.maxMinor',
      rule: 'relation',
      other: 'limits.tableMaxMinor',
      limit: base.limits.tableMaxMinor,
    });
  });

  it('refuses a side-bet max below the smallest chip, as for the main spots', () => {
    expect(issuesOf(withSideBets({ 'either-pair': { minMinor: 5, maxMinor: 5 } }))).toContainEqual({
      path: 'limits.chipDenominationsMinor',
      rule: 'relation',
      other: 'limits.spots.maxMinor',
      limit: 5,
    });
  });
});

describe('minimum return to player: every offered bet reaches it, main spots included', () => {
  it('lists the exact returns of the offered bets, main spots first', () => {
    const cfg = parseVenueConfig(withSideBets({ 'lucky-6': pairLimit }));
    const returns = offeredReturnsPercent(cfg);
    expect(returns.map((r) => r.bet)).toEqual(['player', 'banker', 'tie', 'lucky-6']);
    // Eight decks, Tie 8:1: Banker 98.94%, Tie 85.64% (docs/rules.md#published-returns).
    expect(returns[1]!.rtpPercent).toBeCloseTo(98.94, 2);
    expect(returns[2]!.rtpPercent).toBeCloseTo(85.64, 2);
  });

  it('refuses a setting whose offered bet is below the minimum, naming the bet and both figures', () => {
    const cfg = withSideBets({ 'lucky-6': pairLimit }, { minimumRtpPercent: 85 });
    const issues = issuesOf(cfg);
    expect(issues).toHaveLength(1);
    const [issue] = issues;
    expect(issue).toMatchObject({
      path: 'limits.sideBets.lucky-6',
      rule: 'below-minimum-rtp',
      bet: 'lucky-6',
      limit: 85,
    });
    expect(issue!.rtpPercent).toBeLessThan(85);
    expect(describeFieldIssue(issue!)).toMatch(/lucky-6 returns \d+\.\d\d%, below the minimum 85%/);
  });

  it('counts the main spots too: Tie 8:1 is below a 90% floor', () => {
    expect(issuesOf({ ...base, minimumRtpPercent: 90 })).toEqual([
      expect.objectContaining({ path: 'limits.spots.tie', rule: 'below-minimum-rtp', bet: 'tie', limit: 90 }),
    ]);
  });

  it('accepts a floor every offered bet reaches, and refuses a floor outside 0–100', () => {
    expect(parseVenueConfig({ ...base, minimumRtpPercent: 85 }).minimumRtpPercent).toBe(85);
    expect(issuesOf({ ...base, minimumRtpPercent: 101 })).toEqual([
      { path: 'minimumRtpPercent', rule: 'max', limit: 100 },
    ]);
  });
});
