import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EIGHT_DECK_TIE_8_TO_1 } from './rule-profile.ts';
import { roundResultKind, roundResultOf } from './round-result-kind.ts';
import { settle, type Bets } from './settlement.ts';

describe('a round result is told in net terms (docs/rules.md#results-in-net-terms)', () => {
  it('more back than staked is a win of the net amount', () => {
    expect(roundResultKind(1_000, 1_950)).toEqual({ kind: 'win', stakedMinor: 1_000, paidMinor: 1_950, netMinor: 950 });
  });

  it('something back but less than the stake is "returned", a net loss', () => {
    // Banker 5.00 + Player 5.00, Banker wins: 9.75 back on 10.00.
    const bets: Bets = { banker: 500, player: 500 };
    const r = roundResultOf({ bets, returns: settle(bets, 'banker', EIGHT_DECK_TIE_8_TO_1) });
    expect(r).toEqual({ kind: 'returned', stakedMinor: 1_000, paidMinor: 975, netMinor: -25 });
  });

  it('exactly the stake back is a push', () => {
    const bets: Bets = { banker: 500, player: 500 };
    const r = roundResultOf({ bets, returns: settle(bets, 'tie', EIGHT_DECK_TIE_8_TO_1) });
    expect(r).toEqual({ kind: 'push', stakedMinor: 1_000, paidMinor: 1_000, netMinor: 0 });
  });

  it('nothing back is a loss', () => {
    expect(roundResultKind(500, 0)).toEqual({ kind: 'loss', stakedMinor: 500, paidMinor: 0, netMinor: -500 });
  });

  it('a Tie bet winning beside a pushed Player bet is a win of the net', () => {
    const bets: Bets = { player: 1_000, tie: 100 };
    const r = roundResultOf({ bets, returns: settle(bets, 'tie', EIGHT_DECK_TIE_8_TO_1) });
    expect(r).toEqual({ kind: 'win', stakedMinor: 1_100, paidMinor: 1_900, netMinor: 800 });
  });

  it('refuses amounts that are not whole minor units, saying what is allowed', () => {
    expect(() => roundResultKind(0, 0)).toThrow(
      /stakedMinor must be a whole number of minor units of at least 1, got 0/,
    );
    expect(() => roundResultKind(100, -1)).toThrow(/paidMinor must be .* at least 0, got -1/);
    expect(() => roundResultKind(10.5, 0)).toThrow(/stakedMinor .* got 10.5/);
  });

  it('property: the kind is "win" exactly when paid > staked, and net = paid − staked', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 100_000_000 }), (staked, paid) => {
        const r = roundResultKind(staked, paid);
        expect(r.netMinor).toBe(paid - staked);
        expect(r.kind === 'win').toBe(paid > staked);
        expect(r.kind === 'push').toBe(paid === staked);
        expect(r.kind === 'loss').toBe(paid === 0);
        expect(r.kind === 'returned').toBe(paid > 0 && paid < staked);
      }),
    );
  });

  it('property: every settled layout is a win only when its return beats its stake', () => {
    const stake = fc.option(fc.integer({ min: 1, max: 50_000 }), { nil: undefined });
    fc.assert(
      fc.property(
        fc.record({ player: stake, banker: stake, tie: stake }).filter((b) => !!(b.player || b.banker || b.tie)),
        fc.constantFrom('player', 'banker', 'tie') as fc.Arbitrary<'player' | 'banker' | 'tie'>,
        (raw, winner) => {
          const bets: Bets = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined));
          const returns = settle(bets, winner, EIGHT_DECK_TIE_8_TO_1);
          const r = roundResultOf({ bets, returns });
          expect(r.kind === 'win').toBe(r.paidMinor > r.stakedMinor);
          expect(r.netMinor).toBe(r.paidMinor - r.stakedMinor);
        },
      ),
    );
  });
});
