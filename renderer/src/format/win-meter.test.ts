import fc from 'fast-check';
import { createI18n } from 'vue-i18n';
import { describe, expect, it } from 'vitest';
import type { RoundRecord } from '../../../electron/core/model/round-record.ts';
import { LOCALES, messages } from '../i18n/index.ts';
import { finishedRound, winMeter, type FinishedRound } from './win-meter.ts';

const settled = (stakedMinor: number, returnedMinor: number): FinishedRound => ({
  stakedMinor,
  returnedMinor,
  voided: false,
});

describe('the WIN meter after a round, one case per outcome class', () => {
  it.each([
    [
      'a net win: the net, labelled and styled as a win (19.50 back on 10.00 is WIN 9.50)',
      settled(1_000, 1_950),
      'win',
      'meters.lastWin',
      950,
      true,
    ],
    [
      'a partial return: 5.85 back on 14.00 is RETURNED 5.85, neutral',
      settled(1_400, 585),
      'returned',
      'winMeter.returned',
      585,
      false,
    ],
    [
      'a push: the whole stake back is RETURNED, neutral',
      settled(1_000, 1_000),
      'push',
      'winMeter.returned',
      1_000,
      false,
    ],
    ['a loss: nothing won, no win styling', settled(500, 0), 'loss', 'meters.lastWin', 0, false],
    [
      'a void: the refund as a refund, neutral',
      { stakedMinor: 500, returnedMinor: 500, voided: true },
      'void',
      'winMeter.refunded',
      500,
      false,
    ],
    ['before any round: nothing won', null, 'none', 'meters.lastWin', 0, false],
  ] as const)('%s', (_, round, outcomeClass, labelKey, amountMinor, winStyled) => {
    expect(winMeter(round)).toEqual({ outcomeClass, labelKey, amountMinor, winStyled });
  });
});

describe('the WIN meter never disguises a loss as a win', () => {
  const round = fc.record({
    stakedMinor: fc.integer({ min: 1, max: 10_000_000 }),
    returnedMinor: fc.integer({ min: 0, max: 30_000_000 }),
    voided: fc.boolean(),
  });

  it('win styling (and the win class) appears exactly when a settled round returned more than it staked', () => {
    fc.assert(
      fc.property(round, (r) => {
        const meter = winMeter(r);
        const netWin = !r.voided && r.returnedMinor > r.stakedMinor;
        expect(meter.winStyled).toBe(netWin);
        expect(meter.outcomeClass === 'win').toBe(netWin);
      }),
    );
  });

  it('whatever is labelled a win is the net gain, never the stake coming back', () => {
    fc.assert(
      fc.property(round, (r) => {
        const meter = winMeter(r);
        if (meter.labelKey === 'meters.lastWin') {
          expect(meter.amountMinor).toBe(Math.max(0, r.voided ? 0 : r.returnedMinor - r.stakedMinor));
        } else {
          expect(meter.amountMinor).toBe(r.returnedMinor);
          expect(meter.amountMinor).toBeLessThanOrEqual(r.voided ? r.returnedMinor : r.stakedMinor);
        }
      }),
    );
  });
});

describe("main's last round as the meter reads it", () => {
  const base = { bets: { player: 1_000, banker: 300, tie: 100 }, refundedMinor: 0 } as const;

  it('a settled round: its stake and everything it paid back', () => {
    const record = { ...base, status: 'settled', returns: { banker: 585 } } as unknown as RoundRecord;
    expect(finishedRound(record)).toEqual({ stakedMinor: 1_400, returnedMinor: 585, voided: false });
  });

  it('a voided round: its stake and its refund', () => {
    const record = { ...base, status: 'voided', returns: {}, refundedMinor: 1_400 } as unknown as RoundRecord;
    expect(finishedRound(record)).toEqual({ stakedMinor: 1_400, returnedMinor: 1_400, voided: true });
  });

  it('no round, or one still in progress: nothing to show', () => {
    expect(finishedRound(null)).toBeNull();
    expect(finishedRound({ ...base, status: 'in-progress', returns: {} } as unknown as RoundRecord)).toBeNull();
  });
});

describe.each(LOCALES)('the WIN meter is worded in %s', (locale) => {
  const g = createI18n({ legacy: false, locale, fallbackLocale: [], messages, missingWarn: false }).global;

  it('each label exists in the language, and a return or a refund never reads as the win label', () => {
    const labels = ['meters.lastWin', 'winMeter.returned', 'winMeter.refunded'].map((key) => {
      expect(g.te(key, locale), `${locale} ${key}`).toBe(true);
      return g.t(key);
    });
    expect(new Set(labels).size).toBe(3);
  });
});
