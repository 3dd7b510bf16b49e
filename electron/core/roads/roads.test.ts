import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseOutcomeLetters } from './outcome-letters.ts';
import { computeRoads } from './roads.ts';
import { ROAD_ROWS, type DerivedRoad, type RoadOutcome } from './road-types.ts';

const roadsOf = (letters: string) => computeRoads(parseOutcomeLetters(letters));

describe('worked examples, checked against tables worked out by hand (docs/roads.md#worked-example)', () => {
  it('B B P P P T B P B B B P: the example of docs/roads.md', () => {
    const roads = roadsOf('BBPPPTBPBBBP');
    // Big road: logical column lengths 2, 3, 1, 1, 3, 1; the tie on the third P of column 2.
    expect(roads.bigRoad.map((c) => [c.column + 1, c.row + 1, c.winner[0], c.ties])).toEqual([
      [1, 1, 'b', 0],
      [1, 2, 'b', 0],
      [2, 1, 'p', 0],
      [2, 2, 'p', 0],
      [2, 3, 'p', 1],
      [3, 1, 'b', 0],
      [4, 1, 'p', 0],
      [5, 1, 'b', 0],
      [5, 2, 'b', 0],
      [5, 3, 'b', 0],
      [6, 1, 'p', 0],
    ]);
    expect(roads.bigEyeBoy.marks).toEqual(['red', 'blue', 'blue', 'blue', 'red', 'blue', 'red', 'blue']);
    expect(roads.smallRoad.marks).toEqual(['blue', 'blue', 'blue', 'red', 'blue']);
    expect(roads.cockroachPig.marks).toEqual(['blue', 'red', 'red', 'red']);
    // Next Banker heads column 7: len(6) = 1 vs len(5) = 3, len(4) = 1, len(3) = 1.
    expect(roads.askBanker).toEqual({ bigEyeBoy: 'blue', smallRoad: 'red', cockroachPig: 'red' });
    // Next Player is column 6 row 2: p = len(5) = 3, len(4) = 1, len(3) = 1.
    expect(roads.askPlayer).toEqual({ bigEyeBoy: 'red', smallRoad: 'blue', cockroachPig: 'blue' });
  });

  it('T B×7 P T P B P P P B B: a leading tie, a dragon tail and all three roads', () => {
    const roads = roadsOf('TBBBBBBBPTPBPPPBB');
    // Column 1 is seven Banker results: six down and one in the tail at (1,5); lengths 7, 2, 1, 3, 2.
    expect(roads.bigRoad.map((c) => `${c.x},${c.y}`)).toEqual([
      ...['0,0', '0,1', '0,2', '0,3', '0,4', '0,5', '1,5'],
      ...['1,0', '1,1', '2,0', '3,0', '3,1', '3,2', '4,0', '4,1'],
    ]);
    expect(roads.bigRoad.map((c) => c.ties)).toEqual([1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]);
    // | cell        | Big Eye Boy (k=1)        | Small Road (k=2)        | Cockroach Pig (k=3)     |
    // | col 2 row 2 | p = 7, m = 2 ≤ p: red    | –                       | –                       |
    // | col 3 row 1 | 2 vs 7: blue             | – (col 3 has 1 result)  | –                       |
    // | col 4 row 1 | 1 vs 2: blue             | 1 vs 7: blue            | –                       |
    // | col 4 row 2 | p = 1, m = p+1: blue     | p = 2, m ≤ p: red       | p = 7, m ≤ p: red       |
    // | col 4 row 3 | p = 1, m > p+1: red      | p = 2, m = p+1: blue    | p = 7: red              |
    // | col 5 row 1 | 3 vs 1: blue             | 3 vs 2: blue            | 3 vs 7: blue            |
    // | col 5 row 2 | p = 3, m ≤ p: red        | p = 1, m = p+1: blue    | p = 2, m ≤ p: red       |
    expect(roads.bigEyeBoy.marks).toEqual(['red', 'blue', 'blue', 'blue', 'red', 'blue', 'red']);
    expect(roads.smallRoad.marks).toEqual(['blue', 'red', 'blue', 'blue', 'blue']);
    expect(roads.cockroachPig.marks).toEqual(['red', 'red', 'blue', 'red']);
    expect(roads.bigEyeBoy.cells.map((c) => `${c.x},${c.y}`)).toEqual([
      '0,0',
      '1,0',
      '1,1',
      '1,2',
      '2,0',
      '3,0',
      '4,0',
    ]);
    // Next Banker is column 5 row 3: p = 3, 1, 2. Next Player heads column 6: 2 vs 3, 2 vs 1, 2 vs 2.
    expect(roads.askBanker).toEqual({ bigEyeBoy: 'red', smallRoad: 'red', cockroachPig: 'blue' });
    expect(roads.askPlayer).toEqual({ bigEyeBoy: 'blue', smallRoad: 'blue', cockroachPig: 'red' });
    expect(roads.counters).toEqual({
      rounds: 17,
      banker: 10,
      player: 5,
      tie: 2,
      bankerPair: 0,
      playerPair: 0,
      natural: 0,
    });
  });

  it('no rounds: every road is empty and no ask preview has a mark', () => {
    const roads = computeRoads([]);
    expect(roads.beadPlate).toEqual([]);
    expect(roads.bigRoad).toEqual([]);
    expect(roads.bigEyeBoy).toEqual({ marks: [], cells: [] });
    expect(roads.askBanker).toEqual({ bigEyeBoy: null, smallRoad: null, cockroachPig: null });
    expect(roads.counters.rounds).toBe(0);
  });
});

// Long runs as well as chops, so dragon tails (and tails meeting tails) are common.
const outcomeArbitrary: fc.Arbitrary<RoadOutcome> = fc.record({
  winner: fc.constantFrom('banker', 'player', 'tie'),
  playerTotal: fc.integer({ min: 0, max: 9 }),
  bankerTotal: fc.integer({ min: 0, max: 9 }),
  playerPair: fc.boolean(),
  bankerPair: fc.boolean(),
  natural: fc.boolean(),
});
const randomRuns = fc
  .array(fc.tuple(outcomeArbitrary, fc.integer({ min: 1, max: 12 })), { maxLength: 30 })
  .map((runs) => runs.flatMap(([outcome, length]) => Array<RoadOutcome>(length).fill(outcome)));
// Alternating streaks that shrink column by column, so each one meets the tail before it and the
// tails stack up to row 1 (where a streak's tail runs along the top row and pushes the next head right).
const stackedTails = fc
  .tuple(
    outcomeArbitrary,
    fc.integer({ min: 6, max: 14 }),
    fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 12 }),
  )
  .map(([outcome, first, shrinks]) => {
    let length = first;
    const lengths = [first, ...shrinks.map((shrink) => (length = Math.max(1, length - shrink)))];
    return lengths.flatMap((count, i) => {
      const winner = i % 2 === 0 ? 'banker' : 'player';
      return Array<RoadOutcome>(count).fill({ ...outcome, winner });
    });
  });
const outcomesArbitrary = fc.oneof(randomRuns, stackedTails);

const DISTANCES = [
  ['bigEyeBoy', 1],
  ['smallRoad', 2],
  ['cockroachPig', 3],
] as const;

/** The logical column lengths straight from the results: run lengths of the non-tie winners. */
function runLengths(outcomes: readonly RoadOutcome[]): number[] {
  const lengths: number[] = [];
  let last: string | undefined;
  for (const { winner } of outcomes) {
    if (winner === 'tie') continue;
    if (winner === last) lengths[lengths.length - 1]!++;
    else lengths.push(1);
    last = winner;
  }
  return lengths;
}

function distinctCells(cells: readonly { x: number; y: number }[]): boolean {
  return new Set(cells.map((c) => `${c.x},${c.y}`)).size === cells.length;
}

/** Every move in a streak goes one down, or (the dragon tail) right along the row once the way down is shut. */
function followsTheDrawingRule(cells: readonly { column: number; row: number; x: number; y: number }[]): boolean {
  const taken = new Set<string>();
  let bent = false;
  let headX = -1;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i]!;
    const before = cells[i - 1];
    if (cell.y < 0 || cell.y >= ROAD_ROWS) return false;
    if (before !== undefined && cell.column === before.column) {
      const downShut = before.y + 1 >= ROAD_ROWS || taken.has(`${before.x},${before.y + 1}`);
      const wentDown = cell.x === before.x && cell.y === before.y + 1;
      const wentRight = cell.y === before.y && cell.x > before.x;
      if (wentDown && bent) return false;
      if (wentRight && !(bent || downShut)) return false;
      if (!wentDown && !wentRight) return false;
      bent = wentRight;
    } else {
      if (cell.row !== 0 || cell.y !== 0) return false;
      if (before !== undefined && cell.column !== before.column + 1) return false;
      // A head takes the first free top cell right of the previous head.
      let expectedX = headX + 1;
      while (taken.has(`${expectedX},0`)) expectedX++;
      if (cell.x !== expectedX) return false;
      headX = cell.x;
      bent = false;
    }
    taken.add(`${cell.x},${cell.y}`);
  }
  return true;
}

describe('road invariants (fast-check)', () => {
  it('bead plate: one cell per round, ties included, in columns of six filled top to bottom', () => {
    fc.assert(
      fc.property(outcomesArbitrary, (outcomes) => {
        const { beadPlate } = computeRoads(outcomes);
        expect(beadPlate).toHaveLength(outcomes.length);
        beadPlate.forEach((cell, i) => {
          expect(cell.outcome).toBe(outcomes[i]);
          expect([cell.x, cell.y]).toEqual([Math.floor(i / ROAD_ROWS), i % ROAD_ROWS]);
        });
      }),
    );
  });

  it('big road: exactly one cell per Banker or Player result; every tie counted on a cell once there is one', () => {
    fc.assert(
      fc.property(outcomesArbitrary, (outcomes) => {
        const { bigRoad } = computeRoads(outcomes);
        const decided = outcomes.filter((o) => o.winner !== 'tie');
        expect(bigRoad.map((c) => c.winner)).toEqual(decided.map((o) => o.winner));
        const ties = outcomes.length - decided.length;
        expect(bigRoad.reduce((sum, c) => sum + c.ties, 0)).toBe(decided.length === 0 ? 0 : ties);
      }),
    );
  });

  it('big road: no two cells share a drawn cell, and every streak goes down or bends right as the rule says', () => {
    fc.assert(
      fc.property(outcomesArbitrary, (outcomes) => {
        const { bigRoad } = computeRoads(outcomes);
        expect(distinctCells(bigRoad)).toBe(true);
        expect(followsTheDrawingRule(bigRoad)).toBe(true);
      }),
    );
  });

  it('big road: logical columns are the runs of one winner and their lengths sum to the non-tie count', () => {
    fc.assert(
      fc.property(outcomesArbitrary, (outcomes) => {
        const { bigRoad } = computeRoads(outcomes);
        const lengths = runLengths(outcomes);
        const counted: number[] = [];
        for (const c of bigRoad) {
          expect(c.row).toBe(counted[c.column] ?? 0);
          counted[c.column] = c.row + 1;
        }
        expect(counted).toEqual(lengths);
        expect(lengths.reduce((a, b) => a + b, 0)).toBe(outcomes.filter((o) => o.winner !== 'tie').length);
      }),
    );
  });

  it('each derived road has max(0, nonTie − start) marks, start = the index of column k+1 row 2', () => {
    fc.assert(
      fc.property(outcomesArbitrary, (outcomes) => {
        const roads = computeRoads(outcomes);
        const lengths = runLengths(outcomes);
        const nonTie = lengths.reduce((a, b) => a + b, 0);
        for (const [name, k] of DISTANCES) {
          // Column k+1 row 2 is result number sum(len 1..k) + 1 (from 0); when column k+1 has one result,
          // that same index is column k+2 row 1. Without a column k+1 there is no start.
          const start = lengths.slice(0, k).reduce((a, b) => a + b, 0) + 1;
          const expected = lengths.length > k ? Math.max(0, nonTie - start) : 0;
          expect(roads[name].marks).toHaveLength(expected);
        }
      }),
    );
  });

  it('derived roads: laid out like a big road of colours, no two marks on one cell', () => {
    fc.assert(
      fc.property(outcomesArbitrary, (outcomes) => {
        const roads = computeRoads(outcomes);
        for (const [name] of DISTANCES) {
          const road: DerivedRoad = roads[name];
          expect(road.cells.map((c) => c.colour)).toEqual(road.marks);
          expect(distinctCells(road.cells)).toBe(true);
          expect(followsTheDrawingRule(road.cells)).toBe(true);
          road.cells.forEach((c, i) => {
            const before = road.cells[i - 1];
            if (before !== undefined) expect(c.column === before.column).toBe(c.colour === before.colour);
          });
        }
      }),
    );
  });

  it('a new round only adds: the roads of any prefix are a prefix of the roads of the whole', () => {
    fc.assert(
      fc.property(outcomesArbitrary, fc.nat(), (outcomes, cut) => {
        const prefix = outcomes.slice(0, outcomes.length === 0 ? 0 : cut % (outcomes.length + 1));
        const whole = computeRoads(outcomes);
        const part = computeRoads(prefix);
        const place = ({ column, row, x, y }: { column: number; row: number; x: number; y: number }) => ({
          column,
          row,
          x,
          y,
        });
        expect(whole.bigRoad.slice(0, part.bigRoad.length).map(place)).toEqual(part.bigRoad.map(place));
        for (const [name] of DISTANCES) {
          expect(whole[name].cells.slice(0, part[name].cells.length)).toEqual(part[name].cells);
        }
      }),
    );
  });

  it('the ask previews are the marks the roads get when that result is appended', () => {
    fc.assert(
      fc.property(outcomesArbitrary, outcomeArbitrary, (outcomes, extra) => {
        const roads = computeRoads(outcomes);
        for (const side of ['banker', 'player'] as const) {
          const after = computeRoads([...outcomes, { ...extra, winner: side }]);
          const ask = side === 'banker' ? roads.askBanker : roads.askPlayer;
          for (const [name] of DISTANCES) {
            const added = after[name].marks.length - roads[name].marks.length;
            expect(added === 0 ? null : after[name].marks.at(-1)).toBe(ask[name]);
            expect(added).toBeLessThanOrEqual(1);
          }
        }
      }),
    );
  });

  it('counters: rounds, wins per side, ties, pairs and naturals count the window', () => {
    fc.assert(
      fc.property(outcomesArbitrary, (outcomes) => {
        const { counters } = computeRoads(outcomes);
        const count = (test: (o: RoadOutcome) => boolean) => outcomes.filter(test).length;
        expect(counters).toEqual({
          rounds: outcomes.length,
          banker: count((o) => o.winner === 'banker'),
          player: count((o) => o.winner === 'player'),
          tie: count((o) => o.winner === 'tie'),
          bankerPair: count((o) => o.bankerPair),
          playerPair: count((o) => o.playerPair),
          natural: count((o) => o.natural),
        });
        expect(counters.banker + counters.player + counters.tie).toBe(counters.rounds);
      }),
    );
  });
});
