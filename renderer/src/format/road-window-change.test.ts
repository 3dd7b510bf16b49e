import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RoadOutcome } from '../../../electron/core/roads/road-types.ts';
import { sameRoadWindow } from './road-window-change.ts';

const outcome: fc.Arbitrary<RoadOutcome> = fc.record({
  winner: fc.constantFrom('banker', 'player', 'tie'),
  playerTotal: fc.integer({ min: 0, max: 9 }),
  bankerTotal: fc.integer({ min: 0, max: 9 }),
  playerPair: fc.boolean(),
  bankerPair: fc.boolean(),
  natural: fc.boolean(),
  roundId: fc.integer({ min: 1, max: 1_000_000 }),
});

describe('whether a snapshot brought the roads a different window', () => {
  it('a copy of the same rounds, as every snapshot brings, is the same window', () => {
    fc.assert(
      fc.property(fc.array(outcome, { maxLength: 80 }), (window) => {
        expect(
          sameRoadWindow(
            window,
            window.map((o) => ({ ...o })),
          ),
        ).toBe(true);
      }),
    );
  });

  it('one more round, one round fewer or one result changed is a different window', () => {
    fc.assert(
      fc.property(fc.array(outcome, { minLength: 1, maxLength: 80 }), outcome, fc.nat(), (window, extra, at) => {
        const i = at % window.length;
        expect(sameRoadWindow(window, [...window, extra])).toBe(false);
        expect(sameRoadWindow(window, window.slice(1))).toBe(false);
        const changed = window.map((o, j) => (j === i ? { ...o, playerPair: !o.playerPair } : o));
        expect(sameRoadWindow(window, changed)).toBe(false);
      }),
    );
  });
});
