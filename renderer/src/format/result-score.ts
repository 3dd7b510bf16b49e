/**
 * The result line's order (docs/rules.md#results-in-net-terms): the winning hand's name and total first,
 * then the losing hand's total ("BANKER 4 – 0"). A Tie has no winner to name: the banner's title already
 * says TIE, so its line is the two totals alone ("6 – 6") and the word is never said twice. A player reads
 * who won before any number, whichever side won.
 */
export type Winner = 'player' | 'banker' | 'tie';

export interface ResultScore {
  /** Whose name leads the line: the winning side; none on a Tie (the title names it). */
  readonly name: 'player' | 'banker' | null;
  /** The winning hand's total (either total on a Tie: they are equal). */
  readonly first: number;
  /** The losing hand's total. */
  readonly second: number;
}

export function resultScore(winner: Winner, playerTotal: number, bankerTotal: number): ResultScore {
  if (winner === 'banker') return { name: 'banker', first: bankerTotal, second: playerTotal };
  if (winner === 'player') return { name: 'player', first: playerTotal, second: bankerTotal };
  return { name: null, first: playerTotal, second: bankerTotal };
}
