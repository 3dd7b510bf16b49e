import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RANKS, SUITS, type Card } from '../cards/card.ts';
import { SeededRandomSource } from '../random/seeded-random-source.ts';
import { differenceLine, replayRound, type RecordedRound } from './replay.ts';
import { dealRound } from './round.ts';
import { BUILT_IN_PROFILES, EIGHT_DECK_TIE_8_TO_1, SIX_DECK_TIE_9_TO_1, type RuleProfile } from './rule-profile.ts';
import { settle, SPOTS, type Bets } from './settlement.ts';
import { FixedCardSource, FreshShoe } from './shoe.ts';

const card = fc.record({ rank: fc.constantFrom(...RANKS), suit: fc.constantFrom(...SUITS) });
const profile = fc.constantFrom(...BUILT_IN_PROFILES);
const stake = fc.integer({ min: 1, max: 100_000 });
const bets: fc.Arbitrary<Bets> = fc
  .record({
    player: fc.option(stake, { nil: undefined }),
    banker: fc.option(stake, { nil: undefined }),
    tie: fc.option(stake, { nil: undefined }),
  })
  .map((b) => Object.fromEntries(Object.entries(b).filter(([, v]) => v !== undefined)) as Bets)
  .filter((b) => Object.keys(b).length > 0);

/** A round as the cabinet records it: dealt from a fresh shoe, settled under `p`. */
function settledRound(seed: number, b: Bets, p: RuleProfile, roundId = 1): RecordedRound {
  const outcome = dealRound(new FreshShoe(p.decks, new SeededRandomSource(seed)));
  return {
    roundId,
    status: 'settled',
    bets: b,
    cards: outcome.dealOrder,
    outcome,
    returns: settle(b, outcome.winner, p),
    refundedMinor: 0,
  };
}

const sameCard = (a: Card, b: Card): boolean => a.rank === b.rank && a.suit === b.suit;

describe('replay: the recorded cards dealt again through the engine', () => {
  it('any dealt and settled round replays to a match', () => {
    fc.assert(
      fc.property(fc.nat(), bets, profile, (seed, b, p) => {
        const report = replayRound(settledRound(seed, b, p), p);
        expect(report.differences.map(differenceLine)).toEqual([]);
        expect(report.outcomeMatches).toBe(true);
        expect(report.payoutsMatch).toBe(true);
        expect(report.replayedOutcome).toEqual(report.recordedOutcome);
        expect(report.replayedReturns).toEqual(report.recordedReturns);
      }),
    );
  });

  it('a changed card is an outcome mismatch that names the field', () => {
    fc.assert(
      fc.property(fc.nat(), bets, profile, fc.nat(), card, (seed, b, p, at, replacement) => {
        const round = settledRound(seed, b, p);
        const index = at % round.cards.length;
        fc.pre(!sameCard(round.cards[index]!, replacement));
        const cards = round.cards.map((c, i) => (i === index ? replacement : c));
        const report = replayRound({ ...round, cards }, p);
        expect(report.outcomeMatches).toBe(false);
        expect(report.differences.length).toBeGreaterThan(0);
        // Either a hand's card and the deal order name the change, or the tableau drew a different number of cards.
        expect(report.differences.map(differenceLine).join('\n')).toMatch(/^(outcome\.[a-zA-Z.0-9]+|cards): /m);
      }),
    );
  });

  it('a changed return is a payout mismatch naming the spot', () => {
    fc.assert(
      fc.property(fc.nat(), bets, profile, fc.integer({ min: 1, max: 1000 }), (seed, b, p, delta) => {
        const round = settledRound(seed, b, p);
        const spot = SPOTS.find((s) => b[s] !== undefined)!;
        const returns = { ...round.returns, [spot]: (round.returns[spot] ?? 0) + delta };
        const report = replayRound({ ...round, returns }, p);
        expect(report.outcomeMatches).toBe(true);
        expect(report.payoutsMatch).toBe(false);
        expect(report.differences.map(differenceLine)).toEqual([
          `returns.${spot}: recorded ${returns[spot]}, replayed ${round.returns[spot]}`,
        ]);
      }),
    );
  });

  it('names the field: a changed winner, a hand total, a card', () => {
    const cards: Card[] = ['A', '9', 'K', '5', '7', '2'].map((rank) => ({ rank: rank as Card['rank'], suit: 'H' }));
    const outcome = dealRound(new FixedCardSource(cards));
    const round: RecordedRound = {
      roundId: 7,
      status: 'settled',
      bets: { player: 100 },
      cards,
      outcome,
      returns: { player: 200 },
      refundedMinor: 0,
    };
    expect(replayRound(round, EIGHT_DECK_TIE_8_TO_1).differences).toEqual([]);
    const tampered = { ...round, outcome: { ...outcome, winner: 'banker' as const } };
    expect(replayRound(tampered, EIGHT_DECK_TIE_8_TO_1).differences.map(differenceLine)).toEqual([
      'outcome.winner: recorded banker, replayed player',
    ]);
    const swapped = { ...round, cards: [...cards.slice(0, 5), { rank: '3', suit: 'H' } as Card] };
    const report = replayRound(swapped, EIGHT_DECK_TIE_8_TO_1);
    expect(report.differences.map(differenceLine)).toEqual([
      'outcome.banker.cards.2: recorded 2H, replayed 3H',
      'outcome.banker.total: recorded 6, replayed 7',
      'outcome.dealOrder.5: recorded 2H, replayed 3H',
    ]);
    // Player 8 against Banker 7: still a Player win, so the payout matches.
    expect(report.payoutsMatch).toBe(true);
  });

  it('too few or too many recorded cards are named', () => {
    const cards: Card[] = ['A', '9', 'K', '5', '7', '2'].map((rank) => ({ rank: rank as Card['rank'], suit: 'H' }));
    const outcome = dealRound(new FixedCardSource(cards));
    const base: RecordedRound = {
      roundId: 1,
      status: 'settled',
      bets: { banker: 100 },
      cards,
      outcome,
      returns: { banker: 0 },
      refundedMinor: 0,
    };
    const short = replayRound({ ...base, cards: cards.slice(0, 5) }, EIGHT_DECK_TIE_8_TO_1);
    expect(short.replayedOutcome).toBeNull();
    expect(short.differences.map(differenceLine)).toContain('cards: 5 recorded, too few for the tableau');
    expect(short.payoutsMatch).toBe(false);
    const long = replayRound({ ...base, cards: [...cards, cards[0]!] }, EIGHT_DECK_TIE_8_TO_1);
    expect(long.differences.map(differenceLine)).toEqual(['cards: 7 recorded, the tableau draws 6 (extra: AH)']);
    expect(long.outcomeMatches).toBe(false);
    expect(long.payoutsMatch).toBe(true);
  });

  it('a voided round: nothing paid, exactly the stake refunded; cards checked when they were dealt', () => {
    const voidedBeforeDeal: RecordedRound = {
      roundId: 3,
      status: 'voided',
      bets: { player: 100, tie: 50 },
      cards: [],
      outcome: null,
      returns: {},
      refundedMinor: 150,
    };
    const ok = replayRound(voidedBeforeDeal, EIGHT_DECK_TIE_8_TO_1);
    expect(ok).toMatchObject({ outcomeMatches: true, payoutsMatch: true, replayedOutcome: null, differences: [] });
    expect(
      replayRound({ ...voidedBeforeDeal, refundedMinor: 100 }, EIGHT_DECK_TIE_8_TO_1).differences.map(differenceLine),
    ).toEqual(['refund: recorded 100, the stake was 150']);
    const dealt = settledRound(99, { player: 100 }, EIGHT_DECK_TIE_8_TO_1);
    const voidedAfterDeal: RecordedRound = { ...dealt, status: 'voided', returns: {}, refundedMinor: 100 };
    expect(replayRound(voidedAfterDeal, EIGHT_DECK_TIE_8_TO_1).differences.map(differenceLine)).toEqual([]);
  });

  it('Tie pays follow the profile the round is replayed under', () => {
    const cards: Card[] = ['9', '9', 'K', 'Q'].map((rank) => ({ rank: rank as Card['rank'], suit: 'S' }));
    const outcome = dealRound(new FixedCardSource(cards));
    expect(outcome.winner).toBe('tie');
    const round: RecordedRound = {
      roundId: 1,
      status: 'settled',
      bets: { tie: 100 },
      cards,
      outcome,
      returns: { tie: 900 },
      refundedMinor: 0,
    };
    expect(replayRound(round, EIGHT_DECK_TIE_8_TO_1).payoutsMatch).toBe(true);
    const other = replayRound(round, SIX_DECK_TIE_9_TO_1, false);
    expect(other).toMatchObject({ payoutsMatch: false, profileRecorded: false, profile: SIX_DECK_TIE_9_TO_1 });
    expect(other.differences.map(differenceLine)).toEqual(['returns.tie: recorded 900, replayed 1000']);
    // The screen gets the difference as data: the field's path and both amounts in minor units.
    expect(other.differences).toEqual([{ code: 'replay-field', path: 'returns.tie', recorded: 900, replayed: 1000 }]);
  });
});
