import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { RoadOutcome } from '../../../electron/core/roads/road-types.ts';
import { computeRoads } from '../../../electron/core/roads/roads.ts';
import { DERIVED_ROADS, gridColumns, nextPlace } from './road-marks.ts';

const outcome = (winner: RoadOutcome['winner']): RoadOutcome => ({
  winner,
  playerTotal: 0,
  bankerTotal: 0,
  playerPair: false,
  bankerPair: false,
  natural: false,
});
const outcomes = fc.array(fc.constantFrom('banker', 'player', 'tie').map(outcome), { maxLength: 80 });

describe('an ask preview is drawn in the very cell the next result would take', () => {
  it('property: the previewed big-road ring and derived marks sit where the roads put them once that side wins', () => {
    fc.assert(
      fc.property(outcomes, fc.constantFrom('banker', 'player' as const), (past, side) => {
        const now = computeRoads(past);
        const next = computeRoads([...past, outcome(side)]);
        const ring = nextPlace(
          now.bigRoad.map((c) => c.winner),
          side,
        );
        expect({ x: ring.x, y: ring.y }).toEqual({ x: next.bigRoad.at(-1)!.x, y: next.bigRoad.at(-1)!.y });
        const ask = side === 'banker' ? now.askBanker : now.askPlayer;
        for (const road of DERIVED_ROADS) {
          const colour = ask[road];
          if (colour === null) {
            expect(next[road].marks.length, road).toBe(now[road].marks.length);
            continue;
          }
          const mark = nextPlace(now[road].marks, colour);
          const added = next[road].cells.at(-1)!;
          expect({ x: mark.x, y: mark.y, colour }, road).toEqual({ x: added.x, y: added.y, colour: added.colour });
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('grid widths', () => {
  it('a road is as wide as its view, or its drawn cells plus one empty column to grow into', () => {
    expect(gridColumns([], 12)).toBe(12);
    expect(gridColumns([{ x: 3 }], 12)).toBe(12);
    expect(gridColumns([{ x: 11 }], 12)).toBe(13);
    expect(gridColumns([{ x: 0 }, { x: 20 }], 12)).toBe(22);
  });
});
