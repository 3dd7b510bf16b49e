import { describe, expect, it } from 'vitest';
import { analyzeProfile } from '../../../electron/core/analysis/exact-analysis.ts';
import { EIGHT_DECK_TIE_8_TO_1, SIX_DECK_TIE_9_TO_1 } from '../../../electron/core/engine/rule-profile.ts';
import { payoutLabel } from '../../../electron/core/engine/payout-label.ts';
import type { RuleProfile } from '../../../electron/core/engine/rule-profile.ts';
import type { Paytable } from '../../../electron/ipc/contract.ts';
import { formatPercent, returnRows, sideReturnRows } from './rules-returns.ts';

const LIMITS = {
  spots: {
    player: { minMinor: 100, maxMinor: 50_000 },
    banker: { minMinor: 100, maxMinor: 50_000 },
    tie: { minMinor: 100, maxMinor: 10_000 },
  },
  tableMaxMinor: 100_000,
  chipDenominationsMinor: [10, 100],
  creditLimitMinor: 1_000_000,
  maxWinPerRoundMinor: 500_000,
};
/** The paytable main sends for a profile: the exact analysis and the core's payout labels. */
function paytableOf(profile: RuleProfile): Paytable {
  const exact = analyzeProfile(profile);
  const figures = (spot: 'player' | 'banker' | 'tie') => ({
    probability: exact.probabilities[spot],
    rtp: exact.rtp[spot],
    pays: payoutLabel(spot, profile),
  });
  return {
    profileId: profile.id,
    decks: profile.decks,
    variant: profile.variant,
    spots: { player: figures('player'), banker: figures('banker'), tie: figures('tie') },
    sideBets: {},
    limits: { ...LIMITS, sideBets: {} },
  };
}

describe('the return to player on the rules screen', () => {
  it('shows the exact analysis of the active profile for every spot', () => {
    for (const profile of [EIGHT_DECK_TIE_8_TO_1, SIX_DECK_TIE_9_TO_1]) {
      const exact = analyzeProfile(profile);
      expect(returnRows(paytableOf(profile), profile)).toEqual([
        { spot: 'player', rtp: exact.rtp.player, probability: exact.probabilities.player },
        { spot: 'banker', rtp: exact.rtp.banker, probability: exact.probabilities.banker },
        { spot: 'tie', rtp: exact.rtp.tie, probability: exact.probabilities.tie },
      ]);
    }
  });

  it('shows no figures computed for another profile (a paytable not yet reloaded after a change)', () => {
    expect(returnRows(paytableOf(EIGHT_DECK_TIE_8_TO_1), SIX_DECK_TIE_9_TO_1)).toBeNull();
    const sevenDecks = { ...EIGHT_DECK_TIE_8_TO_1, decks: 7 };
    expect(returnRows(paytableOf(EIGHT_DECK_TIE_8_TO_1), sevenDecks)).toBeNull();
    const tieNine = { ...EIGHT_DECK_TIE_8_TO_1, tiePays: 9 as const };
    expect(returnRows(paytableOf(EIGHT_DECK_TIE_8_TO_1), tieNine)).toBeNull();
    expect(returnRows(null, EIGHT_DECK_TIE_8_TO_1)).toBeNull();
  });

  it('writes the published eight-deck figures in the language, with two decimals', () => {
    const rows = returnRows(paytableOf(EIGHT_DECK_TIE_8_TO_1), EIGHT_DECK_TIE_8_TO_1)!;
    const byRtp = (locale: string) => rows.map((r) => formatPercent(r.rtp, locale));
    expect(byRtp('en')).toEqual(['98.76%', '98.94%', '85.64%']);
    expect(byRtp('de')).toEqual(['98,76\u00a0%', '98,94\u00a0%', '85,64\u00a0%']);
  });
});

describe('the side bets on the rules screen', () => {
  it('lists each side bet main sent for the active profile, and none from another variant', () => {
    const profile: RuleProfile = { ...EIGHT_DECK_TIE_8_TO_1, variant: 'ez' };
    const exact = analyzeProfile(profile);
    const paytable: Paytable = {
      ...paytableOf(profile),
      sideBets: { 'dragon-7': { rtp: exact.sideBets['dragon-7']!.rtp, pays: '40:1' } },
    };
    expect(sideReturnRows(paytable, profile)).toEqual([
      { bet: 'dragon-7', rtp: exact.sideBets['dragon-7']!.rtp, pays: '40:1' },
    ]);
    expect(formatPercent(sideReturnRows(paytable, profile)[0]!.rtp, 'en')).toBe('92.39%');
    expect(sideReturnRows(paytable, { ...profile, variant: 'commission' })).toEqual([]);
  });
});
