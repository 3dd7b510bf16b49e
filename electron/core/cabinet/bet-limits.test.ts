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

describe('limit checks of a layout', () => {
  it('refuse an unknown spot and a value that is not a chip', () => {
    expect(codeOf(() => requireSpot('side' as never))).toBe('not-permitted');
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
