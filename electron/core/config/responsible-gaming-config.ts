/**
 * The venue's responsible-gaming settings (docs/responsible-gaming.md#venue-settings): how often the reality check
 * interrupts continuous play, and the loss and time limits of one player session. Every field may be left out and
 * defaults to off, so stored configs and venue files written before these settings still load unchanged.
 */
import { z } from 'zod';
import { MAX_AMOUNT_MINOR } from '../money/minor-units.ts';

/** The reality-check intervals a venue may choose, in minutes (null: no reality check). */
export const REALITY_CHECK_MINUTES = [15, 30, 60] as const;
export type RealityCheckMinutes = (typeof REALITY_CHECK_MINUTES)[number];

/** A session time limit: at least a quarter of an hour, at most a whole day. */
export const SESSION_TIME_LIMIT_MINUTES = { min: 15, max: 24 * 60 } as const;

const REALITY_RULE = `realityCheckMinutes must be one of ${REALITY_CHECK_MINUTES.join(', ')} minutes, or null for off`;
const LOSS_RULE = `sessionLossLimitMinor must be a whole number of minor units from 1 to ${MAX_AMOUNT_MINOR}, or null for no limit`;
const TIME_RULE =
  `sessionTimeLimitMinutes must be a whole number of minutes from ${SESSION_TIME_LIMIT_MINUTES.min} ` +
  `to ${SESSION_TIME_LIMIT_MINUTES.max}, or null for no limit`;

export const ResponsibleGamingSchema = z
  .object({
    realityCheckMinutes: z
      .union(
        REALITY_CHECK_MINUTES.map((m) => z.literal(m)),
        { error: REALITY_RULE },
      )
      .nullable()
      .default(null),
    sessionLossLimitMinor: z
      .number({ error: LOSS_RULE })
      .int(LOSS_RULE)
      .min(1, LOSS_RULE)
      .max(MAX_AMOUNT_MINOR, LOSS_RULE)
      .nullable()
      .default(null),
    sessionTimeLimitMinutes: z
      .number({ error: TIME_RULE })
      .int(TIME_RULE)
      .min(SESSION_TIME_LIMIT_MINUTES.min, TIME_RULE)
      .max(SESSION_TIME_LIMIT_MINUTES.max, TIME_RULE)
      .nullable()
      .default(null),
  })
  .strict()
  .prefault({});

export type ResponsibleGamingConfig = z.output<typeof ResponsibleGamingSchema>;

export const RESPONSIBLE_GAMING_OFF: ResponsibleGamingConfig = {
  realityCheckMinutes: null,
  sessionLossLimitMinor: null,
  sessionTimeLimitMinutes: null,
};
