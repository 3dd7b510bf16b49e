import { describe, expect, it } from 'vitest';
import { configRefusal as refusal } from '../../testing/config-refusal.ts';
import { DEFAULT_VENUE_CONFIG, GAME_RECALL_DEPTH, parseVenueConfig, RETAIN_ROUNDS } from './venue-config.ts';

const withRetain = (retainRounds: unknown) => ({ ...DEFAULT_VENUE_CONFIG, journal: { retainRounds } });

describe('journal.retainRounds: how many rounds stay in the live journal', () => {
  it('defaults to 20,000 when the venue file leaves it out', () => {
    const { journal: _left, ...file } = DEFAULT_VENUE_CONFIG;
    expect(parseVenueConfig(file).journal.retainRounds).toBe(20_000);
  });

  it('the smallest allowed value is 10,000, far above the recall depth of the last ten rounds', () => {
    expect(RETAIN_ROUNDS.min).toBe(10_000);
    expect(RETAIN_ROUNDS.min).toBeGreaterThanOrEqual(GAME_RECALL_DEPTH);
    expect(parseVenueConfig(withRetain(10_000)).journal.retainRounds).toBe(10_000);
    expect(parseVenueConfig(withRetain(10_000_000)).journal.retainRounds).toBe(10_000_000);
  });

  it.each([
    [9_999, 'min'],
    [10, 'min'],
    [0, 'min'],
    [-5, 'min'],
    [10_000_001, 'max'],
  ])('%s is refused, naming the field and what is allowed', (value, rule) => {
    const e = refusal(withRetain(value));
    expect(e.problems).toEqual([
      'journal.retainRounds: retainRounds must be a whole number of rounds from 10000 to 10000000: ' +
        'game recall needs the last 10 rounds live and the cabinet keeps at least 10000',
    ]);
    expect(e.fields).toEqual([expect.objectContaining({ path: 'journal.retainRounds', rule })]);
  });

  it.each([[15_000.5], ['20000'], [null], [true]])('%s (not a whole number) is refused', (value) => {
    expect(refusal(withRetain(value)).problems[0]).toMatch(
      /^journal\.retainRounds: retainRounds must be a whole number/,
    );
  });

  it('an unknown field beside it is refused', () => {
    const e = refusal({ ...DEFAULT_VENUE_CONFIG, journal: { retainRounds: 20_000, keepDays: 30 } });
    expect(e.problems.join('; ')).toMatch(/journal/);
  });
});
