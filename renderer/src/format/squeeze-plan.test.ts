import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Card } from '../../../electron/core/cards/card.ts';
import type { RoundOutcome } from '../../../electron/core/engine/round.ts';
import { dealSequence } from './cards.ts';
import { revealPhases, squeezedSide } from './squeeze-plan.ts';

const c = (rank: Card['rank'], suit: Card['suit'] = 'S'): Card => ({ rank, suit }) as Card;
function outcome(player: Card[], banker: Card[]): RoundOutcome {
  return { player: { cards: player, total: 0 }, banker: { cards: banker, total: 0 }, winner: 'banker' } as never;
}

describe('the hand a player squeezes', () => {
  it('is the hand of the side with the larger bet', () => {
    expect(squeezedSide({ player: 500, banker: 100 })).toBe('player');
    expect(squeezedSide({ player: 100, banker: 500, tie: 10_000 })).toBe('banker');
    expect(squeezedSide({ banker: 100 })).toBe('banker');
  });
  it('is the Player hand, the first dealt, when both bets are equal', () => {
    expect(squeezedSide({ player: 200, banker: 200 })).toBe('player');
  });
  it('is none with only a Tie bet: a Tie backs neither hand', () => {
    expect(squeezedSide({ tie: 100 })).toBeNull();
    expect(squeezedSide({})).toBeNull();
  });
  it('for any bets, is a side that was bet on, never one with the smaller bet', () => {
    const amount = fc.nat({ max: 100_000 });
    fc.assert(
      fc.property(amount, amount, amount, (player, banker, tie) => {
        const side = squeezedSide({ player, banker, tie });
        if (player === 0 && banker === 0) expect(side).toBeNull();
        else {
          const mine = side === 'player' ? player : banker;
          expect(mine).toBe(Math.max(player, banker));
        }
      }),
    );
  });
});

describe('the reveal waits for the squeezed cards', () => {
  const natural = dealSequence({ outcome: outcome([c('9'), c('K')], [c('8'), c('Q')]) });
  const both = dealSequence({ outcome: outcome([c('2'), c('3'), c('4')], [c('5'), c('K'), c('6')]) });

  it('after the first four cards, and after each third card of the squeezed hand', () => {
    expect(revealPhases(both, 'banker').map((p) => [p.steps.length, p.squeeze])).toEqual([
      [4, true],
      [1, false],
      [1, true],
    ]);
    expect(revealPhases(both, 'player').map((p) => p.squeeze)).toEqual([true, true, false]);
    expect(revealPhases(natural, 'player').map((p) => [p.steps.length, p.squeeze])).toEqual([[4, true]]);
  });

  it('never without a squeezed side, and lays the same cards in the same order either way', () => {
    for (const side of [null, 'player', 'banker'] as const) {
      const phases = revealPhases(both, side);
      expect(phases.flatMap((p) => p.steps)).toEqual(both);
      if (side === null) expect(phases.every((p) => !p.squeeze)).toBe(true);
    }
  });
});
