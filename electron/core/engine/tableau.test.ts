import { describe, expect, it } from 'vitest';
import { bankerDraws, handTotal, isNatural, playerDraws } from './tableau.ts';

// The Punto Banco tableau as printed in docs/rules.md#the-tableau, written out cell by cell so a change to
// tableau.ts cannot also change the expectation. Rows: Banker's two-card total 0–7. Columns: the
// value of the Player's third card 0–9, then "–" = the Player stood. D = Banker draws, S = stands.
const BANKER_CHART: Readonly<Record<number, string>> = {
  //   v: 0123456789–
  0: 'DDDDDDDDDDD',
  1: 'DDDDDDDDDDD',
  2: 'DDDDDDDDDDD',
  3: 'DDDDDDDDSDD',
  4: 'SSDDDDDDSSD',
  5: 'SSSSDDDDSSD',
  6: 'SSSSSSDDSSS',
  7: 'SSSSSSSSSSS',
};

describe('hand totals (docs/rules.md#card-values: the sum of the card values mod 10)', () => {
  it.each([
    [[1, 9], 0],
    [[7, 8], 5],
    [[0, 0], 0],
    [[9, 9, 9], 7],
    [[4, 5], 9],
    [[6, 2, 0], 8],
  ])('values %j total %i', (values, total) => {
    expect(handTotal(values)).toBe(total);
  });
});

describe('naturals (docs/rules.md#naturals: a two-card 8 or 9 stands)', () => {
  it.each([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])('two-card total %i', (total) => {
    expect(isNatural(total)).toBe(total === 8 || total === 9);
  });
});

describe('Player draws on 0–5 and stands on 6–7 (docs/rules.md#the-player-rule)', () => {
  it.each([0, 1, 2, 3, 4, 5, 6, 7])('Player total %i', (total) => {
    expect(playerDraws(total)).toBe(total <= 5);
  });
});

describe('Banker tableau: every cell (docs/rules.md#the-banker-rule)', () => {
  const cells: [number, number | null, boolean][] = [];
  for (let banker = 0; banker <= 7; banker++) {
    const row = BANKER_CHART[banker] ?? '';
    for (let column = 0; column <= 10; column++) {
      cells.push([banker, column === 10 ? null : column, row[column] === 'D']);
    }
  }
  it('the chart covers 8 Banker totals × (10 third-card values + Player stood) = 88 cells', () => {
    expect(cells).toHaveLength(88);
  });
  it.each(cells)('Banker %i, Player third card %s → draws: %s', (banker, third, draws) => {
    expect(bankerDraws(banker, third)).toBe(draws);
  });
  it('Banker stands on 6 and 7 when the Player stood, draws on 0–5', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((t) => bankerDraws(t, null))).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
