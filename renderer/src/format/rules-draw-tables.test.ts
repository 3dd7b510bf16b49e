import { describe, expect, it } from 'vitest';
import {
  bankerMatrix,
  formatTotals,
  naturalTotals,
  PLAYER_THIRD_COLUMNS,
  playerRule,
  playerRuleTotals,
} from './rules-draw-tables.ts';

/**
 * The standard Punto Banco Banker table as published (docs/rules.md#the-banker-rule), typed by hand here
 * only: columns are "Player stood", then the Player's third card 0–9.
 */
const STANDARD_BANKER: Record<number, string> = {
  0: 'D DDDDDDDDDD',
  1: 'D DDDDDDDDDD',
  2: 'D DDDDDDDDDD',
  3: 'D DDDDDDDDSD',
  4: 'D SSDDDDDDSS',
  5: 'D SSSSDDDDSS',
  6: 'S SSSSSSDDSS',
  7: 'S SSSSSSSSSS',
};

describe('the rules screen draws its third-card tables from the engine', () => {
  it('the Banker matrix generated from the engine is the standard table, row for row', () => {
    const shown = Object.fromEntries(
      bankerMatrix().map((row) => {
        const letters = row.cells.map((c) => (c.draws ? 'D' : 'S'));
        return [row.total, `${letters[0]} ${letters.slice(1).join('')}`];
      }),
    );
    expect(shown).toEqual(STANDARD_BANKER);
  });

  it('has a row for each Banker total 0–7 and a column for "Player stood" and each third card 0–9', () => {
    const matrix = bankerMatrix();
    expect(matrix.map((r) => r.total)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(PLAYER_THIRD_COLUMNS).toEqual([null, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const row of matrix) expect(row.cells.map((c) => c.playerThird)).toEqual(PLAYER_THIRD_COLUMNS);
  });

  it('the Player draws on 0–5, stands on 6–7, and 8–9 are naturals', () => {
    expect(playerRule().map((c) => c.action)).toEqual([
      'draw',
      'draw',
      'draw',
      'draw',
      'draw',
      'draw',
      'stand',
      'stand',
      'natural',
      'natural',
    ]);
    expect(naturalTotals()).toEqual([8, 9]);
  });
});

describe('the Player rule in words', () => {
  it('names the totals the engine draws and stands on, as ranges and lists in the language', () => {
    const { draw, stand } = playerRuleTotals();
    expect(formatTotals(draw, 'en')).toBe('0–5');
    expect(formatTotals(stand, 'en')).toBe('6 or 7');
    expect(formatTotals(stand, 'de')).toBe('6 oder 7');
    expect(formatTotals([0, 1, 3, 4, 5, 9], 'en')).toBe('0, 1, 3–5, or 9');
  });
});
