import { describe, expect, it } from 'vitest';
import { bigRoad } from './big-road.ts';
import { parseOutcomeLetters } from './outcome-letters.ts';

const road = (letters: string) => bigRoad(parseOutcomeLetters(letters));
/** The drawn cells as "x,y" in order, the shortest way to write a layout down by hand. */
const drawn = (letters: string) => road(letters).map((cell) => `${cell.x},${cell.y}`);

describe('big road (docs/roads.md#big-road)', () => {
  it('a repeat goes one cell down, a change of winner starts the next column', () => {
    expect(road('BBPB').map(({ column, row, x, y, winner }) => ({ column, row, x, y, winner }))).toEqual([
      { column: 0, row: 0, x: 0, y: 0, winner: 'banker' },
      { column: 0, row: 1, x: 0, y: 1, winner: 'banker' },
      { column: 1, row: 0, x: 1, y: 0, winner: 'player' },
      { column: 2, row: 0, x: 2, y: 0, winner: 'banker' },
    ]);
  });

  it('a straight drop of eight turns right at row 6 and stays one logical column', () => {
    const cells = road('BBBBBBBB');
    expect(drawn('BBBBBBBB')).toEqual(['0,0', '0,1', '0,2', '0,3', '0,4', '0,5', '1,5', '2,5']);
    expect(cells.map((cell) => cell.column)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(cells.map((cell) => cell.row)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('a streak that meets an earlier dragon tail turns right one row higher, and the next one higher again', () => {
    // 7 B: down column 0, tail at (1,5). 7 P: down column 1 to row 4 ((1,5) is taken), tail along row 4.
    // 6 B: down column 2 to row 3 ((2,4) is taken), tail along row 3.
    expect(drawn('BBBBBBBPPPPPPPBBBBBB')).toEqual([
      ...['0,0', '0,1', '0,2', '0,3', '0,4', '0,5', '1,5'],
      ...['1,0', '1,1', '1,2', '1,3', '1,4', '2,4', '3,4'],
      ...['2,0', '2,1', '2,2', '2,3', '3,3', '4,3'],
    ]);
    expect(road('BBBBBBBPPPPPPPBBBBBB').map((cell) => cell.column)).toEqual([
      ...Array<number>(7).fill(0),
      ...Array<number>(7).fill(1),
      ...Array<number>(6).fill(2),
    ]);
  });

  it('a two-result streak under a tail on row 1 bends along row 0, and the next streak heads the first free column', () => {
    // Tails stacked from row 5 up to row 1 leave the sixth streak only row 0: it runs right from (5,0),
    // so the seventh streak cannot head column 6 and heads column 7.
    const letters = 'B'.repeat(7) + 'P'.repeat(6) + 'B'.repeat(5) + 'P'.repeat(4) + 'B'.repeat(3) + 'PP' + 'B';
    const cells = drawn(letters);
    expect(cells.slice(-3)).toEqual(['5,0', '6,0', '7,0']);
    expect(road(letters).at(-1)).toMatchObject({ column: 6, row: 0 });
  });

  it('ties take no cell: each is counted on the latest cell', () => {
    const cells = road('BTTTPT');
    expect(cells.map((cell) => cell.ties)).toEqual([3, 1]);
  });

  it('ties before the first Banker or Player result are drawn on the first cell', () => {
    expect(road('TTBTP').map((cell) => cell.ties)).toEqual([3, 0]);
    expect(road('TTT')).toEqual([]);
  });

  it("carries the pair flags of the cell's own round", () => {
    expect(road('BbpPp').map(({ bankerPair, playerPair }) => ({ bankerPair, playerPair }))).toEqual([
      { bankerPair: true, playerPair: true },
      { bankerPair: false, playerPair: true },
    ]);
  });
});
