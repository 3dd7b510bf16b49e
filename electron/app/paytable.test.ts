import { describe, expect, it } from 'vitest';
import { analyzeProfile } from '../core/analysis/exact-analysis.ts';
import { EIGHT_DECK_TIE_8_TO_1 } from '../core/engine/rule-profile.ts';
import { createFakeCabinet } from '../testing/fake-cabinet.ts';
import { paytableFor } from './paytable.ts';

const base = createFakeCabinet().snapshot();
const limit = { minMinor: 100, maxMinor: 2_500 };

describe('the paytable: every offered bet with its exact return, from the live settings', () => {
  it('lists only the side bets the venue offers, each with the exact analysis of the running profile', () => {
    const profile = { ...EIGHT_DECK_TIE_8_TO_1, variant: 'ez' as const, lucky6ThreeCardPays: 23 as const };
    const snapshot = {
      ...base,
      profile,
      limits: { ...base.limits, sideBets: { 'lucky-6': limit, 'dragon-7': limit } },
    };
    const paytable = paytableFor(snapshot);
    const exact = analyzeProfile(profile);
    expect(Object.keys(paytable.sideBets)).toEqual(['lucky-6', 'dragon-7']);
    expect(paytable.sideBets['lucky-6']).toEqual({ rtp: exact.sideBets['lucky-6']!.rtp, pays: '12/23:1' });
    expect(paytable.sideBets['dragon-7']).toEqual({ rtp: exact.sideBets['dragon-7']!.rtp, pays: '40:1' });
    expect(paytable.variant).toBe('ez');
    expect(paytable.spots.banker.rtp).toBe(exact.rtp.banker);
  });

  it('a venue offering no side bets has none on its paytable', () => {
    expect(paytableFor({ ...base, profile: EIGHT_DECK_TIE_8_TO_1 }).sideBets).toEqual({});
  });
});
