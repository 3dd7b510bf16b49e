/**
 * The result line's order (docs/rules.md#results-in-net-terms): the winning hand's name and total first,
 * then the losing hand's total ("BANKER 4 – 0"); a Tie is named as such ("TIE 6 – 6"). A player reads
 * who won before any number, whichever side won.
 */
export type Winner = 'player' | 'banker' | 'tie';

export interface ResultScore {
  /** Whose name leads the line: the winning side, or the Tie. */
  readonly name: Winner;
  /** The winning hand's total (either total on a Tie: they are equal). */
  readonly first: number;
  /** The losing hand's total. */
  readonly second: number;
}

export function resultScore(winner: Winner, playerTotal: number, bankerTotal: number): ResultScore {
  if (winner === 'banker') return { name: 'banker', first: bankerTotal, second: playerTotal };
  if (winner === 'player') return { name: 'player', first: playerTotal, second: bankerTotal };
  return { name: 'tie', first: playerTotal, second: bankerTotal };
}
