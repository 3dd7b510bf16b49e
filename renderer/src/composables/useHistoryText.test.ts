import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { handWon, winnerLine } from './useHistoryText.ts';

const t = (key: string, named?: Record<string, unknown>): string => (named ? `${key}(${String(named.spot)})` : key);

describe('the history words for a round', () => {
  it('marks the winning side only, and both sides on a tie', () => {
    expect([handWon('player', 'player'), handWon('player', 'banker')]).toEqual([true, false]);
    expect([handWon('banker', 'player'), handWon('banker', 'banker')]).toEqual([false, true]);
    expect([handWon('tie', 'player'), handWon('tie', 'banker')]).toEqual([true, true]);
    expect([handWon(null, 'player'), handWon(null, 'banker')]).toEqual([false, false]);
  });

  it('a round always has a won hand once cards were dealt, and none before', () => {
    fc.assert(
      fc.property(fc.constantFrom('player', 'banker', 'tie', null), (winner) => {
        const any = handWon(winner, 'player') || handWon(winner, 'banker');
        expect(any).toBe(winner !== null);
      }),
    );
  });

  it('names the winning side, says tie, and says nothing when no card was dealt', () => {
    expect(winnerLine('banker', t)).toBe('history.wins(spot.banker)');
    expect(winnerLine('player', t)).toBe('history.wins(spot.player)');
    expect(winnerLine('tie', t)).toBe('history.tie');
    expect(winnerLine(null, t)).toBe('');
  });
});
