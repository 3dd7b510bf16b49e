import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LISTED_SPOTS } from '../format/money.ts';
import { feltStack, followLayout, lastPlacedChip, type ChipStacks } from './placed-chips.ts';

const CHIPS = [10, 50, 100, 500];

describe('a right click takes off the chip put on that spot last (docs/rules.md#chips-and-bets)', () => {
  it('after 1.00 then 0.10 on Player, the last chip is 0.10; after it goes, 1.00', () => {
    let s: ChipStacks = {};
    s = followLayout(s, {}, { player: 100 }, CHIPS);
    s = followLayout(s, { player: 100 }, { player: 110 }, CHIPS);
    expect(lastPlacedChip(s, 'player', CHIPS)).toBe(10);
    s = followLayout(s, { player: 110 }, { player: 100 }, CHIPS);
    expect(lastPlacedChip(s, 'player', CHIPS)).toBe(100);
  });

  it('each spot keeps its own stack', () => {
    let s: ChipStacks = {};
    s = followLayout(s, {}, { player: 500 }, CHIPS);
    s = followLayout(s, { player: 500 }, { player: 500, banker: 50 }, CHIPS);
    expect(lastPlacedChip(s, 'player', CHIPS)).toBe(500);
    expect(lastPlacedChip(s, 'banker', CHIPS)).toBe(50);
    expect(lastPlacedChip(s, 'tie', CHIPS)).toBeNull();
  });

  it('an undo of a removal puts the removed chip back on top', () => {
    let s: ChipStacks = {};
    s = followLayout(s, {}, { tie: 100 }, CHIPS);
    s = followLayout(s, { tie: 100 }, { tie: 150 }, CHIPS);
    s = followLayout(s, { tie: 150 }, { tie: 100 }, CHIPS); // right click
    s = followLayout(s, { tie: 100 }, { tie: 150 }, CHIPS); // undo
    expect(lastPlacedChip(s, 'tie', CHIPS)).toBe(50);
  });

  it('bets already on the table when the screen loads are read as table chips, largest first', () => {
    const s = followLayout({}, { banker: 610 }, { banker: 610 }, CHIPS);
    expect(s.banker).toEqual([500, 100, 10]);
    expect(lastPlacedChip(s, 'banker', CHIPS)).toBe(10);
  });

  it('a leftover that is not a chip is sent as the largest chip not above it', () => {
    expect(lastPlacedChip({ player: [100, 60] }, 'player', CHIPS)).toBe(50);
    expect(lastPlacedChip({ player: [5] }, 'player', CHIPS)).toBe(10);
  });

  it('property: every stack sums to the amount main reports, and an empty spot has no stack', () => {
    const layout = fc.record({
      player: fc.integer({ min: 0, max: 5_000 }),
      banker: fc.integer({ min: 0, max: 5_000 }),
      tie: fc.integer({ min: 0, max: 5_000 }),
    });
    fc.assert(
      fc.property(fc.array(layout, { maxLength: 25 }), (layouts) => {
        let stacks: ChipStacks = {};
        let before = {};
        for (const after of layouts) {
          stacks = followLayout(stacks, before, after, CHIPS);
          for (const spot of LISTED_SPOTS) {
            const sum = (stacks[spot] ?? []).reduce((a, b) => a + b, 0);
            expect(sum).toBe(after[spot]);
            if (after[spot] === 0) expect(stacks[spot]).toBeUndefined();
            expect((stacks[spot] ?? []).every((c) => c > 0)).toBe(true);
          }
          before = after;
        }
      }),
    );
  });
});

describe('the felt draws the chips as placed, newest on top', () => {
  it('three 1.00 chips then a 5.00 draw four chips with the 5.00 on top', () => {
    let s: ChipStacks = {};
    let before: Partial<Record<'player', number>> = {};
    for (const amount of [100, 200, 300, 800]) {
      s = followLayout(s, before, { player: amount }, CHIPS);
      before = { player: amount };
    }
    expect(feltStack([s], 'player', 800, CHIPS)).toEqual([100, 100, 100, 500]);
  });

  it('a round on show keeps the chips its layout was dealt with, once the table itself is empty', () => {
    const dealt: ChipStacks = { banker: [100, 100, 100] };
    expect(feltStack([{}, dealt], 'banker', 300, CHIPS)).toEqual([100, 100, 100]);
  });

  it('an amount no known stack adds up to is drawn in table chips, largest at the bottom', () => {
    expect(feltStack([{ banker: [100] }], 'banker', 660, CHIPS)).toEqual([500, 100, 50, 10]);
  });

  it('an empty spot draws no chips', () => {
    expect(feltStack([{ tie: [100] }], 'tie', 0, CHIPS)).toEqual([]);
  });

  it('whatever is drawn adds up to the amount main reports', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 12 }), (steps) => {
        let s: ChipStacks = {};
        let amount = 0;
        for (const k of steps) {
          const next = amount + CHIPS[k % CHIPS.length]! * (k % 3 === 0 ? -1 : 1);
          const after = Math.max(0, next);
          s = followLayout(s, { player: amount }, { player: after }, CHIPS);
          amount = after;
        }
        expect(feltStack([s], 'player', amount, CHIPS).reduce((a, b) => a + b, 0)).toBe(amount);
      }),
    );
  });
});
