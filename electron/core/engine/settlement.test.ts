import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Winner } from './round.ts';
import { EIGHT_DECK_TIE_8_TO_1, SIX_DECK_TIE_9_TO_1, VARIANTS } from './rule-profile.ts';
import { bankerWinReturn, settle, SPOTS, spotReturn } from './settlement.ts';
import { dealtFacts } from '../../testing/dealt-round.ts';

const WINNERS: readonly Winner[] = ['player', 'banker', 'tie'];
const eight = EIGHT_DECK_TIE_8_TO_1;
const nine = SIX_DECK_TIE_9_TO_1;
const stakeArb = fc.integer({ min: 0, max: 100_000_000_00 });

describe('Banker win returns stake + 95% rounded down to the cent (docs/rules.md#banker-rounding)', () => {
  it.each([
    [10, 19],
    [20, 39],
    [30, 58],
    [100, 195],
    [1, 1],
    [15, 29],
    [1000, 1950],
  ])('a %i-cent stake returns %i cents', (stake, expected) => {
    expect(bankerWinReturn(stake, 5)).toBe(expected);
    expect(spotReturn('banker', stake, 'banker', eight)).toBe(expected);
  });

  it('equals floor(1.95 × stake) for every stake up to 100 000.00 (integer arithmetic, no float drift)', () => {
    const wrong: number[] = [];
    for (let stake = 0; stake <= 10_000_000; stake++) {
      if (bankerWinReturn(stake, 5) !== Math.floor((stake * 195) / 100)) wrong.push(stake);
    }
    expect(wrong).toEqual([]);
  });
});

describe('payouts: Player 1:1, Tie 8:1 or 9:1, Player and Banker push on a tie (docs/rules.md#payouts-and-rounding)', () => {
  it('Player win returns twice the stake', () => {
    expect(spotReturn('player', 250, 'player', eight)).toBe(500);
  });
  it('Tie at 8:1 returns 9× the stake; at 9:1 returns 10×', () => {
    expect(spotReturn('tie', 100, 'tie', eight)).toBe(900);
    expect(spotReturn('tie', 100, 'tie', nine)).toBe(1000);
  });
  it('a tie pushes Player and Banker: the stake comes back exactly', () => {
    expect(spotReturn('player', 123, 'tie', eight)).toBe(123);
    expect(spotReturn('banker', 30, 'tie', eight)).toBe(30);
  });
  it('losing spots return 0', () => {
    expect(spotReturn('player', 100, 'banker', eight)).toBe(0);
    expect(spotReturn('banker', 100, 'player', eight)).toBe(0);
    expect(spotReturn('tie', 100, 'player', eight)).toBe(0);
    expect(spotReturn('tie', 100, 'banker', nine)).toBe(0);
  });
  it('settle pays every spot that carries a bet, several at once, and only those', () => {
    expect(settle({ banker: 30, tie: 100 }, 'banker', eight)).toEqual({ banker: 58, tie: 0 });
    expect(settle({ player: 100, banker: 30, tie: 100 }, 'tie', eight)).toEqual({ player: 100, banker: 30, tie: 900 });
    expect(settle({}, 'player', eight)).toEqual({});
  });
});

describe('settlement properties', () => {
  it('a return is never negative and never more than (Tie payout + 1) × stake', () => {
    fc.assert(
      fc.property(
        stakeArb,
        fc.constantFrom(...SPOTS),
        fc.constantFrom(...WINNERS),
        fc.constantFrom(eight, nine),
        (stake, spot, winner, profile) => {
          const back = spotReturn(spot, stake, winner, profile);
          expect(back).toBeGreaterThanOrEqual(0);
          expect(back).toBeLessThanOrEqual(stake * (profile.tiePays + 1));
        },
      ),
    );
  });

  it('a push returns exactly the stake (Player and Banker on a tie)', () => {
    fc.assert(
      fc.property(stakeArb, fc.constantFrom('player' as const, 'banker' as const), (stake, spot) => {
        expect(spotReturn(spot, stake, 'tie', eight)).toBe(stake);
      }),
    );
  });

  it('settlement is integer-only: integer stakes always give safe-integer returns', () => {
    fc.assert(
      fc.property(
        fc.record({ player: stakeArb, banker: stakeArb, tie: stakeArb }, { requiredKeys: [] }),
        fc.constantFrom(...WINNERS),
        fc.constantFrom(eight, nine),
        (bets, winner, profile) => {
          const returns = settle(bets, winner, profile);
          expect(Object.keys(returns).sort()).toEqual(Object.keys(bets).sort());
          for (const value of Object.values(returns)) expect(Number.isSafeInteger(value)).toBe(true);
        },
      ),
    );
  });

  it('a winning Banker bet never returns more than 1.95 × stake and never less than the stake (stake ≥ 1 cent)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000_00 }), (stake) => {
        const back = bankerWinReturn(stake, 5);
        expect(back * 100).toBeLessThanOrEqual(stake * 195);
        expect(back).toBeGreaterThanOrEqual(stake);
      }),
    );
  });
});

describe('the Banker bet follows the variant (docs/rules.md#variants)', () => {
  const noCommission = { ...eight, variant: 'no-commission' as const };
  const ez = { ...eight, variant: 'ez' as const };
  // Player K K draws K = 0; Banker 3 3 = 6 stands: a two-card Banker 6 win.
  const bankerSix = dealtFacts('K 3 K 3 K');
  // Player K K draws K = 0; Banker K 2 draws 5 = 7: a three-card Banker 7 win.
  const dragonSeven = dealtFacts('K K K 2 K 5');
  // Player K K draws K = 0; Banker 3 4 = 7 stands: a two-card Banker 7 win.
  const twoCardSeven = dealtFacts('K 3 K 4 K');

  it('no-commission: a winning 6 pays 1:2, the half rounded down to the cent; every other Banker win 1:1', () => {
    expect(spotReturn('banker', 30, bankerSix, noCommission)).toBe(45);
    expect(spotReturn('banker', 15, bankerSix, noCommission)).toBe(22);
    expect(spotReturn('banker', 1, bankerSix, noCommission)).toBe(1);
    expect(spotReturn('banker', 30, twoCardSeven, noCommission)).toBe(60);
    expect(spotReturn('banker', 30, dragonSeven, noCommission)).toBe(60);
  });

  it('ez: a winning three-card 7 pushes; a two-card 7 and a 6 pay 1:1', () => {
    expect(spotReturn('banker', 30, dragonSeven, ez)).toBe(30);
    expect(spotReturn('banker', 30, twoCardSeven, ez)).toBe(60);
    expect(spotReturn('banker', 30, bankerSix, ez)).toBe(60);
  });

  it('commission: the same rounds pay 19:20 rounded down, whatever the total', () => {
    for (const facts of [bankerSix, dragonSeven, twoCardSeven]) expect(spotReturn('banker', 30, facts, eight)).toBe(58);
  });

  it('a bare winner settles an ordinary win: 19:20 with commission, 1:1 in the other variants', () => {
    expect(spotReturn('banker', 100, 'banker', eight)).toBe(195);
    expect(spotReturn('banker', 100, 'banker', noCommission)).toBe(200);
    expect(spotReturn('banker', 100, 'banker', ez)).toBe(200);
  });

  it('Player and Tie pay the same in every variant', () => {
    fc.assert(
      fc.property(fc.constantFrom('player', 'tie') as fc.Arbitrary<'player' | 'tie'>, stakeArb, (spot, stake) => {
        for (const facts of [bankerSix, dragonSeven, dealtFacts('6 6 K K'), dealtFacts('4 K 5 K')]) {
          const commissionReturn = spotReturn(spot, stake, facts, eight);
          expect(spotReturn(spot, stake, facts, noCommission)).toBe(commissionReturn);
          expect(spotReturn(spot, stake, facts, ez)).toBe(commissionReturn);
        }
      }),
    );
  });
});

describe('variant settlement properties', () => {
  const handArb = fc.record({ total: fc.integer({ min: 0, max: 9 }), cardCount: fc.constantFrom(2, 3) });
  const factsArb = fc.record({ player: handArb, banker: handArb, natural: fc.boolean() }).map((r) => ({
    natural: r.natural,
    player: { ...r.player, pair: false, suitedPair: false },
    banker: { ...r.banker, pair: false, suitedPair: false },
    winner: (r.player.total > r.banker.total ? 'player' : r.banker.total > r.player.total ? 'banker' : 'tie') as Winner,
  }));

  it('a Banker return is one of 0, the stake, stake + ½ or 0.95 of it rounded down, or twice the stake', () => {
    fc.assert(
      fc.property(fc.constantFrom(...VARIANTS), stakeArb, factsArb, (variant, stake, facts) => {
        const back = spotReturn('banker', stake, facts, { ...eight, variant });
        const allowed = [0, stake, stake + Math.floor(stake / 2), bankerWinReturn(stake, 5), 2 * stake];
        expect(allowed).toContain(back);
        expect(Number.isSafeInteger(back)).toBe(true);
      }),
    );
  });
});
