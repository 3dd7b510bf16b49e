import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TableLimits } from '../../../electron/core/cabinet/cabinet-api.ts';
import { EIGHT_DECK_TIE_8_TO_1, SIX_DECK_TIE_9_TO_1 } from '../../../electron/core/engine/rule-profile.ts';
import { bankerWinReturn, spotReturn } from '../../../electron/core/engine/settlement.ts';
import { bankerExample, formatHundredthsOfMinor, payoutRows, roundedBankerStake } from './rules-payouts.ts';

const PROFILES = [EIGHT_DECK_TIE_8_TO_1, SIX_DECK_TIE_9_TO_1];
const stake = fc.integer({ min: 1, max: 10_000_000 });

function limits(bankerMin: number, bankerMax: number, chips: number[]): TableLimits {
  const spot = { minMinor: bankerMin, maxMinor: bankerMax };
  return {
    spots: { player: spot, banker: spot, tie: spot },
    sideBets: {},
    tableMaxMinor: bankerMax,
    chipDenominationsMinor: chips,
    creditLimitMinor: bankerMax * 10,
    maxWinPerRoundMinor: bankerMax * 10,
  };
}

describe('every payout figure on the rules screen is what settlement pays', () => {
  it('for random stakes and both profiles, each row shows settlement’s return on a win and on a Tie', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PROFILES), stake, stake, stake, (profile, player, banker, tie) => {
        for (const row of payoutRows(profile, { player, banker, tie })) {
          expect(row.winReturnMinor).toBe(spotReturn(row.spot, row.stakeMinor, row.spot, profile));
          expect(row.tieReturnMinor).toBe(spotReturn(row.spot, row.stakeMinor, 'tie', profile));
        }
      }),
    );
  });

  it('Player pays 1:1, Banker 0.95:1 rounded down, Tie at the profile’s ratio; a Tie hands Player and Banker back', () => {
    const [player, banker, tie] = payoutRows(SIX_DECK_TIE_9_TO_1, { player: 100, banker: 110, tie: 100 });
    expect(player).toMatchObject({ label: '1:1', winReturnMinor: 200, tieEffect: 'returned', tieReturnMinor: 100 });
    expect(banker).toMatchObject({ label: '0.95:1', winReturnMinor: 214, tieEffect: 'returned', tieReturnMinor: 110 });
    expect(tie).toMatchObject({ label: '9:1', winReturnMinor: 1_000, tieEffect: null });
    expect(payoutRows(EIGHT_DECK_TIE_8_TO_1, { player: 100, banker: 100, tie: 100 })[2]?.label).toBe('8:1');
  });

  it('the Banker example pays bankerWinReturn, and the winnings are the exact figure rounded down', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PROFILES), stake, (profile, s) => {
        const ex = bankerExample(profile, s);
        expect(ex.paidMinor).toBe(bankerWinReturn(s, profile.bankerCommissionPercent));
        expect(ex.paidMinor).toBe(ex.stakeMinor + ex.winningsMinor);
        expect(BigInt(ex.winningsMinor) * 100n <= ex.exactHundredths).toBe(true);
        expect(ex.exactHundredths < BigInt(ex.winningsMinor + 1) * 100n).toBe(true);
        expect(ex.rounded).toBe(BigInt(ex.winningsMinor) * 100n !== ex.exactHundredths);
      }),
    );
  });

  it('the rules sheet’s worked examples: 0.10 → 0.19, 0.20 → 0.39, 0.30 → 0.58', () => {
    const paid = [10, 20, 30].map((s) => bankerExample(EIGHT_DECK_TIE_8_TO_1, s).paidMinor);
    expect(paid).toEqual([19, 39, 58]);
  });

  it('the rounding example is the smallest stake the table takes whose win loses a fraction', () => {
    expect(roundedBankerStake(EIGHT_DECK_TIE_8_TO_1, limits(100, 50_000, [10, 100]))).toBe(110);
    expect(roundedBankerStake(EIGHT_DECK_TIE_8_TO_1, limits(10, 50_000, [10, 100]))).toBe(10);
    // Only whole units on the table: 0.95 of a whole unit is a whole number of cents, never rounded.
    expect(roundedBankerStake(EIGHT_DECK_TIE_8_TO_1, limits(100, 50_000, [100]))).toBeNull();
    expect(roundedBankerStake(EIGHT_DECK_TIE_8_TO_1, limits(100, 100, [10]))).toBeNull();
  });

  it('writes the unrounded winnings exactly, with only the digits they need', () => {
    const eur = { code: 'EUR', minorDigits: 2 };
    expect(formatHundredthsOfMinor(bankerExample(EIGHT_DECK_TIE_8_TO_1, 110).exactHundredths, eur, 'en')).toBe(
      '€1.045',
    );
    expect(formatHundredthsOfMinor(10_450n, eur, 'de')).toBe('1,045\u00a0€');
    expect(formatHundredthsOfMinor(9_500n, eur, 'en')).toBe('€0.95');
    expect(formatHundredthsOfMinor(950n, { code: 'JPY', minorDigits: 0 }, 'en')).toBe('¥9.5');
    expect(formatHundredthsOfMinor(950n, { code: 'EURO', minorDigits: 2 }, 'en')).toBe('—');
  });
});
