import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resultScore } from './result-score.ts';

describe('the result line puts the winner first', () => {
  it('a Banker win reads Banker, its total, then the Player total', () => {
    expect(resultScore('banker', 0, 4)).toEqual({ name: 'banker', first: 4, second: 0 });
  });

  it('a Player win reads Player, its total, then the Banker total', () => {
    expect(resultScore('player', 9, 6)).toEqual({ name: 'player', first: 9, second: 6 });
  });

  it('a Tie names no side: the line is the two (equal) totals, the title alone says Tie', () => {
    expect(resultScore('tie', 6, 6)).toEqual({ name: null, first: 6, second: 6 });
  });

  it('names a side exactly when one side won, and always the side that won', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 }), (p, b) => {
        const winner = p > b ? 'player' : b > p ? 'banker' : 'tie';
        expect(resultScore(winner, p, b).name).toBe(winner === 'tie' ? null : winner);
      }),
    );
  });

  it('the first number is never below the second for a real outcome', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 }), (p, b) => {
        const winner = p > b ? 'player' : b > p ? 'banker' : 'tie';
        const line = resultScore(winner, p, b);
        expect(line.first).toBeGreaterThanOrEqual(line.second);
        expect([line.first, line.second].sort()).toEqual([p, b].sort());
      }),
    );
  });
});
