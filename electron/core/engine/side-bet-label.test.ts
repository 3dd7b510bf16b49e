import { describe, expect, it } from 'vitest';
import { EIGHT_DECK_TIE_8_TO_1 } from './rule-profile.ts';
import { sideBetPaysLabel } from './side-bet-label.ts';
import { sideBetPays, SIDE_BETS } from './side-bets.ts';
import type { RoundFacts } from './round-facts.ts';

const hand = (total: number, cardCount: number, pair = false, suitedPair = false) => ({
  total,
  cardCount,
  pair,
  suitedPair,
});

describe('the printed pays of a side bet are the pays it settles with', () => {
  it('prints each bet as the paytable pays it, Lucky 6 by the venue choice', () => {
    expect(SIDE_BETS.map((bet) => sideBetPaysLabel(bet, EIGHT_DECK_TIE_8_TO_1))).toEqual([
      '11:1',
      '11:1',
      '5:1',
      '25/200:1',
      '1–30:1',
      '1–30:1',
      '12/20:1',
      '40:1',
      '25:1',
    ]);
    expect(sideBetPaysLabel('lucky-6', { lucky6ThreeCardPays: 23 })).toBe('12/23:1');
  });

  it('the highest printed pay of each bet is one the paytable can pay', () => {
    const profile = { ...EIGHT_DECK_TIE_8_TO_1, variant: 'ez' as const, lucky6ThreeCardPays: 23 as const };
    const rounds: RoundFacts[] = [];
    for (const winner of ['player', 'banker', 'tie'] as const)
      for (let p = 0; p <= 9; p++)
        for (let b = 0; b <= 9; b++)
          for (const cards of [2, 3])
            rounds.push({
              winner,
              natural: false,
              player: hand(p, cards, true, true),
              banker: hand(b, cards, true, true),
            });
    for (const bet of SIDE_BETS) {
      const top = Number(sideBetPaysLabel(bet, profile).split(':')[0]!.split(/[/–]/).pop());
      expect(
        rounds.some((r) => sideBetPays(bet, r, profile) === top),
        bet,
      ).toBe(true);
    }
  });
});
