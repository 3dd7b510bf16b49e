/**
 * The venue configuration of one cabinet, validated before anything uses it: the rule
 * profile, table limits, chip denominations, currency, the credit limit, the max win per
 * round, the bill channels that are enabled, demo (free-play) mode, the screen timers, the
 * default language, the sound defaults, the squeeze, the device ports, the GPIO inputs and the staff session timer
 * (docs/venue-config.md). A bad field is refused with an error naming the field and what is
 * allowed; nothing is half-applied. Every field added after the first release has a
 * default, so stored configs and old venue files still load.
 *
 * The eSSP fixed key (`devices.billAcceptor.fixedKeyHex`) is a secret: config-secrets.ts
 * masks it for every view, log, audit row and export.
 *
 * No Node built-ins here: the renderer's type check reads these types (through the IPC
 * contract); the config's hash is in config-hash.ts.
 *
 * A little over 400 lines: the schema is the venue file's whole shape, each field beside its error words
 * and its default, read top to bottom like the table in docs/venue-config.md; split, a field's rule and
 * its place in the file would live apart.
 */
import { z } from 'zod';
import { EIGHT_DECK_TIE_8_TO_1, RuleProfileSchema, type RuleProfile } from '../engine/rule-profile.ts';
import { SPOTS, type Spot } from '../engine/settlement.ts';
import type { SideBet } from '../engine/side-bets.ts';
import { MAX_AMOUNT_MINOR, type MinorUnits } from '../money/minor-units.ts';
import { fieldIssues, type FieldIssue } from './field-issue.ts';
import { checkSideBetSettings, MinimumRtpPercentSchema, sideBetLimitsSchema } from './side-bet-settings.ts';
import { StadiumConfigSchema } from './stadium-config.ts';
import { ResponsibleGamingSchema, RESPONSIBLE_GAMING_OFF } from './responsible-gaming-config.ts';

const minor = (field: string) =>
  z
    .number({ error: `${field} must be a whole number of minor units (cents)` })
    .int(`${field} must be a whole number of minor units (cents), no fractions`)
    .min(1, `${field} must be at least 1 minor unit`)
    .max(MAX_AMOUNT_MINOR, `${field} must be at most ${MAX_AMOUNT_MINOR} minor units`);

const seconds = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a whole number of seconds from ${min} to ${max}` })
    .int(`${field} must be a whole number of seconds from ${min} to ${max}`)
    .min(min, `${field} must be at least ${min} seconds`)
    .max(max, `${field} must be at most ${max} seconds`);

/** A device node or GPIO value file: an absolute path, or null for none. */
const devicePath = (field: string) =>
  z
    .string({ error: `${field} must be an absolute path (e.g. /dev/ttyACM0) or null` })
    .max(200, `${field} must be at most 200 characters`)
    .regex(/^\/[^\0\n]*$/, `${field} must be an absolute path starting with /`)
    .nullable()
    .default(null);

export const SpotLimitSchema = z
  .object({ minMinor: minor('minMinor'), maxMinor: minor('maxMinor') })
  .strict()
  .refine((l) => l.minMinor <= l.maxMinor, {
    error: 'minMinor must not be above maxMinor',
    path: ['minMinor'],
    params: { rule: 'relation', other: 'maxMinor' },
  });

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

/** ISO 4217 codes this runtime knows (Intl), e.g. EUR, SEK, CZK. */
const KNOWN_CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

/** The minor digits Intl gives a currency (EUR 2, JPY 0, KWD 3). */
export function defaultMinorDigits(code: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

const CurrencySchema = z
  .object({
    code: z
      .string({ error: 'code must be an ISO 4217 currency code such as EUR' })
      .regex(/^[A-Z]{3}$/, 'code must be three capital letters (ISO 4217, e.g. EUR)')
      .refine((code) => KNOWN_CURRENCIES.has(code), {
        error: 'code must be a real ISO 4217 currency (e.g. EUR, SEK, CZK)',
        params: { rule: 'enum', other: 'ISO 4217' },
      }),
    /** Digits after the decimal point; absent: the currency's own (Intl). */
    minorDigits: z
      .number({ error: 'minorDigits must be a whole number from 0 to 3' })
      .int('minorDigits must be a whole number from 0 to 3')
      .min(0, 'minorDigits must be from 0 to 3')
      .max(3, 'minorDigits must be from 0 to 3')
      .optional(),
  })
  .strict()
  .transform((c) => ({ code: c.code, minorDigits: c.minorDigits ?? defaultMinorDigits(c.code) }));

export const LANGUAGES = ['en', 'sv', 'de', 'fi', 'nl', 'cs'] as const;

/**
 * SP 800-90B min-entropy per device byte the venue's assessment credits (docs/rng.md#entropy-estimate): at most
 * the sample size (8 bits); below 0.5 a 256-bit reseed would need more than 512 device bytes.
 */
export const MIN_ENTROPY_BITS_PER_BYTE = { min: 0.5, max: 8, default: 4 } as const;

/** The roads span this many of the most recent rounds (docs/roads.md): at least one bead-plate column, at most a long session. */
export const ROAD_WINDOW_ROUNDS = { min: 6, max: 500, default: 60 } as const;

/**
 * The squeeze's time limit (docs/squeeze.md#venue-settings): long enough to peel two cards by hand, short enough that
 * a player who walked away does not hold the cabinet.
 */
export const SQUEEZE_TIME_LIMIT_S = { min: 3, max: 60, default: 20 } as const;

export const RNG_PROTOCOLS = ['truerng', 'onerng'] as const;
/** hardware: the DRBG is seeded only by the hardware RNG; os: the venue approves OS entropy (docs/rng.md#approved-entropy-source). */
export const RNG_SOURCES = ['hardware', 'os'] as const;
export const BILL_PROTOCOLS = ['essp', 'id003'] as const;

const DevicesSchema = z
  .object({
    rng: z
      .object({
        port: devicePath('port'),
        protocol: z.enum(RNG_PROTOCOLS, { error: 'protocol must be truerng or onerng' }).default('truerng'),
        source: z
          .enum(RNG_SOURCES, { error: 'source must be hardware (the hardware RNG) or os (OS entropy, venue-approved)' })
          .default('hardware'),
        minEntropyBitsPerByte: z
          .number({
            error: `minEntropyBitsPerByte must be a number from ${MIN_ENTROPY_BITS_PER_BYTE.min} to ${MIN_ENTROPY_BITS_PER_BYTE.max}`,
          })
          .min(MIN_ENTROPY_BITS_PER_BYTE.min, `minEntropyBitsPerByte must be at least ${MIN_ENTROPY_BITS_PER_BYTE.min}`)
          .max(MIN_ENTROPY_BITS_PER_BYTE.max, `minEntropyBitsPerByte must be at most ${MIN_ENTROPY_BITS_PER_BYTE.max}`)
          .default(MIN_ENTROPY_BITS_PER_BYTE.default),
      })
      .strict()
      .prefault({}),
    billAcceptor: z
      .object({
        port: devicePath('port'),
        protocol: z.enum(BILL_PROTOCOLS, { error: 'protocol must be essp or id003' }).default('essp'),
        /** The venue's eSSP fixed key (secret, write-only): 16 hex digits, or null for none. eSSP only. */
        fixedKeyHex: z
          .string({ error: 'fixedKeyHex must be 16 hex digits or null' })
          .regex(/^[0-9a-fA-F]{16}$/, 'fixedKeyHex must be exactly 16 hex digits (64 bits)')
          .nullable()
          .default(null),
      })
      .strict()
      .prefault({}),
  })
  .strict()
  .prefault({});

const onOff = (field: string, fallback: boolean) =>
  z.boolean({ error: `${field} must be true or false` }).default(fallback);

/** The sound a new player's session starts with (docs/sound.md#venue-defaults); the player may change it. */
const SoundSchema = z
  .object({
    soundOn: onOff('soundOn', true),
    effectsOn: onOff('effectsOn', true),
    musicOn: onOff('musicOn', false),
    volumePercent: z
      .number({ error: 'volumePercent must be a whole number from 0 to 100' })
      .int('volumePercent must be a whole number from 0 to 100')
      .min(0, 'volumePercent must be at least 0')
      .max(100, 'volumePercent must be at most 100')
      .default(60),
  })
  .strict()
  .prefault({});

const inputFile = (field: string) =>
  z
    .string({ error: `${field} must be a file path or null` })
    .min(1, `${field} must not be empty (use null when not wired)`)
    .max(4096, `${field} must be at most 4096 characters`)
    .nullable();

/**
 * Rounds kept in the live journal (the rest move to the archive). Game recall must show at least the last
 * 10 rounds (docs/cabinet-rules.md#game-recall); the floor of 10,000 keeps weeks of play live, far above it.
 */
export const GAME_RECALL_DEPTH = 10;
export const RETAIN_ROUNDS = { min: Math.max(10_000, GAME_RECALL_DEPTH), max: 10_000_000, default: 20_000 } as const;
const RETAIN_ROUNDS_RULE =
  `retainRounds must be a whole number of rounds from ${RETAIN_ROUNDS.min} to ${RETAIN_ROUNDS.max}: ` +
  `game recall needs the last ${GAME_RECALL_DEPTH} rounds live and the cabinet keeps at least ${RETAIN_ROUNDS.min}`;

export const VenueConfigSchema = z
  .object({
    profile: RuleProfileSchema,
    limits: z
      .object({
        spots: z.object({ player: SpotLimitSchema, banker: SpotLimitSchema, tie: SpotLimitSchema }).strict(),
        /** The side bets this venue offers, each with its limits; absent: not offered (side-bet-settings.ts). */
        sideBets: sideBetLimitsSchema(SpotLimitSchema),
        tableMaxMinor: minor('tableMaxMinor'),
        chipDenominationsMinor: z
          .array(minor('chip'), { error: 'chipDenominationsMinor must be a list of chip values in minor units' })
          .min(1, 'chipDenominationsMinor needs at least one chip')
          .max(12, 'chipDenominationsMinor allows at most 12 chips')
          .refine((chips) => chips.every((c, i) => i === 0 || c > (chips[i - 1] ?? 0)), {
            error: 'chipDenominationsMinor must be strictly increasing (no duplicates)',
            params: { rule: 'increasing' },
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
        params: { rule: 'unique' },
      }),
    demoMode: z.boolean({ error: 'demoMode must be true or false' }),
    /** Free-play credits given in demo mode (never metered). */
    demoCreditsMinor: minor('demoCreditsMinor'),
    currency: CurrencySchema.prefault({ code: 'EUR' }),
    /** Idle seconds on an empty table before the attract loop starts. */
    attractIdleS: seconds('attractIdleS', 10, 3600).default(60),
    /** Seconds without a touch before the player is asked whether they are still playing. */
    playerInactivityS: seconds('playerInactivityS', 30, 3600).default(120),
    defaultLanguage: z
      .enum(LANGUAGES, { error: `defaultLanguage must be one of ${LANGUAGES.join(', ')}` })
      .default('en'),
    sound: SoundSchema,
    devices: DevicesSchema,
    /**
     * The cabinet's switch inputs: GPIO value files ("1" on/open, "0" off/closed), read by main
     * (electron/devices/switches/). null: not wired (the key stays off, the door closed).
     */
    inputs: z
      .object({
        operatorKeyFile: inputFile('operatorKeyFile').default(null),
        doorFile: inputFile('doorFile').default(null),
      })
      .strict()
      .prefault({}),
    /** The roads at the table (docs/roads.md): how many recent rounds they span, and whether a new player sees them. */
    roads: z
      .object({
        windowRounds: z
          .number({
            error: `windowRounds must be a whole number of rounds from ${ROAD_WINDOW_ROUNDS.min} to ${ROAD_WINDOW_ROUNDS.max}`,
          })
          .int(
            `windowRounds must be a whole number of rounds from ${ROAD_WINDOW_ROUNDS.min} to ${ROAD_WINDOW_ROUNDS.max}`,
          )
          .min(ROAD_WINDOW_ROUNDS.min, `windowRounds must be at least ${ROAD_WINDOW_ROUNDS.min} rounds`)
          .max(ROAD_WINDOW_ROUNDS.max, `windowRounds must be at most ${ROAD_WINDOW_ROUNDS.max} rounds`)
          .default(ROAD_WINDOW_ROUNDS.default),
        shownByDefault: z.boolean({ error: 'shownByDefault must be true or false' }).default(true),
      })
      .strict()
      .prefault({}),
    /**
     * The squeeze (docs/squeeze.md#venue-settings): whether players may reveal their hand by peeling its cards, and the
     * seconds after which the cards still face down turn by themselves. Off by default.
     */
    squeeze: z
      .object({
        offered: z.boolean({ error: 'offered must be true or false' }).default(false),
        timeLimitS: seconds('timeLimitS', SQUEEZE_TIME_LIMIT_S.min, SQUEEZE_TIME_LIMIT_S.max).default(
          SQUEEZE_TIME_LIMIT_S.default,
        ),
      })
      .strict()
      .prefault({}),
    /** Staff access (docs/cabinet-rules.md#operator-menu-and-key-switch): idle sign-out after this many seconds. */
    staff: z
      .object({
        idleSignOutS: z
          .number({ error: 'idleSignOutS must be a whole number of seconds' })
          .int('idleSignOutS must be a whole number of seconds')
          .min(15, 'idleSignOutS must be at least 15 seconds')
          .max(3600, 'idleSignOutS must be at most 3600 seconds')
          .default(300),
      })
      .strict()
      .prefault({}),
    /**
     * The journal's files: retention (docs/cabinet-rules.md#retention-and-archive), the newest this many rounds
     * stay in the live journal; and where the second copy of critical memory lives
     * (docs/cabinet-rules.md#critical-memory), null: `<journal>.critical` beside the journal, a path on another
     * device lets the two fail apart (read at start-up; BACCARAT_CRITICAL_COPY overrides it).
     */
    journal: z
      .object({
        criticalCopyPath: z
          .string({ error: 'criticalCopyPath must be an absolute file path or null' })
          .min(1, 'criticalCopyPath must not be empty (use null for the file beside the journal)')
          .max(4096, 'criticalCopyPath must be at most 4096 characters')
          .refine((p) => p.startsWith('/'), {
            error:
              'criticalCopyPath must be an absolute path (starting with /), or null for the file beside the journal',
            params: { rule: 'pattern' },
          })
          .nullable()
          .default(null),
        retainRounds: z
          .number({ error: RETAIN_ROUNDS_RULE })
          .int(RETAIN_ROUNDS_RULE)
          .min(RETAIN_ROUNDS.min, RETAIN_ROUNDS_RULE)
          .max(RETAIN_ROUNDS.max, RETAIN_ROUNDS_RULE)
          .default(RETAIN_ROUNDS.default),
      })
      .strict()
      .prefault({}),
    /** The reality check and the session limits (docs/responsible-gaming.md#venue-settings); all off by default. */
    responsibleGaming: ResponsibleGamingSchema,
    /** The shared table this cabinet is a terminal of (stadium-config.ts); null: it plays alone. */
    stadium: StadiumConfigSchema,
    /** The lowest return to player any offered bet may have, in percent; null: no floor (side-bet-settings.ts). */
    minimumRtpPercent: MinimumRtpPercentSchema,
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
          params: { rule: 'relation', other: 'limits.tableMaxMinor', limit: cfg.limits.tableMaxMinor },
        });
      }
    }
    // OS entropy approved AND a hardware port named: which one seeds the cards would be unclear.
    if (cfg.devices.rng.source === 'os' && cfg.devices.rng.port !== null) {
      ctx.addIssue({
        code: 'custom',
        path: ['devices', 'rng', 'port'],
        message: 'port must be null when source is os (OS entropy); use source hardware for a hardware RNG',
        params: { rule: 'relation', other: 'source' },
      });
    }
    checkSideBetSettings(cfg, ctx);
    const smallest = cfg.limits.chipDenominationsMinor[0] ?? 0;
    const sideMaxima = Object.values(cfg.limits.sideBets).map((l) => l.maxMinor);
    const smallestMax = Math.min(...SPOTS.map((s) => cfg.limits.spots[s].maxMinor), ...sideMaxima);
    if (smallest > smallestMax) {
      ctx.addIssue({
        code: 'custom',
        path: ['limits', 'chipDenominationsMinor'],
        message: 'the smallest chip must fit under every spot max',
        params: { rule: 'relation', other: 'limits.spots.maxMinor', limit: smallestMax },
      });
    }
  });

export type VenueConfig = z.output<typeof VenueConfigSchema>;
/** A venue file as written: every field added after the first release may be left out. */
export type VenueConfigInput = z.input<typeof VenueConfigSchema>;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly problems: readonly string[];
  /** The same problems, structured for a translated screen. */
  readonly fields: readonly FieldIssue[];
  constructor(problems: readonly string[], fields: readonly FieldIssue[] = []) {
    super(`invalid venue config: ${problems.join('; ')}`);
    this.problems = problems;
    this.fields = fields;
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
  throw new ConfigError(problems, fieldIssues(result.error.issues, input));
}

/** The value of an enabled bill channel, or null when the channel is unknown or disabled. */
export function enabledBillValue(config: VenueConfig, channel: number): MinorUnits | null {
  const entry = config.billChannels.find((c) => c.channel === channel);
  return entry && entry.enabled ? entry.valueMinor : null;
}

export function spotLimit(config: VenueConfig, spot: Spot): { minMinor: MinorUnits; maxMinor: MinorUnits } {
  return config.limits.spots[spot];
}

/** A side bet's limits, or null when the venue does not offer it. */
export function sideBetLimit(config: VenueConfig, bet: SideBet): { minMinor: MinorUnits; maxMinor: MinorUnits } | null {
  return config.limits.sideBets[bet] ?? null;
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
    sideBets: {},
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
  currency: { code: 'EUR', minorDigits: 2 },
  attractIdleS: 60,
  playerInactivityS: 120,
  defaultLanguage: 'en',
  sound: { soundOn: true, effectsOn: true, musicOn: false, volumePercent: 60 },
  devices: {
    rng: { port: null, protocol: 'truerng', source: 'hardware', minEntropyBitsPerByte: 4 },
    billAcceptor: { port: null, protocol: 'essp', fixedKeyHex: null },
  },
  inputs: { operatorKeyFile: null, doorFile: null },
  roads: { windowRounds: ROAD_WINDOW_ROUNDS.default, shownByDefault: true },
  squeeze: { offered: false, timeLimitS: SQUEEZE_TIME_LIMIT_S.default },
  staff: { idleSignOutS: 300 },
  journal: { criticalCopyPath: null, retainRounds: RETAIN_ROUNDS.default },
  responsibleGaming: RESPONSIBLE_GAMING_OFF,
  stadium: null,
  minimumRtpPercent: null,
};
