/**
 * Exact combinatorial analysis of one Punto Banco round dealt from a fresh shoe
 * (docs/rules.md#the-tableau, docs/rules.md#published-returns): every outcome's probability and each spot's return
 * to player, for any deck count and Tie payout a rule profile allows.
 *
 * Method. Only card values matter to the tableau, so the shoe is ten value
 * classes: value 0 (10, J, Q, K) has 16 cards per deck, values 1–9 have 4.
 * Deals are enumerated in deal order (P1, B1, P2, B2, then the third cards the
 * tableau asks for), sampling without replacement, and each branch is weighted
 * by the number of ordered ways to draw its cards. Every branch is scaled to the
 * common denominator D = N(N−1)(N−2)(N−3)(N−4)(N−5), the number of ordered
 * sequences of six physical cards: a branch that used k < 6 cards is multiplied
 * by (N−k)…(N−5), the ways to complete it to six cards it never looks at. Every
 * count is then an exact integer ≤ D, and for N = 8 × 52 = 416, D ≈ 5.0·10^15 <
 * 2^53, so plain numbers add up exactly; the counts are exposed as bigint too.
 *
 * Each branch also lands in an outcome cell (final totals and card counts of both
 * hands, outcome-cells.ts). The variant's Banker and every side bet but the pairs
 * are then settled cell by cell through the engine's own paytable; the pair bets
 * are settled over the pair states of the first four cards (first-four-cards.ts).
 * Every return is an exact bigint fraction (docs/rules.md#side-bet-returns).
 *
 * Third cards are enumerated only when the tableau draws them, so a profile
 * takes a few tens of milliseconds.
 */
import { handTotal, bankerDraws, isNatural, playerDraws } from '../engine/tableau.ts';
import { MAX_DECKS, MIN_DECKS } from '../engine/shoe.ts';
import type { RuleProfile, Variant } from '../engine/rule-profile.ts';
import { SPOTS, spotReturn } from '../engine/settlement.ts';
import { PAIR_BETS, sideBetReturnMultiple, sideBetsOffered, type SideBet } from '../engine/side-bets.ts';
import type { RoundFacts } from '../engine/round-facts.ts';
import { CARDS_PER_DECK } from '../cards/card.ts';
import { cellFacts, OUTCOME_CELLS, outcomeCell } from './outcome-cells.ts';
import { firstFourCardCounts, pairStateFacts } from './first-four-cards.ts';

/** Cards of each value class in one deck: value 0 (10, J, Q, K) × 4 suits, values 1–9 × 4 suits. */
export const VALUE_CLASS_CARDS_PER_DECK: readonly number[] = [16, 4, 4, 4, 4, 4, 4, 4, 4, 4];

/** Ordered-sequence counts for one deck count, all over the same denominator. */
export interface ExactCounts {
  readonly decks: number;
  /** N(N−1)(N−2)(N−3)(N−4)(N−5): ordered sequences of six cards from an N-card shoe. */
  readonly denominator: bigint;
  readonly banker: bigint;
  readonly player: bigint;
  readonly tie: bigint;
  /** Either hand has a two-card 8 or 9. */
  readonly natural: bigint;
  /** The Player's first two cards share a rank (equally likely for the Banker's two). */
  readonly playerPair: bigint;
  readonly bankerPair: bigint;
  /** Rounds where the Player drew a third card / the Banker drew a third card. */
  readonly playerDrew: bigint;
  readonly bankerDrew: bigint;
  /** Deals per outcome cell (outcome-cells.ts): final totals and card counts of both hands. */
  readonly cells: readonly bigint[];
}

export interface OutcomeProbabilities {
  readonly banker: number;
  readonly player: number;
  readonly tie: number;
  readonly natural: number;
  readonly playerPair: number;
  readonly bankerPair: number;
}

/** Expected return per unit staked, stake included (1 = break-even). */
export interface SpotReturns {
  readonly banker: number;
  readonly player: number;
  readonly tie: number;
}

/** An exact fraction. */
export interface Fraction {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

/** One side bet's return to player per unit staked, stake included. */
export interface SideBetReturnToPlayer {
  readonly rtp: number;
  readonly rtpExact: Fraction;
}

export interface ExactAnalysis {
  readonly profileId: string;
  readonly variant: Variant;
  readonly lucky6ThreeCardPays: number;
  readonly decks: number;
  readonly tiePays: number;
  readonly bankerCommissionPercent: number;
  readonly counts: ExactCounts;
  readonly probabilities: OutcomeProbabilities;
  /** Return to player per spot with the exact commission (a Banker win returns 1.95 at 5%). */
  readonly rtp: SpotReturns;
  /** The same returns as exact fractions (per unit staked, stake included), for audit reports. */
  readonly rtpExact: Readonly<Record<keyof SpotReturns, Fraction>>;
  /** 1 − rtp per spot. */
  readonly houseEdge: SpotReturns;
  /** Every side bet the variant offers (docs/rules.md#side-bets), exact over the shoe. */
  readonly sideBets: Partial<Record<SideBet, SideBetReturnToPlayer>>;
}

function checkDecks(decks: number): void {
  if (!Number.isInteger(decks) || decks < MIN_DECKS || decks > MAX_DECKS) {
    throw new RangeError(`decks must be a whole number from ${MIN_DECKS} to ${MAX_DECKS}, got ${String(decks)}`);
  }
}

/**
 * Counts every ordered deal from a fresh shoe of `decks` decks. Integer
 * arithmetic throughout (see the module comment for why numbers stay exact).
 */
export function exactCounts(decks: number): ExactCounts {
  checkDecks(decks);
  const n = decks * CARDS_PER_DECK;
  const left = VALUE_CLASS_CARDS_PER_DECK.map((perDeck) => perDeck * decks);
  // Ways to complete a branch that used 4 or 5 cards to six ordered cards.
  const complete4 = (n - 4) * (n - 5);
  const complete5 = n - 5;
  // Tableau decisions as tables, filled from the tableau functions themselves.
  const playerDrawsOn = Array.from({ length: 10 }, (_, t) => playerDraws(t));
  const bankerDrawsOn = Array.from({ length: 10 }, (_, t) =>
    Array.from({ length: 11 }, (_, v) => bankerDraws(t, v === 10 ? null : v)),
  );

  let banker = 0;
  let player = 0;
  let tie = 0;
  let natural = 0;
  let playerDrew = 0;
  let bankerDrew = 0;
  const cells = new Array<number>(OUTCOME_CELLS).fill(0);
  const record = (playerTotal: number, bankerTotal: number, weight: number, playerCards = 2, bankerCards = 2): void => {
    cells[outcomeCell(playerTotal, bankerTotal, playerCards, bankerCards)]! += weight;
    if (playerTotal > bankerTotal) player += weight;
    else if (bankerTotal > playerTotal) banker += weight;
    else tie += weight;
  };

  for (let p1 = 0; p1 < 10; p1++) {
    const w1 = left[p1] ?? 0;
    if (w1 === 0) continue;
    left[p1] = w1 - 1;
    for (let b1 = 0; b1 < 10; b1++) {
      const c1 = left[b1] ?? 0;
      if (c1 === 0) continue;
      const w2 = w1 * c1;
      left[b1] = c1 - 1;
      for (let p2 = 0; p2 < 10; p2++) {
        const c2 = left[p2] ?? 0;
        if (c2 === 0) continue;
        const w3 = w2 * c2;
        left[p2] = c2 - 1;
        const playerTwo = handTotal([p1, p2]);
        for (let b2 = 0; b2 < 10; b2++) {
          const c3 = left[b2] ?? 0;
          if (c3 === 0) continue;
          const w4 = w3 * c3;
          const bankerTwo = handTotal([b1, b2]);
          if (isNatural(playerTwo) || isNatural(bankerTwo)) {
            // Naturals: both hands stand, overriding every other rule (docs/rules.md#naturals).
            const weight = w4 * complete4;
            natural += weight;
            record(playerTwo, bankerTwo, weight);
            continue;
          }
          left[b2] = c3 - 1;
          if (playerDrawsOn[playerTwo]) {
            const bankerRow = bankerDrawsOn[bankerTwo] ?? [];
            for (let p3 = 0; p3 < 10; p3++) {
              const c4 = left[p3] ?? 0;
              if (c4 === 0) continue;
              const w5 = w4 * c4;
              playerDrew += w5 * complete5;
              const playerThree = (playerTwo + p3) % 10;
              if (bankerRow[p3]) {
                left[p3] = c4 - 1;
                bankerDrew += w5 * complete5;
                for (let b3 = 0; b3 < 10; b3++) {
                  const c5 = left[b3] ?? 0;
                  if (c5 !== 0) record(playerThree, (bankerTwo + b3) % 10, w5 * c5, 3, 3);
                }
                left[p3] = c4;
              } else {
                record(playerThree, bankerTwo, w5 * complete5, 3, 2);
              }
            }
          } else if (bankerDrawsOn[bankerTwo]?.[10]) {
            bankerDrew += w4 * complete4;
            for (let b3 = 0; b3 < 10; b3++) {
              const c4 = left[b3] ?? 0;
              if (c4 !== 0) record(playerTwo, (bankerTwo + b3) % 10, w4 * c4 * complete5, 2, 3);
            }
          } else {
            record(playerTwo, bankerTwo, w4 * complete4);
          }
          left[b2] = c3;
        }
        left[p2] = c2;
      }
      left[b1] = c1;
    }
    left[p1] = w1;
  }

  const denominator = fallingFactorial(n, 6);
  // A pair: 13 ranks × (4d)(4d − 1) ordered ways for the two cards, the other four free.
  const sameRank = BigInt(4 * decks);
  const pair = 13n * sameRank * (sameRank - 1n) * fallingFactorial(n - 2, 4);
  return {
    decks,
    denominator,
    banker: exactInteger(banker),
    player: exactInteger(player),
    tie: exactInteger(tie),
    natural: exactInteger(natural),
    playerPair: pair,
    bankerPair: pair,
    playerDrew: exactInteger(playerDrew),
    bankerDrew: exactInteger(bankerDrew),
    cells: cells.map(exactInteger),
  };
}

/** n(n−1)…(n−k+1) as a bigint. */
export function fallingFactorial(n: number, k: number): bigint {
  let product = 1n;
  for (let i = 0; i < k; i++) product *= BigInt(n - i);
  return product;
}

function exactInteger(value: number): bigint {
  if (!Number.isSafeInteger(value)) throw new RangeError(`count ${value} is beyond exact double precision`);
  return BigInt(value);
}

/** numerator / denominator as the nearest-or-adjacent double (the bigints are exact). */
export function ratio(numerator: bigint, denominator: bigint): number {
  // Scale so the integer quotient carries ~60 significant bits, then divide once in floating point.
  const scale = 1n << 64n;
  const quotient = (numerator * scale) / denominator;
  return Number(quotient) / 2 ** 64;
}

/** Σ count × value over outcomes, as a bigint numerator. */
function weightedSum<T>(counts: readonly bigint[], value: (index: number) => T, toInteger: (v: T) => number): bigint {
  let sum = 0n;
  counts.forEach((count, index) => {
    if (count !== 0n) sum += count * BigInt(toInteger(value(index)));
  });
  return sum;
}

/**
 * Each side bet the variant offers, settled by the engine's own paytable (side-bets.ts): the pair
 * bets over the joint pair states of the first four cards, the rest over the outcome cells.
 */
function sideBetReturns(profile: RuleProfile, counts: ExactCounts): Partial<Record<SideBet, SideBetReturnToPlayer>> {
  const firstFour = firstFourCardCounts(profile.decks);
  const result: Partial<Record<SideBet, SideBetReturnToPlayer>> = {};
  for (const bet of sideBetsOffered(profile.variant)) {
    const multiple = (facts: RoundFacts) => sideBetReturnMultiple(bet, facts, profile);
    const rtpExact = PAIR_BETS.includes(bet)
      ? {
          numerator: weightedSum(firstFour.states, pairStateFacts, multiple),
          denominator: firstFour.denominator,
        }
      : { numerator: weightedSum(counts.cells, cellFacts, multiple), denominator: counts.denominator };
    result[bet] = { rtp: ratio(rtpExact.numerator, rtpExact.denominator), rtpExact };
  }
  return result;
}

/**
 * The exact analysis of a rule profile: what the paytable screen shows.
 * Returns use the exact commission (1.95 per unit at 5%) and the exact half on a no-commission
 * winning 6 (1.5 per unit), not the cent rounding applied to an individual stake.
 */
export function analyzeProfile(profile: RuleProfile): ExactAnalysis {
  const counts = exactCounts(profile.decks);
  const d = counts.denominator;
  // Per unit staked, in hundredths: what 1.00 returns, settled by the variant for every outcome cell.
  const bankerHundredths = weightedSum(counts.cells, cellFacts, (facts) => spotReturn('banker', 100, facts, profile));
  const rtpExact = {
    banker: { numerator: bankerHundredths, denominator: d * 100n },
    player: { numerator: counts.player * 2n + counts.tie, denominator: d },
    tie: { numerator: counts.tie * BigInt(profile.tiePays + 1), denominator: d },
  };
  const rtp = {} as Record<keyof SpotReturns, number>;
  const houseEdge = {} as Record<keyof SpotReturns, number>;
  for (const spot of SPOTS) {
    rtp[spot] = ratio(rtpExact[spot].numerator, rtpExact[spot].denominator);
    houseEdge[spot] = 1 - rtp[spot];
  }
  return {
    profileId: profile.id,
    variant: profile.variant,
    lucky6ThreeCardPays: profile.lucky6ThreeCardPays,
    decks: profile.decks,
    tiePays: profile.tiePays,
    bankerCommissionPercent: profile.bankerCommissionPercent,
    counts,
    probabilities: {
      banker: ratio(counts.banker, d),
      player: ratio(counts.player, d),
      tie: ratio(counts.tie, d),
      natural: ratio(counts.natural, d),
      playerPair: ratio(counts.playerPair, d),
      bankerPair: ratio(counts.bankerPair, d),
    },
    rtp,
    rtpExact,
    houseEdge,
    sideBets: sideBetReturns(profile, counts),
  };
}
