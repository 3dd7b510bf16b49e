/**
 * A row of rounds written as letters (docs/roads.md#the-roads-cli): B, P or T for each round, oldest
 * first, each optionally followed by pair and natural markers. Used by the roads CLI and by the tests,
 * so a road can be written down the way it is worked out by hand.
 */
import type { Winner } from '../engine/round.ts';
import type { RoadOutcome } from './road-types.ts';

const WINNERS: Readonly<Record<string, Winner>> = { B: 'banker', P: 'player', T: 'tie' };
const MARKERS = { b: 'bankerPair', p: 'playerPair', n: 'natural' } as const;

export const OUTCOME_LETTERS_HELP =
  'B (Banker), P (Player) or T (Tie), each optionally followed by b (Banker pair), p (Player pair), n (natural)';

export class OutcomeLettersError extends Error {
  override readonly name = 'OutcomeLettersError';
}

/**
 * Parses the letters into outcomes. Letters carry no card totals, so every total is 0; nothing that
 * reads these outcomes may show a total. Throws OutcomeLettersError naming the first bad character.
 */
export function parseOutcomeLetters(text: string): RoadOutcome[] {
  const outcomes: { winner: Winner; bankerPair: boolean; playerPair: boolean; natural: boolean }[] = [];
  const characters = [...text];
  characters.forEach((character, index) => {
    const where = `character ${index + 1} "${character}"`;
    const winner = WINNERS[character];
    if (winner !== undefined) {
      outcomes.push({ winner, bankerPair: false, playerPair: false, natural: false });
      return;
    }
    const marker = Object.hasOwn(MARKERS, character) ? MARKERS[character as keyof typeof MARKERS] : undefined;
    const last = outcomes.at(-1);
    if (marker === undefined) throw new OutcomeLettersError(`${where} is not allowed; use ${OUTCOME_LETTERS_HELP}`);
    if (last === undefined) throw new OutcomeLettersError(`${where} is a marker with no B, P or T before it`);
    if (last[marker]) throw new OutcomeLettersError(`${where} repeats a marker of round ${outcomes.length}`);
    last[marker] = true;
  });
  return outcomes.map((outcome) => ({ ...outcome, playerTotal: 0, bankerTotal: 0 }));
}
