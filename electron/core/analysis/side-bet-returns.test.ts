import { describe, expect, it } from 'vitest';
import { parseRuleProfile, type RuleProfile } from '../engine/rule-profile.ts';
import { SIDE_BETS } from '../engine/side-bets.ts';
import { analyzeProfile, exactCounts, fallingFactorial, ratio } from './exact-analysis.ts';
import { firstFourCardCounts } from './first-four-cards.ts';
import { cellFacts, OUTCOME_CELLS } from './outcome-cells.ts';

const profile = (decks: number, variant: RuleProfile['variant'] = 'ez', lucky6ThreeCardPays: 20 | 23 = 20) =>
  parseRuleProfile({ id: 'p', decks, tiePays: 8, bankerCommissionPercent: 5, variant, lucky6ThreeCardPays });

/** House edge, 1 − RTP, rounded to `digits` decimals as a publication prints it. */
const edge = (rtp: number, digits: number) => (1 - rtp).toFixed(digits);

/** Deals of the eight-deck outcome cells the predicate picks (cells count ordered six-card sequences). */
function cellCount(decks: number, pick: (cell: number) => boolean): bigint {
  const counts = exactCounts(decks);
  let sum = 0n;
  for (let cell = 0; cell < OUTCOME_CELLS; cell++) if (pick(cell)) sum += counts.cells[cell] ?? 0n;
  return sum;
}

describe('exact side-bet returns match the published figures (docs/rules.md#published-side-bet-returns)', () => {
  const eight = analyzeProfile(profile(8));
  const eightRich = analyzeProfile(profile(8, 'ez', 23));

  it('Wizard of Odds, EZ Baccarat, 8 decks: Banker edge 1.0183%, Dragon 7 7.6113%, Panda 8 10.1876%, their combination counts', () => {
    expect(edge(eight.rtp.banker, 6)).toBe('0.010183');
    expect(edge(eight.sideBets['dragon-7']!.rtp, 6)).toBe('0.076113');
    expect(edge(eight.sideBets['panda-8']!.rtp, 6)).toBe('0.101876');
    const facts = (cell: number) => cellFacts(cell);
    expect(
      cellCount(
        8,
        (c) => facts(c).winner === 'banker' && facts(c).banker.total === 7 && facts(c).banker.cardCount === 3,
      ),
    ).toBe(112_633_011_329_024n);
    expect(
      cellCount(
        8,
        (c) => facts(c).winner === 'player' && facts(c).player.total === 8 && facts(c).player.cardCount === 3,
      ),
    ).toBe(172_660_763_262_976n);
  });

  it('Wizard of Odds, Dragon Bonus, 8 decks: Player edge 2.6517%, Banker 9.3731%; 6 decks 2.67% and 9.39%', () => {
    expect(edge(eight.sideBets['dragon-bonus-player']!.rtp, 6)).toBe('0.026517');
    expect(edge(eight.sideBets['dragon-bonus-banker']!.rtp, 6)).toBe('0.093731');
    const six = analyzeProfile(profile(6));
    expect(edge(six.sideBets['dragon-bonus-player']!.rtp, 4)).toBe('0.0267');
    expect(edge(six.sideBets['dragon-bonus-banker']!.rtp, 4)).toBe('0.0939');
    // Player wins by 9 without a natural: 18,409,431,764,992 of 4,998,398,275,503,360.
    expect(
      cellCount(8, (c) => !cellFacts(c).natural && cellFacts(c).player.total - cellFacts(c).banker.total === 9),
    ).toBe(18_409_431_764_992n);
  });

  it('Wizard of Odds, Lucky 6, 8 decks: edge 16.6836% at 12/20 and 11.6985% at 12/23', () => {
    expect(edge(eight.sideBets['lucky-6']!.rtp, 6)).toBe('0.166836');
    expect(edge(eightRich.sideBets['lucky-6']!.rtp, 6)).toBe('0.116985');
  });

  it('ExcelPunks, no-commission Banker (a winning 6 pays half), 8 decks: edge 1.4581045%', () => {
    expect(edge(analyzeProfile(profile(8, 'no-commission')).rtp.banker, 9)).toBe('0.014581045');
  });

  it('Eliot Jacobson, Pairs 11:1, 8 decks: edge 10.361%', () => {
    expect(edge(eight.sideBets['player-pair']!.rtp, 5)).toBe('0.10361');
    expect(eight.sideBets['banker-pair']!.rtpExact).toEqual(eight.sideBets['player-pair']!.rtpExact);
  });

  it('Wizard of Odds, Perfect Pairs, 8 decks: one suited pair 244,747,776 and two 2,101,008 of 7,379,583,120 hand pairs', () => {
    const four = firstFourCardCounts(8);
    // The published counts take each hand's two cards unordered: ours count order, 2 × 2 times as many.
    const oneSuited = (four.states[2]! + four.states[5]! + four.states[6]! + four.states[7]!) / 4n;
    expect(oneSuited).toBe(244_747_776n);
    expect(four.states[8]! / 4n).toBe(2_101_008n);
    expect(four.denominator / 4n).toBe(7_379_583_120n);
    // Our 25:1 / 200:1 table follows: (26 × one + 201 × both) / all.
    expect(eight.sideBets['perfect-pair']!.rtp).toBeCloseTo((26 * 244_747_776 + 201 * 2_101_008) / 7_379_583_120, 12);
  });
});

describe('exact side-bet analysis', () => {
  it('the outcome cells add up to every deal, and their winners to the Banker, Player and Tie counts', () => {
    for (const decks of [1, 6, 8]) {
      const counts = exactCounts(decks);
      expect(counts.cells.reduce((a, b) => a + b, 0n)).toBe(counts.denominator);
      for (const winner of ['banker', 'player', 'tie'] as const) {
        expect(cellCount(decks, (c) => cellFacts(c).winner === winner)).toBe(counts[winner]);
      }
      expect(cellCount(decks, (c) => cellFacts(c).natural)).toBe(counts.natural);
    }
  });

  it('first-four-card pair states agree with the closed forms: a pair 13·4d(4d−1), a suited pair 52·d(d−1) of N(N−1)', () => {
    for (const decks of [1, 2, 6, 8]) {
      const four = firstFourCardCounts(decks);
      const n = 52 * decks;
      expect(four.states.reduce((a, b) => a + b, 0n)).toBe(fallingFactorial(n, 4));
      const playerPair = four.states.slice(3).reduce((a, b) => a + b, 0n);
      const playerSuited = four.states.slice(6).reduce((a, b) => a + b, 0n);
      const rest = fallingFactorial(n - 2, 2);
      expect(playerPair).toBe(13n * BigInt(4 * decks * (4 * decks - 1)) * rest);
      expect(playerSuited).toBe(52n * BigInt(decks * (decks - 1)) * rest);
      expect(ratio(playerPair, four.denominator)).toBeCloseTo(
        analyzeProfile(profile(decks)).probabilities.playerPair,
        14,
      );
    }
  });

  it('one deck has no suited pair, so Perfect Pair returns nothing there', () => {
    expect(analyzeProfile(profile(1)).sideBets['perfect-pair']!.rtpExact.numerator).toBe(0n);
  });

  it('lists exactly the side bets the variant offers', () => {
    expect(Object.keys(analyzeProfile(profile(8, 'ez')).sideBets)).toEqual([...SIDE_BETS]);
    expect(Object.keys(analyzeProfile(profile(8, 'commission')).sideBets)).toEqual(
      SIDE_BETS.filter((bet) => bet !== 'dragon-7' && bet !== 'panda-8'),
    );
  });

  it('the commission variant keeps the Banker figure it always had; Lucky 6 pay changes Lucky 6 alone', () => {
    const before = analyzeProfile(profile(8, 'commission'));
    expect(edge(before.rtp.banker, 4)).toBe('0.0106');
    const rich = analyzeProfile(profile(8, 'commission', 23));
    for (const bet of SIDE_BETS.filter((b) => b !== 'lucky-6' && b in before.sideBets)) {
      expect(rich.sideBets[bet]).toEqual(before.sideBets[bet]);
    }
  });
});
