/**
 * The venue configuration of one cabinet, validated before anything uses it:
 * the rule profile, table limits, chip denominations, the credit limit, the
 * max win per round, the bill channels that are enabled, and demo (free-play)
 * mode. A bad field is refused with an error naming the field and what is
 * allowed; nothing is half-applied. Config changes go to the event log (the
 * cabinet compares the config hash kept in critical memory at every start).
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { EIGHT_DECK_TIE_8_TO_1, RuleProfileSchema, type RuleProfile } from '../engine/rule-profile.ts';
import { SPOTS, type Spot } from '../engine/settlement.ts';
import { canonicalJson } from '../integrity/canonical-json.ts';
import { MAX_AMOUNT_MINOR, type MinorUnits } from '../money/minor-units.ts';

const minor = (field: string) =>
  z
    .number({ error: `${field} must be a whole number of minor units (cents)` })
    .int(`${field} must be a whole number of minor units (cents), no fractions`)
    .positive(`${field} must be at least 1 minor unit`)
    .max(MAX_AMOUNT_MINOR, `${field} must be at most ${MAX_AMOUNT_MINOR} minor units`);

const SpotLimitSchema = z
  .object({ minMinor: minor('minMinor'), maxMinor: minor('maxMinor') })
  .strict()
  .refine((l) => l.minMinor <= l.maxMinor, { error: 'minMinor must not be above maxMinor', path: ['minMinor'] });

const BillChannelSchema = z
  .object({
    channel: z
      .number()
      .int('channel must be a whole number from 1 to 16')
      .min(1, 'channel must be from 1 to 16')
      .max(16, 'channel must be from 1 to 16'),
    valueMinor: minor('valueMinor'),
    enabled: z.boolean({ error: 'enabled must be true or false' }),
  })
  .strict();

const inputFile = (field: string) =>
  z
    .string({ error: `${field} must be a file path or null` })
    .min(1, `${field} must not be empty (use null when not wired)`)
    .max(4096, `${field} must be at most 4096 characters`)
    .nullable();

export const VenueConfigSchema = z
  .object({
    profile: RuleProfileSchema,
    limits: z
      .object({
        spots: z.object({ player: SpotLimitSchema, banker: SpotLimitSchema, tie: SpotLimitSchema }).strict(),
        tableMaxMinor: minor('tableMaxMinor'),
        chipDenominationsMinor: z
          .array(minor('chip'), { error: 'chipDenominationsMinor must be a list of chip values in minor units' })
          .min(1, 'chipDenominationsMinor needs at least one chip')
          .max(12, 'chipDenominationsMinor allows at most 12 chips')
          .refine((chips) => chips.every((c, i) => i === 0 || c > (chips[i - 1] ?? 0)), {
            error: 'chipDenominationsMinor must be strictly increasing (no duplicates)',
          }),
        creditLimitMinor: minor('creditLimitMinor'),
        maxWinPerRoundMinor: minor('maxWinPerRoundMinor'),
      })
      .strict(),
    billChannels: z
      .array(BillChannelSchema, { error: 'billChannels must be a list of {channel, valueMinor, enabled}' })
      .max(16, 'billChannels allows at most 16 channels')
      .refine((list) => new Set(list.map((c) => c.channel)).size === list.length, {
        error: 'billChannels must not repeat a channel number',
      }),
    demoMode: z.boolean({ error: 'demoMode must be true or false' }),
    /** Free-play credits given in demo mode (never metered). */
    demoCreditsMinor: minor('demoCreditsMinor'),
    /**
     * The cabinet's switch inputs: GPIO value files ("1" on/open, "0" off/closed), read by main
     * (electron/devices/switches/). null: not wired (the key stays off, the door closed).
     */
    inputs: z
      .object({ operatorKeyFile: inputFile('operatorKeyFile'), doorFile: inputFile('doorFile') })
      .strict()
      .default({ operatorKeyFile: null, doorFile: null }),
    /** Staff access (docs/cabinet-rules.md#operator-menu-and-key-switch): idle sign-out after this many seconds. */
    staff: z
      .object({
        idleSignOutS: z
          .number({ error: 'idleSignOutS must be a whole number of seconds' })
          .int('idleSignOutS must be a whole number of seconds')
          .min(15, 'idleSignOutS must be at least 15 seconds')
          .max(3600, 'idleSignOutS must be at most 3600 seconds'),
      })
      .strict()
      .default({ idleSignOutS: 300 }),
  })
  .strict()
  .superRefine((cfg, ctx) => {
    for (const spot of SPOTS) {
      const l = cfg.limits.spots[spot];
      if (l.maxMinor > cfg.limits.tableMaxMinor) {
        ctx.addIssue({
          code: 'custom',
          path: ['limits', 'spots', spot, 'maxMinor'],
          message: `maxMinor must not be above tableMaxMinor (${cfg.limits.tableMaxMinor})`,
        });
      }
    }
    const smallest = cfg.limits.chipDenominationsMinor[0] ?? 0;
    if (smallest > Math.min(...SPOTS.map((s) => cfg.limits.spots[s].maxMinor))) {
      ctx.addIssue({
        code: 'custom',
        path: ['limits', 'chipDenominationsMinor'],
        message: 'the smallest chip must fit under every spot max',
      });
    }
  });

export type VenueConfig = z.infer<typeof VenueConfigSchema>;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(`invalid venue config: ${problems.join('; ')}`);
    this.problems = problems;
  }
}

/** Validates a venue config; the error names every bad field and what is allowed. */
export function parseVenueConfig(input: unknown): VenueConfig {
  const result = VenueConfigSchema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const field = issue.path.map(String).join('.') || '(config)';
    return `${field}: ${issue.message}`;
  });
  throw new ConfigError(problems);
}

export function configHash(config: VenueConfig): string {
  return createHash('sha256').update(canonicalJson(config)).digest('hex');
}

/** The value of an enabled bill channel, or null when the channel is unknown or disabled. */
export function enabledBillValue(config: VenueConfig, channel: number): MinorUnits | null {
  const entry = config.billChannels.find((c) => c.channel === channel);
  return entry && entry.enabled ? entry.valueMinor : null;
}

export function spotLimit(config: VenueConfig, spot: Spot): { minMinor: MinorUnits; maxMinor: MinorUnits } {
  return config.limits.spots[spot];
}

/** Names the top-level fields that differ, for the config-change entry in the event log. */
export function describeConfigChange(before: VenueConfig | null, after: VenueConfig): string {
  if (before === null) return 'config installed';
  const changed: string[] = [];
  const walk = (a: unknown, b: unknown, path: string): void => {
    if (canonicalJson(a) === canonicalJson(b)) return;
    if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
      const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
      for (const k of keys)
        walk((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], path ? `${path}.${k}` : k);
      return;
    }
    changed.push(`${path}: ${canonicalJson(a)} → ${canonicalJson(b)}`);
  };
  walk(before, after, '');
  return changed.length ? `config changed: ${changed.join('; ')}` : 'config unchanged';
}

/** A sensible default venue: eight decks, Tie 8:1, EUR-style chips and notes. */
export const DEFAULT_VENUE_CONFIG: VenueConfig = {
  profile: EIGHT_DECK_TIE_8_TO_1 as RuleProfile,
  limits: {
    spots: {
      player: { minMinor: 100, maxMinor: 50_000 },
      banker: { minMinor: 100, maxMinor: 50_000 },
      tie: { minMinor: 100, maxMinor: 10_000 },
    },
    tableMaxMinor: 100_000,
    chipDenominationsMinor: [10, 50, 100, 500, 2_500, 10_000],
    creditLimitMinor: 200_000,
    maxWinPerRoundMinor: 500_000,
  },
  billChannels: [
    { channel: 1, valueMinor: 500, enabled: true },
    { channel: 2, valueMinor: 1_000, enabled: true },
    { channel: 3, valueMinor: 2_000, enabled: true },
    { channel: 4, valueMinor: 5_000, enabled: true },
    { channel: 5, valueMinor: 10_000, enabled: true },
    { channel: 6, valueMinor: 20_000, enabled: false },
  ],
  demoMode: false,
  demoCreditsMinor: 100_000,
  inputs: { operatorKeyFile: null, doorFile: null },
  staff: { idleSignOutS: 300 },
};
