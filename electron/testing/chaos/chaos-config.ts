import { DEFAULT_VENUE_CONFIG, type VenueConfig } from '../../core/config/venue-config.ts';

/** The venue the chaos test plays: small limits so rounds, rebets, refusals and cash-outs all happen often. */
export const CHAOS_CONFIG: VenueConfig = {
  ...DEFAULT_VENUE_CONFIG,
  limits: {
    spots: {
      player: { minMinor: 100, maxMinor: 5_000 },
      banker: { minMinor: 100, maxMinor: 5_000 },
      tie: { minMinor: 50, maxMinor: 1_000 },
    },
    sideBets: {},
    tableMaxMinor: 8_000,
    chipDenominationsMinor: [50, 100, 500, 1_000],
    creditLimitMinor: 30_000,
    maxWinPerRoundMinor: 12_000,
  },
};
