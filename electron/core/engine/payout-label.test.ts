import { describe, expect, it } from 'vitest';
import { payoutLabel } from './payout-label.ts';
import { EIGHT_DECK_TIE_8_TO_1, SIX_DECK_TIE_9_TO_1, VARIANTS } from './rule-profile.ts';
import { SPOTS, spotReturn } from './settlement.ts';

describe('the printed payout matches what settlement pays', () => {
  it('prints Player 1:1, Banker 0.95:1 and the profile’s Tie payout', () => {
    expect(SPOTS.map((s) => payoutLabel(s, EIGHT_DECK_TIE_8_TO_1))).toEqual(['1:1', '0.95:1', '8:1']);
    expect(payoutLabel('tie', SIX_DECK_TIE_9_TO_1)).toBe('9:1');
  });
  it('prints an ordinary Banker win at even money in the no-commission and EZ games', () => {
    expect(payoutLabel('banker', { ...EIGHT_DECK_TIE_8_TO_1, variant: 'no-commission' })).toBe('1:1');
    expect(payoutLabel('banker', { ...EIGHT_DECK_TIE_8_TO_1, variant: 'ez' })).toBe('1:1');
  });
  it('a winning stake of 100 returns 100 + the label’s winnings', () => {
    const variants = VARIANTS.map((variant) => ({ ...SIX_DECK_TIE_9_TO_1, variant }));
    for (const profile of [EIGHT_DECK_TIE_8_TO_1, SIX_DECK_TIE_9_TO_1, ...variants]) {
      for (const spot of SPOTS) {
        const winnings = Number(payoutLabel(spot, profile).split(':')[0]) * 100;
        expect(spotReturn(spot, 100, spot, profile)).toBe(100 + winnings);
      }
    }
  });
});
