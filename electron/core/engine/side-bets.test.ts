import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dealtFacts } from '../../testing/dealt-round.ts';
import type { RoundFacts } from './round-facts.ts';
import { EIGHT_DECK_TIE_8_TO_1, parseRuleProfile, VARIANTS, type RuleProfile } from './rule-profile.ts';
import {
  isSideBetOffered,
  PAIR_BETS,
  settleSideBets,
  SIDE_BETS,
  sideBetPays,
  sideBetReturn,
  SideBetNotOfferedError,
  sideBetsOffered,
  type SideBet,
} from './side-bets.ts';

const commission = EIGHT_DECK_TIE_8_TO_1;
const ez = parseRuleProfile({ ...commission, id: 'ez', variant: 'ez' });
const ez23 = parseRuleProfile({ ...ez, id: 'ez-23', lucky6ThreeCardPays: 23 });

/** What 1.00 on `bet` returns on the round dealt from `cards`, under `profile` (EZ: every bet offered). */
const back = (bet: SideBet, cards: string, profile: RuleProfile = ez) =>
  sideBetReturn(bet, 100, dealtFacts(cards), profile);

describe('pairs pay on the first two cards of a hand (docs/rules.md#side-bets)', () => {
  it('Player Pair 11:1: P 5S 5H is a pair, 5 6 is not; the Banker pair does not count', () => {
    expect(back('player-pair', '5S K 5H 9')).toBe(1200);
    expect(back('player-pair', '5S K 6S 9')).toBe(0);
    expect(back('player-pair', '5 9H 6 9D')).toBe(0);
  });

  it('Banker Pair 11:1: B 9H 9D is a pair; a third card making a "pair" does not count', () => {
    expect(back('banker-pair', '5 9H 6 9D')).toBe(1200);
    // Banker K 2 draws a 2: three cards, but its first two are no pair.
    expect(back('banker-pair', 'K K K 2 K 2')).toBe(0);
  });

  it('Either Pair 5:1 once, whichever hand or both have a pair', () => {
    expect(back('either-pair', '5S K 5H 9')).toBe(600);
    expect(back('either-pair', '5 9H 6 9D')).toBe(600);
    expect(back('either-pair', '5 9H 5H 9D')).toBe(600);
    expect(back('either-pair', '5 9 4 K')).toBe(0);
  });

  it('Perfect Pair 25:1 for one suited pair, 200:1 for both; a pair of two suits loses', () => {
    expect(back('perfect-pair', '5S K 5S 9')).toBe(2600);
    expect(back('perfect-pair', '5 9H 6 9H')).toBe(2600);
    expect(back('perfect-pair', '5S 9H 5S 9H')).toBe(20100);
    expect(back('perfect-pair', '5S 9H 5H 9H')).toBe(2600);
    expect(back('perfect-pair', '5S 9H 5H 9D')).toBe(0);
  });
});

describe('Dragon Bonus pays a natural win 1:1 and a non-natural win by its margin (docs/rules.md#dragon-bonus)', () => {
  it('a natural win pays 1:1 whatever the margin; a natural tie pushes; a natural loss loses', () => {
    // Player 4 5 = natural 9 against Banker K K = 0.
    expect(back('dragon-bonus-player', '4 K 5 K')).toBe(200);
    expect(back('dragon-bonus-banker', '4 K 5 K')).toBe(0);
    // Natural 9 against natural 9.
    expect(back('dragon-bonus-player', '4 9 5 K')).toBe(100);
    expect(back('dragon-bonus-banker', '4 9 5 K')).toBe(100);
  });

  it('a non-natural tie loses', () => {
    // Player 6 K = 6 and Banker 6 K = 6 both stand.
    expect(back('dragon-bonus-player', '6 6 K K')).toBe(0);
    expect(back('dragon-bonus-banker', '6 6 K K')).toBe(0);
  });

  // Player K K draws 9 (total 9); Banker K with its second card draws K: Banker's total is its second card.
  it.each([
    ['K K K K 9 K', 9, 3100],
    ['K K K A 9 K', 8, 1100],
    ['K K K 2 9 K', 7, 700],
    ['K K K 3 9 K', 6, 500],
    ['K K K 4 9 K', 5, 300],
    ['K K K 5 9 K', 4, 200],
  ])('%s: Player wins 9 by %i → returns %i', (cards, margin, expected) => {
    const facts = dealtFacts(cards);
    expect(facts.player.total - facts.banker.total).toBe(margin);
    expect(facts.natural).toBe(false);
    expect(sideBetReturn('dragon-bonus-player', 100, facts, ez)).toBe(expected);
  });

  it('a non-natural win by 3 loses (the boundary below 4)', () => {
    // Player K K draws 9 = 9; Banker K 6 stands on 6 against a 9 = 6.
    const facts = dealtFacts('K K K 6 9');
    expect(facts.player.total - facts.banker.total).toBe(3);
    expect(sideBetReturn('dragon-bonus-player', 100, facts, ez)).toBe(0);
  });

  it('Dragon Bonus Banker pays the Banker by its margin: a three-card Banker 9 over a Player 0 pays 30:1', () => {
    // Player K K draws K = 0; Banker K K draws 9 = 9, a three-card 9.
    const facts = dealtFacts('K K K K K 9');
    expect(facts).toMatchObject({ winner: 'banker', natural: false });
    expect(sideBetReturn('dragon-bonus-banker', 100, facts, ez)).toBe(3100);
    expect(sideBetReturn('dragon-bonus-player', 100, facts, ez)).toBe(0);
  });
});

describe('Lucky 6, Dragon 7 and Panda 8 (docs/rules.md#side-bets)', () => {
  it('Lucky 6: a two-card Banker 6 win pays 12:1', () => {
    // Player K K draws K = 0; Banker 3 3 = 6 stands against a 0.
    expect(back('lucky-6', 'K 3 K 3 K')).toBe(1300);
  });

  it('Lucky 6: a three-card Banker 6 win pays 20:1 or 23:1 as the profile says', () => {
    // Player K K draws K = 0; Banker K 2 draws 4 = 6.
    expect(back('lucky-6', 'K K K 2 K 4', ez)).toBe(2100);
    expect(back('lucky-6', 'K K K 2 K 4', ez23)).toBe(2400);
  });

  it('Lucky 6 loses on a Banker 6 that ties and on a Banker 7 win', () => {
    expect(back('lucky-6', '6 6 K K')).toBe(0);
    expect(back('lucky-6', 'K 3 K 4 K')).toBe(0);
  });

  it('Dragon 7: a three-card Banker 7 win pays 40:1; a two-card 7 loses', () => {
    // Player K K draws K = 0; Banker K 2 draws 5 = 7.
    expect(back('dragon-7', 'K K K 2 K 5')).toBe(4100);
    expect(back('dragon-7', 'K 3 K 4 K')).toBe(0);
  });

  it('Panda 8: a three-card Player 8 win pays 25:1; a natural 8 loses', () => {
    // Player K 3 draws 5 = 8; Banker K K draws K = 0.
    expect(back('panda-8', 'K K 3 K 5 K')).toBe(2600);
    expect(back('panda-8', '3 K 5 K')).toBe(0);
  });
});

describe('which variant offers which side bet', () => {
  it('Dragon 7 and Panda 8 only with ez; every other side bet with every variant', () => {
    expect(sideBetsOffered('ez')).toEqual(SIDE_BETS);
    for (const variant of ['commission', 'no-commission'] as const) {
      expect(sideBetsOffered(variant)).toEqual(SIDE_BETS.filter((bet) => bet !== 'dragon-7' && bet !== 'panda-8'));
    }
  });

  it('a Dragon 7 at a commission table is refused with a code naming the bet and the variant', () => {
    const facts = dealtFacts('K K K 2 K 5');
    expect(() => sideBetReturn('dragon-7', 100, facts, commission)).toThrow(SideBetNotOfferedError);
    try {
      settleSideBets({ 'lucky-6': 100, 'panda-8': 100 }, facts, commission);
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ code: 'side-bet-not-offered', bet: 'panda-8', variant: 'commission' });
      expect((error as Error).message).toMatch(/panda-8 .*commission/);
    }
  });

  it('settleSideBets returns one line per bet placed', () => {
    expect(settleSideBets({ 'player-pair': 100, 'lucky-6': 250 }, dealtFacts('K 3 K 3 K'), commission)).toEqual({
      'player-pair': 1200,
      'lucky-6': 3250,
    });
    expect(settleSideBets({}, dealtFacts('K 3 K 3 K'), commission)).toEqual({});
  });
});

const handArb = fc.record({
  total: fc.integer({ min: 0, max: 9 }),
  cardCount: fc.constantFrom(2, 3),
  pair: fc.boolean(),
  suited: fc.boolean(),
});
const factsArb: fc.Arbitrary<RoundFacts> = fc
  .record({ player: handArb, banker: handArb, natural: fc.boolean() })
  .map(({ player, banker, natural }) => {
    const hand = (h: typeof player) => ({
      total: h.total,
      cardCount: h.cardCount,
      pair: h.pair,
      suitedPair: h.pair && h.suited,
    });
    const winner = player.total > banker.total ? 'player' : banker.total > player.total ? 'banker' : 'tie';
    return { winner, natural, player: hand(player), banker: hand(banker) };
  });
const profileArb = fc
  .record({ variant: fc.constantFrom(...VARIANTS), l6: fc.constantFrom(20, 23) })
  .map(({ variant, l6 }) => parseRuleProfile({ ...commission, id: 'p', variant, lucky6ThreeCardPays: l6 }));

describe('side-bet properties', () => {
  it('a return is 0, the stake or stake × (1 + pays): never negative, always a whole number of minor units', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SIDE_BETS),
        fc.integer({ min: 0, max: 10_000_000 }),
        factsArb,
        profileArb,
        (bet, stake, facts, profile) => {
          fc.pre(isSideBetOffered(bet, profile.variant));
          const returned = sideBetReturn(bet, stake, facts, profile);
          const pays = sideBetPays(bet, facts, profile);
          expect(Number.isSafeInteger(returned)).toBe(true);
          expect(returned).toBeGreaterThanOrEqual(0);
          expect(returned).toBe(pays === null ? 0 : stake * (1 + pays));
        },
      ),
    );
  });

  it('pair bets read only the pairs; every other side bet never reads them (the exact analysis counts them apart)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SIDE_BETS), factsArb, factsArb, (bet, a, b) => {
        const mixed: RoundFacts = PAIR_BETS.includes(bet)
          ? {
              ...b,
              player: { ...b.player, pair: a.player.pair, suitedPair: a.player.suitedPair },
              banker: { ...b.banker, pair: a.banker.pair, suitedPair: a.banker.suitedPair },
            }
          : {
              ...a,
              player: { ...a.player, pair: b.player.pair, suitedPair: b.player.suitedPair },
              banker: { ...a.banker, pair: b.banker.pair, suitedPair: b.banker.suitedPair },
            };
        expect(sideBetPays(bet, mixed, ez23)).toBe(sideBetPays(bet, a, ez23));
      }),
    );
  });
});
