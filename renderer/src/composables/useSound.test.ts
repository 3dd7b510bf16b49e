import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundResultKind } from '../../../electron/core/engine/round-result-kind.ts';
import { resultEffect } from './useSound.ts';

describe("a settled round's sound follows its net result (docs/rules.md#results-in-net-terms)", () => {
  it('a net win plays the win, a push the push, a partial return and a loss the quiet lose', () => {
    expect(resultEffect('win')).toBe('win');
    expect(resultEffect('push')).toBe('push');
    expect(resultEffect('returned')).toBe('lose');
    expect(resultEffect('loss')).toBe('lose');
  });

  it('for any stake and payout, the win sound plays exactly when more came back than was staked', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 20_000_000 }), (staked, paid) => {
        expect(resultEffect(roundResultKind(staked, paid).kind) === 'win').toBe(paid > staked);
      }),
    );
  });
});
