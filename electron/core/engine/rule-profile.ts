import { z } from 'zod';
import { DEFAULT_DECKS, MAX_DECKS, MIN_DECKS } from './shoe.ts';

/**
 * A venue's game rules as validated data. The seeds disagree on deck count and
 * on the Tie payout (docs/rules.md#venue-profiles), so both are venue settings; the Banker
 * commission is 5% in every seed and is kept as a field so the paytable and the
 * exact analysis read it from one place.
 */
/**
 * The Banker bet's variants (docs/rules.md#variants): `commission` pays 19:20, `no-commission` pays
 * 1:2 on a winning 6 and 1:1 otherwise, `ez` pushes a winning three-card 7 and pays 1:1 otherwise.
 */
export const VARIANTS = ['commission', 'no-commission', 'ez'] as const;
export type Variant = (typeof VARIANTS)[number];

export const RuleProfileSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'id must be 1–40 lowercase letters, digits or dashes'),
    decks: z
      .number()
      .int(`decks must be a whole number from ${MIN_DECKS} to ${MAX_DECKS}`)
      .min(MIN_DECKS, `decks must be from ${MIN_DECKS} to ${MAX_DECKS}`)
      .max(MAX_DECKS, `decks must be from ${MIN_DECKS} to ${MAX_DECKS}`),
    /** Tie pays N to 1: 8 (the Swedish, Dutch and Czech rule sheets) or 9 (the German and Finnish ones); docs/rules.md#venue-profiles. */
    tiePays: z.union([z.literal(8), z.literal(9)], { error: 'tiePays must be 8 or 9 (Tie pays 8:1 or 9:1)' }),
    /** Percent taken from a Banker win; the return is rounded down to the cent. */
    bankerCommissionPercent: z.literal(5, { error: 'bankerCommissionPercent must be 5 (every seed takes 5%)' }),
    /**
     * How a Banker win pays (docs/rules.md#variants). Absent in profiles stored before variants
     * existed, so it defaults to the commission game they were played under.
     */
    variant: z.enum(VARIANTS, { error: `variant must be one of ${VARIANTS.join(', ')}` }).default('commission'),
    /** Lucky 6 on a three-card Banker 6 pays N to 1 (docs/rules.md#side-bets); absent in older profiles. */
    lucky6ThreeCardPays: z
      .union([z.literal(20), z.literal(23)], {
        error: 'lucky6ThreeCardPays must be 20 or 23 (Lucky 6 pays 20:1 or 23:1 on a three-card 6)',
      })
      .default(20),
  })
  .strict();

/** A parsed profile: every field present, the ones older profiles lack filled with their defaults. */
export type RuleProfile = z.output<typeof RuleProfileSchema>;

/** The Swedish, Dutch and Czech rule sheets (docs/rules.md#venue-profiles): eight decks, Tie 8:1. */
export const EIGHT_DECK_TIE_8_TO_1: RuleProfile = Object.freeze({
  id: 'eight-deck-tie-8-to-1',
  decks: DEFAULT_DECKS,
  tiePays: 8,
  bankerCommissionPercent: 5,
  variant: 'commission',
  lucky6ThreeCardPays: 20,
});

/** The German and Finnish rule sheets (docs/rules.md#venue-profiles): six decks, Tie 9:1. */
export const SIX_DECK_TIE_9_TO_1: RuleProfile = Object.freeze({
  id: 'six-deck-tie-9-to-1',
  decks: 6,
  tiePays: 9,
  bankerCommissionPercent: 5,
  variant: 'commission',
  lucky6ThreeCardPays: 20,
});

export const BUILT_IN_PROFILES: readonly RuleProfile[] = [EIGHT_DECK_TIE_8_TO_1, SIX_DECK_TIE_9_TO_1];

export class ProfileError extends Error {
  override readonly name = 'ProfileError';
}

/** Validates a custom profile; the error names each bad field and what is allowed. */
export function parseRuleProfile(input: unknown): RuleProfile {
  const result = RuleProfileSchema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const field = issue.path.join('.') || '(profile)';
    return `${field}: ${issue.message}`;
  });
  throw new ProfileError(`invalid rule profile: ${problems.join('; ')}`);
}
