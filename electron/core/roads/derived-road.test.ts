import { describe, expect, it } from 'vitest';
import { bigRoad } from './big-road.ts';
import { DERIVED_ROAD_DISTANCE, derivedColour, derivedRoad } from './derived-road.ts';
import { parseOutcomeLetters } from './outcome-letters.ts';

const marks = (letters: string, k: number) => derivedRoad(bigRoad(parseOutcomeLetters(letters)), k).marks;

describe('derived roads start at column k+1 row 2, or column k+2 row 1 (docs/roads.md#start-cell)', () => {
  it('Big Eye Boy (k = 1): nothing until column 2 has a second result, which compares with column 1', () => {
    expect(marks('BBP', 1)).toEqual([]);
    // Column 2, row 2: p = len(column 1) = 2, m = 2 ≤ p → red.
    expect(marks('BBPP', 1)).toEqual(['red']);
  });

  it('Big Eye Boy: when column 2 has only one result, the road starts at column 3 row 1', () => {
    // Column 3 row 1: len(column 2) = 1 = len(column 1) → red.
    expect(marks('BP', 1)).toEqual([]);
    expect(marks('BPB', 1)).toEqual(['red']);
    // len(column 2) = 1, len(column 1) = 2 → blue.
    expect(marks('BBPB', 1)).toEqual(['blue']);
  });

  it('Small Road (k = 2): starts at column 3 row 2, comparing with column 1', () => {
    expect(marks('BPB', 2)).toEqual([]);
    // p = len(column 1) = 1, m = 2 = p + 1 → blue.
    expect(marks('BPBB', 2)).toEqual(['blue']);
  });

  it('Small Road: when column 3 has only one result, the road starts at column 4 row 1', () => {
    // len(column 3) = 1 = len(column 1) → red; with column 1 of 2 → blue.
    expect(marks('BPBP', 2)).toEqual(['red']);
    expect(marks('BBPBP', 2)).toEqual(['blue']);
  });

  it('Cockroach Pig (k = 3): starts at column 4 row 2, comparing with column 1', () => {
    expect(marks('BPBP', 3)).toEqual([]);
    // p = len(column 1) = 2, m = 2 ≤ p → red.
    expect(marks('BBPBPP', 3)).toEqual(['red']);
  });

  it('Cockroach Pig: when column 4 has only one result, the road starts at column 5 row 1', () => {
    expect(marks('BPBPB', 3)).toEqual(['red']);
    expect(marks('BBPBPB', 3)).toEqual(['blue']);
  });
});

describe('colour rule (docs/roads.md#colour-rule)', () => {
  it('further down: red while column n−k has the row, blue one past its end, red again beyond that', () => {
    // Column 1 has 2 results; column 2 runs to 5: rows 2..5 against p = 2.
    expect(marks('BBPPPPP', 1)).toEqual(['red', 'blue', 'red', 'red']);
  });

  it('reads logical columns: a dragon tail counts in its column’s length', () => {
    // Column 1 is 7 Banker results (6 down, 1 in the tail). Column 2's rows 2..7 all have m ≤ p = 7,
    // so all red; counting only the 6 drawn down would make row 7 blue.
    expect(marks('BBBBBBBPPPPPPP', 1)).toEqual(Array(6).fill('red'));
    // A third column then compares len(column 2) = 7 with len(column 1) = 7 at its head: red.
    expect(marks('BBBBBBBPPPPPPPB', 1).at(-1)).toBe('red');
  });

  it('derivedColour reads only earlier columns, so a mark never changes once given', () => {
    // Column 3 row 1 with k = 1 looks at columns 2 and 1 only; the length of column 3 itself is irrelevant.
    expect(derivedColour([2, 2, 1], 2, 0, 1)).toBe('red');
    expect(derivedColour([2, 2, 9], 2, 0, 1)).toBe('red');
    expect(derivedColour([2, 3], 1, 0, 1)).toBeNull();
  });

  it('the distances are 1, 2 and 3', () => {
    expect(DERIVED_ROAD_DISTANCE).toEqual({ bigEyeBoy: 1, smallRoad: 2, cockroachPig: 3 });
  });
});

describe('derived road layout: like a big road of colours (docs/roads.md#derived-roads)', () => {
  it('same colour goes down, a change starts a new column', () => {
    const road = derivedRoad(bigRoad(parseOutcomeLetters('BBPPPPP')), 1);
    expect(road.cells.map(({ x, y, colour }) => ({ x, y, colour }))).toEqual([
      { x: 0, y: 0, colour: 'red' },
      { x: 1, y: 0, colour: 'blue' },
      { x: 2, y: 0, colour: 'red' },
      { x: 2, y: 1, colour: 'red' },
    ]);
  });

  it('a run of seven reds bends into a dragon tail at row 6', () => {
    const road = derivedRoad(bigRoad(parseOutcomeLetters('BBBBBBBBPPPPPPPP')), 1);
    expect(road.marks).toEqual(Array(7).fill('red'));
    expect(road.cells.map((cell) => `${cell.x},${cell.y}`)).toEqual(['0,0', '0,1', '0,2', '0,3', '0,4', '0,5', '1,5']);
  });
});
