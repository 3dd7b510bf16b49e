/**
 * The venue config's `stadium` section (docs/venue-config.md#stadium, docs/stadium.md#terminals): the table this
 * cabinet is a terminal of. null (the default) keeps the cabinet playing alone, exactly as without the section.
 * No Node built-ins here (the renderer's type check reads these types).
 */
import { z } from 'zod';

/** A table id: one NATS subject token (the table server checks the same rule for its --table flag). */
export const TABLE_ID = /^[A-Za-z0-9_-]{1,32}$/;
export const TABLE_ID_RULE = '1 to 32 letters, digits, dashes or underscores';

/** One broker URL of a comma-separated list: nats:// or tls://, a host, and an optional port. */
const BROKER_URL = /^(nats|tls):\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/;
const URL_RULE = 'url must be nats://host:port or tls://host:port, several of one cluster separated by commas';

/** Base64 of exactly 32 bytes: 43 characters and one `=`; the last character carries 2 bits of padding. */
const RAW_32_BYTES_BASE64 = /^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=$/;

export const RESULT_TIMEOUT_MS = { min: 1_000, max: 120_000, default: 15_000 } as const;
export const CLOSE_MARGIN_MS = { min: 0, max: 10_000, default: 1_000 } as const;

const wholeMs = (field: string, bounds: { readonly min: number; readonly max: number; readonly default: number }) => {
  const rule = `${field} must be a whole number of milliseconds from ${bounds.min} to ${bounds.max}`;
  return z
    .number({ error: rule })
    .int(rule)
    .min(bounds.min, `${field} must be at least ${bounds.min} ms`)
    .max(bounds.max, `${field} must be at most ${bounds.max} ms`)
    .default(bounds.default);
};

const StadiumSectionSchema = z
  .object({
    url: z
      .string({ error: URL_RULE })
      .max(1000, 'url must be at most 1000 characters')
      .refine((list) => list.split(',').every((u) => BROKER_URL.test(u.trim())), {
        error: URL_RULE,
        params: { rule: 'pattern' },
      }),
    table: z.string({ error: `table must be ${TABLE_ID_RULE}` }).regex(TABLE_ID, `table must be ${TABLE_ID_RULE}`),
    tablePublicKey: z
      .string({ error: 'tablePublicKey must be the base64 of the table’s raw 32-byte Ed25519 public key' })
      .regex(
        RAW_32_BYTES_BASE64,
        'tablePublicKey must be the base64 of the table’s raw 32-byte Ed25519 public key (44 characters ending in =)',
      ),
    /** No conclusion this long after the terminal's close: the round is voided and refunded. */
    resultTimeoutMs: wholeMs('resultTimeoutMs', RESULT_TIMEOUT_MS),
    /** The terminal closes its window this much before the table's, so its lock is in before the table deals. */
    closeMarginMs: wholeMs('closeMarginMs', CLOSE_MARGIN_MS),
  })
  .strict();

export const StadiumConfigSchema = StadiumSectionSchema.nullable().default(null);

export type StadiumConfig = NonNullable<z.output<typeof StadiumConfigSchema>>;

/**
 * The fields a host flag or an environment variable may give (docs/stadium.md#joining-a-table): where the terminal's
 * table is. The durations come from the venue config alone.
 */
export type StadiumOverride = Partial<Pick<StadiumConfig, 'url' | 'table' | 'tablePublicKey'>>;
export const OVERRIDE_FIELDS = ['url', 'table', 'tablePublicKey'] as const;

/** Null when `value` is allowed for `field`, else the section's own rule for it (one rule wherever a value comes from). */
export function stadiumFieldRule(field: (typeof OVERRIDE_FIELDS)[number], value: unknown): string | null {
  const checked = StadiumSectionSchema.shape[field].safeParse(value);
  return checked.success ? null : (checked.error.issues[0]?.message ?? `${field} is not allowed`);
}

/**
 * A venue config input with the override's fields laid over its `stadium` section, a section made when it has none;
 * the whole is checked by the venue config's schema afterwards. An empty override leaves the input as it is.
 */
export function withStadiumOverride(input: unknown, override: StadiumOverride): unknown {
  const given = Object.fromEntries(Object.entries(override).filter(([, v]) => v !== undefined));
  if (Object.keys(given).length === 0 || typeof input !== 'object' || input === null || Array.isArray(input)) {
    return input;
  }
  const section = (input as { readonly stadium?: unknown }).stadium ?? {};
  // A section that is no object is left for the schema to refuse as it stands.
  if (typeof section !== 'object' || Array.isArray(section)) return input;
  return { ...input, stadium: { ...section, ...given } };
}
