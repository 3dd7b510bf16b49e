import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SPOTS, type Bets } from '../engine/settlement.ts';
import { testConfig } from '../../testing/fixtures.ts';
import { checkForDeal, checkUpperLimits, maxPossibleWin, requireChip, requireSpot } from './bet-limits.ts';
import { CabinetError } from './cabinet-error.ts';

const config = testConfig(); // Tie 8:1, Banker 5 % commission

function codeOf(fn: () => void): string | null {
  try {
    fn();
    return null;
  } catch (error) {
    if (error instanceof CabinetError) return error.code;
    throw error;
  }
}

describe('the largest possible win of a layout', () => {
  it('is the best (total return − total stake) over Player, Banker and Tie winning', () => {
    expect(maxPossibleWin(config, {})).toBe(0);
    expect(maxPossibleWin(config, { tie: 1_000 })).toBe(8_000);
    expect(maxPossibleWin(config, { player: 1_000 })).toBe(1_000);
    expect(maxPossibleWin(config, { banker: 1_000 })).toBe(950);
    // A full hedge: whoever wins, the stake of the other spot is lost.
    expect(maxPossibleWin(config, { player: 1_000, banker: 1_000 })).toBe(0);
    // Player + tie hedge: Player wins 2,000 − 1,100; a tie returns 1,000 + 900 − 1,100.
    expect(maxPossibleWin(config, { player: 1_000, tie: 100 })).toBe(900);
  });
});

const ezSides = testConfig({
  profile: { ...config.profile, variant: 'ez' },
  limits: {
    ...config.limits,
    sideBets: { 'player-pair': { minMinor: 100, maxMinor: 2_500 }, 'dragon-7': { minMinor: 200, maxMinor: 1_000 } },
  },
});

describe('side bets at the limits: a spot of their own, each with its min and max', () => {
  it('a side bet the venue does not offer is refused by its own code; an offered one is a spot', () => {
    expect(codeOf(() => requireSpot(config, 'player-pair'))).toBe('side-bet-not-offered');
    expect(codeOf(() => requireSpot(ezSides, 'lucky-6'))).toBe('side-bet-not-offered');
    expect(codeOf(() => requireSpot(ezSides, 'player-pair'))).toBeNull();
    expect(codeOf(() => checkForDeal(config, { banker: 100, 'panda-8': 100 }, 10_000))).toBe('side-bet-not-offered');
  });

  it('a side bet has its own maximum at every chip and its own minimum at DEAL, named in the refusal', () => {
    const over = (): void => checkUpperLimits(ezSides, { 'dragon-7': 1_100 }, 100_000);
    expect(codeOf(over)).toBe('above-spot-max');
    expect(() => over()).toThrow(
      expect.objectContaining({ limit: { name: 'sideBets.dragon-7.maxMinor', valueMinor: 1_000 } }),
    );
    expect(codeOf(() => checkForDeal(ezSides, { 'dragon-7': 100 }, 100_000))).toBe('below-spot-min');
    expect(codeOf(() => checkForDeal(ezSides, { 'dragon-7': 200 }, 100_000))).toBeNull();
  });

  it('side bets count toward the table max and the credits', () => {
    const full = { player: 50_000, banker: 49_950, 'player-pair': 100 };
    expect(codeOf(() => checkUpperLimits(ezSides, full, 1_000_000))).toBe('above-table-max');
    expect(codeOf(() => checkUpperLimits(ezSides, { banker: 100, 'player-pair': 100 }, 150))).toBe(
      'insufficient-credits',
    );
  });

  it('the max win counts each side bet at its top pay: Dragon 7 40:1, Perfect Pair 200:1, Lucky 6 by the venue', () => {
    expect(maxPossibleWin(ezSides, { 'dragon-7': 100 })).toBe(4_000);
    expect(maxPossibleWin(ezSides, { 'perfect-pair': 100 })).toBe(20_000);
    expect(maxPossibleWin(ezSides, { 'lucky-6': 100 })).toBe(2_000);
    const lucky23 = testConfig({ ...ezSides, profile: { ...ezSides.profile, lucky6ThreeCardPays: 23 } });
    expect(maxPossibleWin(lucky23, { 'lucky-6': 100 })).toBe(2_300);
    // With a main bet: the best winner for the main spots, plus every side bet at its most.
    expect(maxPossibleWin(ezSides, { tie: 100, 'dragon-7': 100 })).toBe(800 + 4_000);
    const capped = testConfig({ ...ezSides, limits: { ...ezSides.limits, maxWinPerRoundMinor: 3_000 } });
    expect(codeOf(() => checkUpperLimits(capped, { 'dragon-7': 100 }, 10_000))).toBe('above-max-win');
  });
});

describe('limit checks of a layout', () => {
  it('refuse an unknown spot and a value that is not a chip', () => {
    expect(codeOf(() => requireSpot(config, 'side' as never))).toBe('not-permitted');
    expect(codeOf(() => requireChip(config, 123))).toBe('not-a-chip');
    expect(codeOf(() => requireChip(config, 100.5))).toBe('not-a-chip');
    expect(codeOf(() => requireChip(config, 100))).toBeNull();
  });

  it('DEAL needs a bet and every spot at its minimum; building a bet does not', () => {
    expect(codeOf(() => checkForDeal(config, {}, 10_000))).toBe('no-bets');
    expect(codeOf(() => checkUpperLimits(config, { player: 50 }, 10_000))).toBeNull();
    expect(codeOf(() => checkForDeal(config, { player: 50 }, 10_000))).toBe('below-spot-min');
    expect(codeOf(() => checkForDeal(config, { player: 100 }, 10_000))).toBeNull();
    expect(codeOf(() => checkForDeal(config, { player: 100 }, 99))).toBe('insufficient-credits');
  });
});

describe('limit checks, as properties', () => {
  const amount = fc.integer({ min: 0, max: 60_000 });
  const bets = fc.record({ player: amount, banker: amount, tie: amount });
  const credits = fc.integer({ min: 0, max: 200_000 });
  const MONOTONE = ['above-spot-max', 'above-table-max', 'insufficient-credits'];

  it('lowering a bet never breaks a spot max, the table max or the credits', () => {
    fc.assert(
      fc.property(bets, credits, fc.constantFrom(...SPOTS), fc.double({ min: 0, max: 1 }), (b, c, spot, f) => {
        const lower: Bets = { ...b, [spot]: Math.floor(b[spot] * f) };
        const code = codeOf(() => checkUpperLimits(config, b, c));
        if (code === null || !MONOTONE.includes(code)) {
          expect(MONOTONE).not.toContain(codeOf(() => checkUpperLimits(config, lower, c)));
        }
      }),
    );
  });

  it('a layout DEAL accepts passes every upper limit and has each spot at its minimum or empty', () => {
    fc.assert(
      fc.property(bets, credits, (b, c) => {
        if (codeOf(() => checkForDeal(config, b, c)) !== null) return;
        expect(codeOf(() => checkUpperLimits(config, b, c))).toBeNull();
        for (const spot of SPOTS) {
          if (b[spot] > 0) expect(b[spot]).toBeGreaterThanOrEqual(config.limits.spots[spot].minMinor);
        }
        expect(maxPossibleWin(config, b)).toBeLessThanOrEqual(config.limits.maxWinPerRoundMinor);
      }),
    );
  });
});
