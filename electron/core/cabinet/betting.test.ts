import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { SPOTS } from '../engine/settlement.ts';
import { CabinetError } from './cabinet-error.ts';
import { cleanAudit, closeCabinets, fund, refusal, setupCabinet } from '../../testing/cabinet-harness.ts';
import { testConfig } from '../../testing/fixtures.ts';

afterEach(closeCabinets);

const tightLimits = testConfig({
  limits: {
    spots: {
      player: { minMinor: 100, maxMinor: 1_000 },
      banker: { minMinor: 100, maxMinor: 1_000 },
      tie: { minMinor: 100, maxMinor: 1_000 },
    },
    sideBets: {},
    tableMaxMinor: 1_500,
    chipDenominationsMinor: [100, 500, 1_000],
    creditLimitMinor: 100_000,
    maxWinPerRoundMinor: 5_000,
  },
});

describe('bets on the table: a refused bet names the limit and changes nothing', () => {
  it('refuses a value that is not a chip', () => {
    const h = setupCabinet();
    fund(h.cabinet);
    const before = h.cabinet.snapshot();
    const e = refusal(() => h.cabinet.placeChip('player', 123));
    expect(e.code).toBe('not-a-chip');
    expect(h.cabinet.snapshot()).toEqual(before);
  });

  it('refuses above the spot max, the table max, the credits and the max win, each with its limit', () => {
    const h = setupCabinet(tightLimits);
    fund(h.cabinet, 1_000, 2);
    const c = h.cabinet;
    c.placeChip('player', 1_000);
    let before = c.snapshot();
    let e = refusal(() => c.placeChip('player', 100));
    expect(e.code).toBe('above-spot-max');
    expect(e.limit).toEqual({ name: 'spots.player.maxMinor', valueMinor: 1_000 });
    expect(e.info.code).toBe('above-spot-max');
    expect(c.snapshot()).toEqual(before);

    e = refusal(() => c.placeChip('banker', 100));
    expect(e.code).toBe('insufficient-credits');
    expect(e.limit).toEqual({ name: 'credits', valueMinor: 1_000 });
    expect(c.snapshot()).toEqual(before);

    fund(c, 10_000, 5);
    c.placeChip('banker', 500);
    before = c.snapshot();
    e = refusal(() => c.placeChip('banker', 100));
    expect(e.code).toBe('above-table-max');
    expect(e.limit).toEqual({ name: 'tableMaxMinor', valueMinor: 1_500 });
    expect(c.snapshot()).toEqual(before);

    // Tie 8:1 on 1,000 wins 8,000 − other stakes: above the 5,000 max win.
    c.clearBets();
    before = c.snapshot();
    e = refusal(() => c.placeChip('tie', 1_000));
    expect(e.code).toBe('above-max-win');
    expect(e.limit).toEqual({ name: 'maxWinPerRoundMinor', valueMinor: 5_000 });
    expect(c.snapshot()).toEqual(before);
  });

  it('lets a spot sit below its minimum while building, but never deals it (spot min checked at DEAL)', () => {
    const h = setupCabinet();
    fund(h.cabinet);
    const c = h.cabinet;
    c.placeChip('player', 50); // min 100
    const creditsBefore = c.snapshot().creditsMinor;
    const e = refusal(() => c.deal());
    expect(e.code).toBe('below-spot-min');
    expect(e.limit).toEqual({ name: 'spots.player.minMinor', valueMinor: 100 });
    expect(c.snapshot().creditsMinor).toBe(creditsBefore);
    expect(c.snapshot().phase).toBe('betting');
    c.placeChip('player', 50);
    expect(c.deal().status).toBe('settled');
    for (const r of c.recall({})) for (const v of Object.values(r.bets)) expect(v).toBeGreaterThanOrEqual(100);
  });

  it('removeChip removes one chip, or the whole bet when the chip is larger; undo and clear', () => {
    const h = setupCabinet();
    fund(h.cabinet);
    const c = h.cabinet;
    c.placeChip('banker', 500);
    c.placeChip('banker', 100);
    expect(c.removeChip('banker', 100).tableBets).toEqual({ banker: 500 });
    expect(c.removeChip('banker', 2_500).tableBets).toEqual({});
    expect(refusal(() => c.removeChip('banker', 100)).code).toBe('no-bet-to-remove');
    c.placeChip('player', 100);
    c.placeChip('tie', 500);
    expect(c.undoChip().tableBets).toEqual({ player: 100 });
    expect(c.clearBets().tableBets).toEqual({});
    expect(refusal(() => c.undoChip()).code).toBe('nothing-to-undo');
    expect(refusal(() => c.deal()).code).toBe('no-bets');
  });

  it('removing a hedging chip can raise the possible win above the max win; DEAL refuses that layout', () => {
    const h = setupCabinet(testConfig({ limits: { ...tightLimits.limits, maxWinPerRoundMinor: 950 } }));
    fund(h.cabinet);
    const c = h.cabinet;
    // Alone, Player 1,000 could win 1,000 (> 950). With a 100 tie hedge the best case is 900.
    expect(refusal(() => c.placeChip('player', 1_000)).code).toBe('above-max-win');
    c.placeChip('tie', 100);
    c.placeChip('player', 1_000);
    expect(c.snapshot().tableBets).toEqual({ player: 1_000, tie: 100 });
    // Removing a chip checks no limit, so the layout may now break the max win …
    expect(c.removeChip('tie', 100).tableBets).toEqual({ player: 1_000 });
    // … but DEAL checks every limit again: no round is ever locked above the max win.
    const credits = c.snapshot().creditsMinor;
    const e = refusal(() => c.deal());
    expect(e.code).toBe('above-max-win');
    expect(e.limit).toEqual({ name: 'maxWinPerRoundMinor', valueMinor: 950 });
    expect(c.snapshot().creditsMinor).toBe(credits);
    expect(c.recall({})).toEqual([]);
    cleanAudit(h.path);
  });
});

describe('chip placement, as a property', () => {
  const cfg = tightLimits;
  const step = fc.oneof(
    fc.record({
      t: fc.constant('place' as const),
      spot: fc.constantFrom(...SPOTS),
      chip: fc.constantFrom(...cfg.limits.chipDenominationsMinor, 50, 7),
    }),
    fc.record({ t: fc.constant('remove' as const), spot: fc.constantFrom(...SPOTS), chip: fc.constantFrom(100, 500) }),
    fc.record({ t: fc.constant('undo' as const) }),
  );

  it('a refused chip never changes the layout; every placed chip leaves a layout within the upper limits', () => {
    fc.assert(
      fc.property(fc.constantFrom(1, 2, 3, 4), fc.array(step, { maxLength: 30 }), (channel, steps) => {
        const h = setupCabinet(cfg);
        const c = h.cabinet;
        fund(c, cfg.billChannels.find((b) => b.channel === channel)!.valueMinor, channel);
        for (const s of steps) {
          const before = c.snapshot();
          try {
            if (s.t === 'place') c.placeChip(s.spot, s.chip);
            else if (s.t === 'remove') c.removeChip(s.spot, s.chip);
            else c.undoChip();
          } catch (error) {
            if (!(error instanceof CabinetError)) throw error;
            expect(c.snapshot()).toEqual(before);
            continue;
          }
          const after = c.snapshot();
          expect(after.creditsMinor).toBe(before.creditsMinor);
          if (s.t !== 'place') continue;
          for (const spot of SPOTS) {
            expect(after.tableBets[spot] ?? 0).toBeLessThanOrEqual(cfg.limits.spots[spot].maxMinor);
          }
          expect(after.tableTotalMinor).toBeLessThanOrEqual(cfg.limits.tableMaxMinor);
          expect(after.tableTotalMinor).toBeLessThanOrEqual(after.creditsMinor);
        }
        closeCabinets();
      }),
      { numRuns: 100 },
    );
  });
});

describe('REBET repeats the last round on an empty table only (docs/rules.md#round-buttons)', () => {
  it('with chips on the table a rebet is refused with rebet-needs-empty-table and nothing changes', () => {
    const h = setupCabinet(tightLimits);
    fund(h.cabinet, 10_000, 5);
    const c = h.cabinet;
    c.placeChip('player', 500);
    c.deal();
    c.placeChip('banker', 100);
    const before = c.snapshot();
    const roundsBefore = c.recall({ limit: 10 }).length;
    for (const multiplier of [1, 2] as const) {
      const e = refusal(() => c.rebet(multiplier));
      expect(e.code).toBe('rebet-needs-empty-table');
      expect(e.message).toMatch(/empty table.*deal or clear those bets first/);
      expect(c.snapshot()).toEqual(before);
    }
    expect(c.recall({ limit: 10 })).toHaveLength(roundsBefore);
    // The chips on the table are what DEAL plays.
    expect(c.deal().bets).toEqual({ banker: 100 });
  });

  it('on an empty table after a round the rebet deals the last bets', () => {
    const h = setupCabinet(tightLimits);
    fund(h.cabinet, 10_000, 5);
    const c = h.cabinet;
    c.placeChip('player', 500);
    c.deal();
    expect(c.rebet(2).bets).toEqual({ player: 1_000 });
  });
});
