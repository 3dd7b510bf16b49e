import { describe, expect, it } from 'vitest';
import { type Card, type Rank } from '../cards/card.ts';
import { dealRound } from '../engine/round.ts';
import { EIGHT_DECK_TIE_8_TO_1, parseRuleProfile, SIX_DECK_TIE_9_TO_1 } from '../engine/rule-profile.ts';
import { FixedCardSource } from '../engine/shoe.ts';
import { analyzeProfile, exactCounts, fallingFactorial, ratio, VALUE_CLASS_CARDS_PER_DECK } from './exact-analysis.ts';

const profile = (decks: number, tiePays: 8 | 9) =>
  parseRuleProfile({ id: `p-${decks}-${tiePays}`, decks, tiePays, bankerCommissionPercent: 5 });

/** One representative card per value class (the class's size carries the multiplicity). */
const CLASS_CARD: readonly Card[] = (['K', 'A', '2', '3', '4', '5', '6', '7', '8', '9'] as Rank[]).map((rank) => ({
  rank,
  suit: 'S',
}));

/**
 * An independent, slower enumeration: every ordered sequence of six value classes, weighted by
 * the number of ways to draw it without replacement, each played by the REAL dealer (dealRound),
 * which reads as many of the six cards as the tableau asks for. No pruning, no tables.
 */
function bruteForce(decks: number): { banker: bigint; player: bigint; tie: bigint; natural: bigint; total: bigint } {
  const left = VALUE_CLASS_CARDS_PER_DECK.map((n) => n * decks);
  const sequence: Card[] = [];
  const sums = { banker: 0, player: 0, tie: 0, natural: 0, total: 0 };
  const visit = (depth: number, weight: number): void => {
    if (depth === 6) {
      const outcome = dealRound(new FixedCardSource(sequence));
      sums[outcome.winner] += weight;
      if (outcome.natural) sums.natural += weight;
      sums.total += weight;
      return;
    }
    for (let c = 0; c < 10; c++) {
      const copies = left[c] ?? 0;
      if (copies === 0) continue;
      left[c] = copies - 1;
      sequence.push(CLASS_CARD[c]!);
      visit(depth + 1, weight * copies);
      sequence.pop();
      left[c] = copies;
    }
  };
  visit(0, 1);
  return {
    banker: BigInt(sums.banker),
    player: BigInt(sums.player),
    tie: BigInt(sums.tie),
    natural: BigInt(sums.natural),
    total: BigInt(sums.total),
  };
}

describe('exact analysis: integer counts', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    '%i deck(s): Banker + Player + Tie = N(N−1)…(N−5) exactly, so P sums to 1',
    (decks) => {
      const counts = exactCounts(decks);
      expect(counts.denominator).toBe(fallingFactorial(decks * 52, 6));
      expect(counts.banker + counts.player + counts.tie).toBe(counts.denominator);
      expect(counts.natural < counts.denominator).toBe(true);
      expect(counts.denominator < 2n ** 53n).toBe(true);
    },
  );

  it.each([1, 3])(
    '%i deck(s): the fast enumeration equals an independent brute force through dealRound, count for count',
    (decks) => {
      const fast = exactCounts(decks);
      const slow = bruteForce(decks);
      expect(slow.total).toBe(fast.denominator);
      expect({ banker: fast.banker, player: fast.player, tie: fast.tie, natural: fast.natural }).toEqual({
        banker: slow.banker,
        player: slow.player,
        tie: slow.tie,
        natural: slow.natural,
      });
    },
  );

  it('pair probability equals a count over every ordered pair of physical cards', () => {
    for (const decks of [1, 8]) {
      const n = decks * 52;
      let same = 0;
      // Physical card i has rank i mod 13.
      for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (i !== j && i % 13 === j % 13) same++;
      const counts = exactCounts(decks);
      expect(ratio(counts.playerPair, counts.denominator)).toBeCloseTo(same / (n * (n - 1)), 15);
      expect(counts.bankerPair).toBe(counts.playerPair);
    }
  });

  it('refuses a deck count outside 1–8', () => {
    expect(() => exactCounts(0)).toThrow(/1 to 8/);
    expect(() => exactCounts(9)).toThrow(/1 to 8/);
  });
});

describe('exact analysis matches the published 8-deck figures (docs/rules.md#published-returns)', () => {
  const analysis = analyzeProfile(EIGHT_DECK_TIE_8_TO_1);
  it('P(Banker) 0.458597, P(Player) 0.446247, P(Tie) 0.095156 to 6 decimals', () => {
    expect(analysis.probabilities.banker.toFixed(6)).toBe('0.458597');
    expect(analysis.probabilities.player.toFixed(6)).toBe('0.446247');
    expect(analysis.probabilities.tie.toFixed(6)).toBe('0.095156');
  });
  it('returns: Banker 98.94%, Player 98.76%, Tie at 8:1 85.64%', () => {
    expect((analysis.rtp.banker * 100).toFixed(2)).toBe('98.94');
    expect((analysis.rtp.player * 100).toFixed(2)).toBe('98.76');
    expect((analysis.rtp.tie * 100).toFixed(2)).toBe('85.64');
    expect(analysis.houseEdge.banker).toBeCloseTo(1 - analysis.rtp.banker, 15);
  });
  it('exact fractions: Banker return = (1.95 × banker + tie) / sequences, in integers', () => {
    const c = analysis.counts;
    expect(analysis.rtpExact.banker.numerator * 100n).toBe((195n * c.banker + 100n * c.tie) * 100n);
    expect(analysis.rtpExact.banker.denominator).toBe(100n * c.denominator);
    expect(analysis.rtpExact.tie).toEqual({ numerator: 9n * c.tie, denominator: c.denominator });
  });
  it('returns follow from the probabilities with the exact 5% commission (Banker win returns 1.95)', () => {
    const p = analysis.probabilities;
    expect(analysis.rtp.banker).toBeCloseTo(1.95 * p.banker + p.tie, 14);
    expect(analysis.rtp.player).toBeCloseTo(2 * p.player + p.tie, 14);
    expect(analysis.rtp.tie).toBeCloseTo(9 * p.tie, 14);
  });
});

describe('exact analysis for other profiles', () => {
  it('six decks, Tie 9:1 (the German and Finnish rule sheets): Banker 98.94%, Player 98.76%, Tie 95.07%', () => {
    const analysis = analyzeProfile(SIX_DECK_TIE_9_TO_1);
    expect((analysis.rtp.banker * 100).toFixed(2)).toBe('98.94');
    expect((analysis.rtp.player * 100).toFixed(2)).toBe('98.76');
    expect((analysis.rtp.tie * 100).toFixed(2)).toBe('95.07');
    expect(analysis.tiePays).toBe(9);
  });

  it('Tie 9:1 returns exactly 10/9 of Tie 8:1 for the same deck count; other spots are unchanged', () => {
    for (let decks = 1; decks <= 8; decks++) {
      const eight = analyzeProfile(profile(decks, 8));
      const nine = analyzeProfile(profile(decks, 9));
      expect(nine.rtp.tie).toBeCloseTo((eight.rtp.tie * 10) / 9, 14);
      expect(nine.rtp.banker).toBe(eight.rtp.banker);
      expect(nine.probabilities).toEqual(eight.probabilities);
    }
  });

  it('every deck count gives probabilities in (0, 1) and a house edge on every spot', () => {
    for (let decks = 1; decks <= 8; decks++) {
      for (const tiePays of [8, 9] as const) {
        const a = analyzeProfile(profile(decks, tiePays));
        for (const p of Object.values(a.probabilities)) expect(p > 0 && p < 1).toBe(true);
        for (const r of Object.values(a.rtp)) expect(r > 0.8 && r < 1).toBe(true);
      }
    }
  });
});
