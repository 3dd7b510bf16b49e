import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_PROFILES,
  EIGHT_DECK_TIE_8_TO_1,
  parseRuleProfile,
  ProfileError,
  SIX_DECK_TIE_9_TO_1,
} from './rule-profile.ts';

const valid = { id: 'venue-a', decks: 6, tiePays: 9, bankerCommissionPercent: 5 };

function errorOf(input: unknown): string {
  try {
    parseRuleProfile(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ProfileError);
    return (error as Error).message;
  }
  throw new Error('expected the profile to be rejected');
}

describe('rule profiles (docs/rules.md#venue-profiles: deck count and Tie payout are venue settings)', () => {
  it('the built-in profiles are the seeds: 8 decks Tie 8:1 and 6 decks Tie 9:1, 5% commission', () => {
    expect(BUILT_IN_PROFILES).toEqual([EIGHT_DECK_TIE_8_TO_1, SIX_DECK_TIE_9_TO_1]);
    expect(EIGHT_DECK_TIE_8_TO_1).toMatchObject({ decks: 8, tiePays: 8, bankerCommissionPercent: 5 });
    expect(SIX_DECK_TIE_9_TO_1).toMatchObject({ decks: 6, tiePays: 9, bankerCommissionPercent: 5 });
    for (const profile of BUILT_IN_PROFILES) expect(parseRuleProfile(profile)).toEqual(profile);
  });

  it('accepts every deck count 1–8 with Tie 8:1 or 9:1', () => {
    for (let decks = 1; decks <= 8; decks++) {
      for (const tiePays of [8, 9]) expect(parseRuleProfile({ ...valid, decks, tiePays }).decks).toBe(decks);
    }
  });

  it.each([
    [{ ...valid, decks: 0 }, /decks: .*1 to 8/],
    [{ ...valid, decks: 9 }, /decks: .*1 to 8/],
    [{ ...valid, decks: 6.5 }, /decks: .*whole number from 1 to 8/],
    [{ ...valid, decks: '6' }, /decks/],
    [{ ...valid, tiePays: 7 }, /tiePays: tiePays must be 8 or 9/],
    [{ ...valid, bankerCommissionPercent: 4 }, /bankerCommissionPercent: .*must be 5/],
    [{ ...valid, id: 'Bad Id' }, /id: id must be 1–40 lowercase letters, digits or dashes/],
    [{ ...valid, extra: true }, /extra|unrecognized/i],
  ])('a bad profile names the field and what is allowed: %j', (input, message) => {
    expect(errorOf(input)).toMatch(message);
  });

  it('several bad fields are all named in one message', () => {
    const message = errorOf({ id: 'ok', decks: 12, tiePays: 10, bankerCommissionPercent: 5 });
    expect(message).toMatch(/decks/);
    expect(message).toMatch(/tiePays/);
  });

  it('a missing field is named', () => {
    expect(errorOf({ id: 'ok', decks: 8, tiePays: 8 })).toMatch(/bankerCommissionPercent/);
  });
});

describe('variants and the Lucky 6 pay (docs/rules.md#variants)', () => {
  it('a profile stored before variants existed parses to the commission game with Lucky 6 at 20:1', () => {
    expect(parseRuleProfile({ id: 'eight-deck-tie-8-to-1', decks: 8, tiePays: 8, bankerCommissionPercent: 5 })).toEqual(
      EIGHT_DECK_TIE_8_TO_1,
    );
    expect(parseRuleProfile(valid)).toMatchObject({ variant: 'commission', lucky6ThreeCardPays: 20 });
  });

  it('the built-in profiles keep their ids', () => {
    expect(BUILT_IN_PROFILES.map((profile) => profile.id)).toEqual(['eight-deck-tie-8-to-1', 'six-deck-tie-9-to-1']);
  });

  it('accepts every variant with Lucky 6 at 20:1 or 23:1', () => {
    for (const variant of ['commission', 'no-commission', 'ez']) {
      for (const lucky6ThreeCardPays of [20, 23]) {
        expect(parseRuleProfile({ ...valid, variant, lucky6ThreeCardPays })).toMatchObject({
          variant,
          lucky6ThreeCardPays,
        });
      }
    }
  });

  it.each([
    [{ ...valid, variant: 'super-6' }, /variant: variant must be one of commission, no-commission, ez/],
    [{ ...valid, variant: null }, /variant: variant must be one of/],
    [{ ...valid, lucky6ThreeCardPays: 22 }, /lucky6ThreeCardPays: lucky6ThreeCardPays must be 20 or 23/],
    [{ ...valid, lucky6ThreeCardPays: '20' }, /lucky6ThreeCardPays: .*20 or 23/],
  ])('a bad variant or Lucky 6 pay names the field and what is allowed: %j', (input, message) => {
    expect(errorOf(input)).toMatch(message);
  });
});
