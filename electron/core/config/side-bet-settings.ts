/**
 * The venue's side-bet offer and its return floor (docs/cabinet-rules.md#side-bets-at-the-cabinet):
 * `limits.sideBets` names each side bet the venue offers with its limits (absent: not offered), and
 * `minimumRtpPercent` is the lowest exact return to player any offered bet may have, as some
 * jurisdictions require. Both are refused field by field, the way the rest of the venue file is.
 */
import { z } from 'zod';
import { analyzeProfile, type ExactAnalysis } from '../analysis/exact-analysis.ts';
import type { RuleProfile } from '../engine/rule-profile.ts';
import { SPOTS, type Spot } from '../engine/settlement.ts';
import { isSideBetOffered, SIDE_BETS, type SideBet } from '../engine/side-bets.ts';

/** One limits object per side bet, each optional; an unknown bet name is an unknown field. */
export function sideBetLimitsSchema<L extends z.ZodType>(limit: L) {
  const shape = Object.fromEntries(SIDE_BETS.map((bet) => [bet, limit.optional()])) as Record<
    SideBet,
    z.ZodOptional<L>
  >;
  return z.object(shape).strict().default({});
}

export const MinimumRtpPercentSchema = z
  .number({ error: 'minimumRtpPercent must be a percentage from 0 to 100, or null for no minimum' })
  .min(0, 'minimumRtpPercent must be at least 0')
  .max(100, 'minimumRtpPercent must be at most 100')
  .nullable()
  .default(null);

/** A return as a percentage for the words, two decimals (the exact figure travels in the issue). */
function percentText(percent: number): string {
  return `${percent.toFixed(2)}%`;
}

/** Analyses by the rule fields they read: a few dozen profiles at most, each tens of milliseconds to count. */
const analyses = new Map<string, ExactAnalysis>();

/** The rule fields an exact analysis reads: two profiles with the same key have the same figures, whatever their ids. */
export function analysisKey(profile: RuleProfile): string {
  return [
    profile.decks,
    profile.tiePays,
    profile.bankerCommissionPercent,
    profile.variant,
    profile.lucky6ThreeCardPays,
  ].join('/');
}

/** The exact analysis of a profile, counted once per set of rules (the profile's id changes no figure). */
export function cachedAnalysis(profile: RuleProfile): ExactAnalysis {
  const key = analysisKey(profile);
  let analysis = analyses.get(key);
  if (analysis === undefined) {
    analysis = analyzeProfile(profile);
    analyses.set(key, analysis);
  }
  return analysis;
}

/**
 * The fields these rules read, as venue-config.ts's schema has them at its refinement (a shape, not an import of
 * VenueConfig: venue-config.ts imports this file).
 */
export interface SideBetSettingsView {
  readonly profile: RuleProfile;
  readonly limits: {
    readonly tableMaxMinor: number;
    readonly sideBets: Partial<Record<SideBet, { readonly minMinor: number; readonly maxMinor: number }>>;
  };
  readonly minimumRtpPercent: number | null;
}

/** One offered bet's exact return in percent, and the config path of the field it belongs to. */
export interface OfferedReturn {
  readonly bet: Spot | SideBet;
  readonly path: string;
  readonly rtpPercent: number;
}

/** The offered bets' exact returns in percent, main spots first, side bets in SIDE_BETS order. */
export function offeredReturnsPercent(cfg: SideBetSettingsView): OfferedReturn[] {
  const analysis = cachedAnalysis(cfg.profile);
  const main = SPOTS.map((spot) => ({ bet: spot, path: `limits.spots.${spot}`, rtpPercent: analysis.rtp[spot] * 100 }));
  const side = SIDE_BETS.filter((bet) => cfg.limits.sideBets[bet] !== undefined).flatMap((bet) => {
    const figure = analysis.sideBets[bet];
    return figure ? [{ bet, path: `limits.sideBets.${bet}`, rtpPercent: figure.rtp * 100 }] : [];
  });
  return [...main, ...side];
}

/**
 * The side-bet rules that read other fields: the variant must offer each bet, each max fits under the
 * table max, and with a minimum return set, every offered bet's exact return reaches it.
 */
export function checkSideBetSettings(cfg: SideBetSettingsView, ctx: z.RefinementCtx): void {
  let everyBetOffered = true;
  for (const bet of SIDE_BETS) {
    const limit = cfg.limits.sideBets[bet];
    if (limit === undefined) continue;
    if (!isSideBetOffered(bet, cfg.profile.variant)) {
      everyBetOffered = false;
      ctx.addIssue({
        code: 'custom',
        path: ['limits', 'sideBets', bet],
        message: `${bet} is not offered with the ${cfg.profile.variant} variant; only ez offers it`,
        params: { rule: 'not-offered', other: 'profile.variant', bet, variant: cfg.profile.variant },
      });
    }
    if (limit.maxMinor > cfg.limits.tableMaxMinor) {
      ctx.addIssue({
        code: 'custom',
        path: ['limits', 'sideBets', bet, 'maxMinor'],
        message: `maxMinor must not be above tableMaxMinor (${cfg.limits.tableMaxMinor})`,
        params: { rule: 'relation', other: 'limits.tableMaxMinor', limit: cfg.limits.tableMaxMinor },
      });
    }
  }
  const minimum = cfg.minimumRtpPercent;
  // A floor outside 0–100 is refused by its own rule; a bet not offered has no figure to compare.
  if (minimum === null || minimum < 0 || minimum > 100 || !everyBetOffered) return;
  for (const { bet, path, rtpPercent } of offeredReturnsPercent(cfg)) {
    if (rtpPercent >= minimum) continue;
    ctx.addIssue({
      code: 'custom',
      path: path.split('.'),
      message: `${bet} returns ${percentText(rtpPercent)} to the player, below minimumRtpPercent (${percentText(minimum)})`,
      params: { rule: 'below-minimum-rtp', limit: minimum, bet, rtpPercent },
    });
  }
}
