/**
 * The simulator's inner loop: many rounds, each from a fresh shoe (the seeds
 * shuffle before every round, domain-notes §1), tallied as integer counts.
 *
 * Shoe. The shoe is never shuffled in memory. Its N physical cards sit at
 * fixed positions 0..N−1 (position i holds rank i mod 13), and a round picks
 * the positions of its cards: each card's position is drawn uniformly from
 * 0..N−1 and drawn again if an earlier card of the same round already took it.
 * Rejecting only the colliding draw leaves the new position uniform over the
 * positions still in the shoe, so every ordered sequence of distinct physical
 * cards has probability 1/N · 1/(N−1) · …, exactly as with FreshShoe and a
 * Fisher–Yates shuffle. Two positions come from one bounded integer: x uniform
 * in [0, N²) is exactly the uniform pair (x div N, x mod N). The third-card
 * pair is drawn only when a hand draws; a drawn but undealt card changes
 * nothing, since the shoe is discarded after the round.
 *
 * Rules. The drawing decisions are lookup tables filled by calling the tableau
 * functions of electron/core/engine/tableau.ts once at load time, so the
 * simulator cannot drift from the dealer; a test compares every cell and also
 * replays simulated rounds through dealRound.
 */
import { RANKS, rankValue } from '../cards/card.ts';
import { CARDS_PER_DECK } from '../cards/card.ts';
import { MAX_DECKS, MIN_DECKS } from '../engine/shoe.ts';
import { bankerDraws, isNatural, playerDraws } from '../engine/tableau.ts';
import type { RandomSource } from '../random/random-source.ts';
import { isWordBatchSource } from '../random/seeded-random-source.ts';

const TWO_32 = 4294967296;
const INV_TWO_32 = 1 / TWO_32;
const WORD_BATCH = 4096;

/** Baccarat value of each rank index 0..12 (A, 2..9, 10, J, Q, K). */
export const RANK_VALUES: Uint8Array = Uint8Array.from(RANKS, (rank) => rankValue(rank));
/** 1 where a two-card total is a natural. */
export const NATURAL_TABLE: Uint8Array = Uint8Array.from({ length: 10 }, (_, total) => (isNatural(total) ? 1 : 0));
/** 1 where the Player draws on this two-card total. */
export const PLAYER_DRAW_TABLE: Uint8Array = Uint8Array.from({ length: 10 }, (_, total) =>
  playerDraws(total) ? 1 : 0,
);
/** Column of BANKER_DRAW_TABLE used when the Player stood. */
export const PLAYER_STOOD = 10;
/** BANKER_DRAW_TABLE[bankerTotal × 11 + v]: v = the Player's third-card value 0..9, or PLAYER_STOOD. */
export const BANKER_DRAW_TABLE: Uint8Array = Uint8Array.from({ length: 110 }, (_, index) => {
  const bankerTotal = Math.floor(index / 11);
  const column = index % 11;
  return bankerDraws(bankerTotal, column === PLAYER_STOOD ? null : column) ? 1 : 0;
});

/** Integer counts of what happened in a batch of rounds. */
export interface SimulationTally {
  rounds: number;
  banker: number;
  player: number;
  tie: number;
  natural: number;
  playerPair: number;
  bankerPair: number;
  /** Cards dealt in total (4 to 6 per round). */
  cards: number;
}

export function emptyTally(): SimulationTally {
  return { rounds: 0, banker: 0, player: 0, tie: 0, natural: 0, playerPair: 0, bankerPair: 0, cards: 0 };
}

/** Adds `from` into `into` (all integer counts, so the order of addition never changes the result). */
export function addTally(into: SimulationTally, from: SimulationTally): SimulationTally {
  into.rounds += from.rounds;
  into.banker += from.banker;
  into.player += from.player;
  into.tie += from.tie;
  into.natural += from.natural;
  into.playerPair += from.playerPair;
  into.bankerPair += from.bankerPair;
  into.cards += from.cards;
  return into;
}

/** One round as rank indices, for tests that replay the fast loop through the real dealer. */
export type RoundObserver = (dealtRanks: readonly number[]) => void;

/**
 * Plays `rounds` rounds, each from a fresh `decks`-deck shoe, drawing from `random`.
 * `observe`, when given, receives every round's rank indices in deal order (slow; tests only).
 */
export function simulateRounds(
  rounds: number,
  decks: number,
  random: RandomSource,
  observe?: RoundObserver,
): SimulationTally {
  if (!Number.isSafeInteger(rounds) || rounds < 0)
    throw new RangeError(`rounds must be a whole number ≥ 0, got ${rounds}`);
  if (!Number.isInteger(decks) || decks < MIN_DECKS || decks > MAX_DECKS) {
    throw new RangeError(`decks must be a whole number from ${MIN_DECKS} to ${MAX_DECKS}, got ${decks}`);
  }
  const size = decks * CARDS_PER_DECK;
  const pairs = size * size;
  // (x + 0.5) / size is at least 0.5 / size away from an integer, far beyond the rounding of the
  // multiplication, so this floor equals x div size exactly for every x < size².
  const inverseSize = 1 / size;
  // Lemire's rejection threshold for `pairs`: low words below it are redrawn (exact uniformity).
  const pairsThreshold = (TWO_32 - pairs) % pairs;
  // Rank and value of the card at each fixed shoe position.
  const rankAt = Uint8Array.from({ length: size }, (_, position) => position % 13);
  const valueAt = Uint8Array.from(rankAt, (rank) => RANK_VALUES[rank]!);
  const natural = NATURAL_TABLE;
  // Sum of two values 0..18 → hand total (domain-notes §2: a total is the sum mod 10).
  const mod10 = Uint8Array.from({ length: 19 }, (_, sum) => sum % 10);
  const playerTable = PLAYER_DRAW_TABLE;
  const bankerTable = BANKER_DRAW_TABLE;
  const beforeShuffle = random.beforeShuffle?.bind(random);
  // Uniform words, a batch at a time when the source can supply them; otherwise one nextInt per pair.
  const batch = isWordBatchSource(random) ? random : null;
  const words = new Uint32Array(WORD_BATCH);
  let next = WORD_BATCH;
  // Counts indexed without branches: [tie, banker, player], then naturals and pairs.
  const winners = new Float64Array(3);
  let naturals = 0;
  let playerPairs = 0;
  let bankerPairs = 0;
  let cards = 0;

  for (let round = 0; round < rounds; round++) {
    if (beforeShuffle !== undefined) beforeShuffle();
    // Three pairs of positions; a pair is redrawn if either card is already out of the shoe this round.
    let x = 0;
    let p1 = 0;
    let b1 = 0;
    do {
      if (batch === null) {
        x = random.nextInt(pairs);
      } else {
        // Lemire multiply-and-reject on a 32-bit word: exactly uniform in [0, size²).
        for (;;) {
          if (next === WORD_BATCH) {
            batch.fillUint32(words);
            next = 0;
          }
          const word = words[next++]!;
          if (Math.imul(word, pairs) >>> 0 >= pairsThreshold) {
            x = Math.floor(word * pairs * INV_TWO_32);
            break;
          }
        }
      }
      p1 = Math.floor((x + 0.5) * inverseSize);
      b1 = x - p1 * size;
    } while (p1 === b1);
    let p2 = 0;
    let b2 = 0;
    do {
      if (batch === null) {
        x = random.nextInt(pairs);
      } else {
        // Lemire multiply-and-reject on a 32-bit word: exactly uniform in [0, size²).
        for (;;) {
          if (next === WORD_BATCH) {
            batch.fillUint32(words);
            next = 0;
          }
          const word = words[next++]!;
          if (Math.imul(word, pairs) >>> 0 >= pairsThreshold) {
            x = Math.floor(word * pairs * INV_TWO_32);
            break;
          }
        }
      }
      p2 = Math.floor((x + 0.5) * inverseSize);
      b2 = x - p2 * size;
    } while (p2 === b2 || p2 === p1 || p2 === b1 || b2 === p1 || b2 === b1);
    let fifth = 0;
    let sixth = 0;
    do {
      if (batch === null) {
        x = random.nextInt(pairs);
      } else {
        // Lemire multiply-and-reject on a 32-bit word: exactly uniform in [0, size²).
        for (;;) {
          if (next === WORD_BATCH) {
            batch.fillUint32(words);
            next = 0;
          }
          const word = words[next++]!;
          if (Math.imul(word, pairs) >>> 0 >= pairsThreshold) {
            x = Math.floor(word * pairs * INV_TWO_32);
            break;
          }
        }
      }
      fifth = Math.floor((x + 0.5) * inverseSize);
      sixth = x - fifth * size;
    } while (
      fifth === sixth ||
      fifth === p1 ||
      fifth === b1 ||
      fifth === p2 ||
      fifth === b2 ||
      sixth === p1 ||
      sixth === b1 ||
      sixth === p2 ||
      sixth === b2
    );
    let playerTotal = mod10[valueAt[p1]! + valueAt[p2]!]!;
    let bankerTotal = mod10[valueAt[b1]! + valueAt[b2]!]!;
    // Resolved with table lookups and arithmetic instead of unpredictable branches.
    const isNatural = natural[playerTotal]! | natural[bankerTotal]!;
    const playerDraws = playerTable[playerTotal]! & (isNatural ^ 1);
    const playerThird = valueAt[fifth]!;
    // Column PLAYER_STOOD (10) when the Player stood, else the third card's value.
    const column = playerDraws === 1 ? playerThird : PLAYER_STOOD;
    playerTotal = mod10[playerTotal + playerDraws * playerThird]!;
    const bankerDraws = bankerTable[bankerTotal * 11 + column]! & (isNatural ^ 1);
    // The Banker's third card is the next one in the shoe: the sixth if the Player drew, else the fifth.
    const bankerThird = valueAt[playerDraws === 1 ? sixth : fifth]!;
    bankerTotal = mod10[bankerTotal + bankerDraws * bankerThird]!;
    const difference = playerTotal - bankerTotal;
    winners[((difference >> 31) & 1) | (((-difference >> 31) & 1) << 1)]!++;
    naturals += isNatural;
    playerPairs += rankAt[p1] === rankAt[p2] ? 1 : 0;
    bankerPairs += rankAt[b1] === rankAt[b2] ? 1 : 0;
    const used = 4 + playerDraws + bankerDraws;
    cards += used;
    if (observe !== undefined) {
      const dealt = [p1, b1, p2, b2];
      if (playerDraws === 1) dealt.push(fifth);
      if (bankerDraws === 1) dealt.push(playerDraws === 1 ? sixth : fifth);
      observe(dealt.map((position) => rankAt[position]!));
    }
  }
  const banker = winners[1]!;
  const player = winners[2]!;
  const tie = winners[0]!;
  return {
    rounds,
    banker,
    player,
    tie,
    natural: naturals,
    playerPair: playerPairs,
    bankerPair: bankerPairs,
    cards,
  };
}
