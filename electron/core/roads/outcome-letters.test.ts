import { describe, expect, it } from 'vitest';
import { OutcomeLettersError, parseOutcomeLetters } from './outcome-letters.ts';

describe('outcome letters (docs/roads.md#the-roads-cli)', () => {
  it('B, P and T are the winners, oldest first; an empty string is no rounds', () => {
    expect(parseOutcomeLetters('BPT').map((o) => o.winner)).toEqual(['banker', 'player', 'tie']);
    expect(parseOutcomeLetters('')).toEqual([]);
  });

  it('b, p and n after a letter mark a Banker pair, a Player pair and a natural on that round', () => {
    const [first, second] = parseOutcomeLetters('BbpnTp');
    expect(first).toMatchObject({ winner: 'banker', bankerPair: true, playerPair: true, natural: true });
    expect(second).toMatchObject({ winner: 'tie', bankerPair: false, playerPair: true, natural: false });
  });

  it.each([
    ['BXP', /character 2 "X" is not allowed; use B \(Banker\), P \(Player\) or T \(Tie\)/],
    ['Bt', /character 2 "t" is not allowed/],
    ['B P', /character 2 " " is not allowed/],
    ['pB', /character 1 "p" is a marker with no B, P or T before it/],
    ['Bbb', /character 3 "b" repeats a marker of round 1/],
  ])('%j is refused with the character and what is allowed', (text, message) => {
    expect(() => parseOutcomeLetters(text)).toThrow(OutcomeLettersError);
    expect(() => parseOutcomeLetters(text)).toThrow(message);
  });
});
