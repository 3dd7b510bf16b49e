/**
 * The simulator's inner loop: many rounds, each from a fresh shoe (the seeds
 * shuffle before every round, docs/rng.md#a-fresh-shoe-every-round), tallied as integer counts.
 *
 * Shoe. The shoe is never shuffled in memory. Its N physical cards sit at
 * fixed positions 0..N−1 (position i holds rank i mod 13), and a round picks
 * the positions of its cards: each card's position is drawn uniformly from
 * 0..N−1 and drawn again if an earlier card of the same round already took it.
 * Rejecting only the colliding draw leaves the new position uniform over the
 * positions still in the shoe, so every ordered sequence of distinct physical
 * cards has probability 1/N · 1/(N−1) · …, exactly as with FreshShoe and a
 * Fisher–Yates shuffle. A position takes 16 random bits: Lemire's
 * multiply-and-reject, (h × N) >> 16 with h redrawn when the low 16 bits of
 * the product fall below (2^16 − N) mod N, is exactly uniform on 0..N−1 and
 * needs only 32-bit integer arithmetic. Six positions are drawn every round;
 * the fifth and sixth cards are dealt only if the tableau draws, and a drawn
 * but undealt card changes nothing, since the shoe is discarded after the
 * round. The round is then resolved with table lookups and arithmetic rather
 * than unpredictable branches.
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
import { isWordBatchSource, type WordBatchSource } from '../random/seeded-random-source.ts';
import { HAND_PAIR_STATES } from './first-four-cards.ts';
import { OUTCOME_CELLS } from './outcome-cells.ts';

const PAIR_STATES = HAND_PAIR_STATES.length ** 2;

const WORD_BATCH = 4096;
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * Refills the word batch. The simulator reads it as 16-bit halves through a Uint16Array view; on a
 * big-endian machine the halves are swapped first so the low half always comes first and a seed
 * gives the same rounds on every platform.
 */
function refill(source: WordBatchSource, words: Uint32Array): void {
  source.fillUint32(words);
  if (!LITTLE_ENDIAN) for (let i = 0; i < words.length; i++) words[i] = (words[i]! << 16) | (words[i]! >>> 16);
}

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
  /** Rounds per outcome cell (outcome-cells.ts): what every bet but the pairs settles on. */
  cells: number[];
  /** Rounds per joint pair state of the first four cards, player × 3 + banker (first-four-cards.ts). */
  pairStates: number[];
}

export function emptyTally(): SimulationTally {
  return {
    rounds: 0,
    banker: 0,
    player: 0,
    tie: 0,
    natural: 0,
    playerPair: 0,
    bankerPair: 0,
    cards: 0,
    cells: new Array<number>(OUTCOME_CELLS).fill(0),
    pairStates: new Array<number>(PAIR_STATES).fill(0),
  };
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
  from.cells.forEach((count, cell) => (into.cells[cell]! += count));
  from.pairStates.forEach((count, state) => (into.pairStates[state]! += count));
  return into;
}

/**
 * One round as rank indices and faces (0..51, cardFromIndex), for tests that replay the fast loop
 * through the real dealer.
 */
export type RoundObserver = (dealtRanks: readonly number[], dealtFaces: readonly number[]) => void;

/**
 * Plays `rounds` rounds, each from a fresh `decks`-deck shoe, drawing from `random`.
 * `observe`, when given, receives every round's rank indices and faces in deal order (slow; tests only).
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
  // Lemire's rejection threshold for 16-bit draws: a half-word whose low product bits fall below it
  // is redrawn, which makes (half × size) >> 16 exactly uniform on 0..size−1 (size ≤ 2^16).
  const threshold = (65536 - size) % size;
  // Rank and value of the card at each fixed shoe position.
  const rankAt = Uint8Array.from({ length: size }, (_, position) => position % 13);
  // Face 0..51 at each position: equal faces are a suited pair (docs/rules.md#side-bets).
  const faceAt = Uint8Array.from({ length: size }, (_, position) => position % CARDS_PER_DECK);
  const valueAt = Uint8Array.from(rankAt, (rank) => RANK_VALUES[rank]!);
  const natural = NATURAL_TABLE;
  // Sum of two values 0..18 → hand total (docs/rules.md#card-values: the sum mod 10).
  const mod10 = Uint8Array.from({ length: 19 }, (_, sum) => sum % 10);
  const playerTable = PLAYER_DRAW_TABLE;
  const bankerTable = BANKER_DRAW_TABLE;
  const beforeShuffle = random.beforeShuffle?.bind(random);
  // Uniform 16-bit draws from a batch of words when the source can supply them (low half of each
  // word first, on every platform); otherwise one nextInt per card.
  const batch = isWordBatchSource(random) ? random : null;
  const words = new Uint32Array(WORD_BATCH);
  const halves = new Uint16Array(words.buffer);
  const HALVES = halves.length;
  let next = HALVES;
  // Winner counts [tie, banker, player], indexed without branches by the sign of Player − Banker.
  const winners = new Float64Array(3);
  let naturals = 0;
  let playerPairs = 0;
  let bankerPairs = 0;
  let cards = 0;
  const cells = new Float64Array(OUTCOME_CELLS);
  const pairStates = new Float64Array(PAIR_STATES);

  for (let round = 0; round < rounds; round++) {
    if (beforeShuffle !== undefined) beforeShuffle();
    // Six shoe positions in deal order: P1, B1, P2, B2, then the next two cards (third cards, dealt
    // only if the tableau draws). A position already taken this round is drawn again.
    // Unrolled on purpose: one draw function or a loop over the six positions measured 23–40% fewer rounds/s.
    let p1 = 0;
    for (;;) {
      if (batch === null) {
        p1 = random.nextInt(size);
      } else {
        if (next === HALVES) {
          refill(batch, words);
          next = 0;
        }
        const product = Math.imul(halves[next++]!, size);
        if ((product & 0xffff) < threshold) continue;
        p1 = product >>> 16;
      }
      break;
    }
    let b1 = 0;
    for (;;) {
      if (batch === null) {
        b1 = random.nextInt(size);
      } else {
        if (next === HALVES) {
          refill(batch, words);
          next = 0;
        }
        const product = Math.imul(halves[next++]!, size);
        if ((product & 0xffff) < threshold) continue;
        b1 = product >>> 16;
      }
      if (b1 !== p1) break;
    }
    let p2 = 0;
    for (;;) {
      if (batch === null) {
        p2 = random.nextInt(size);
      } else {
        if (next === HALVES) {
          refill(batch, words);
          next = 0;
        }
        const product = Math.imul(halves[next++]!, size);
        if ((product & 0xffff) < threshold) continue;
        p2 = product >>> 16;
      }
      if (p2 !== p1 && p2 !== b1) break;
    }
    let b2 = 0;
    for (;;) {
      if (batch === null) {
        b2 = random.nextInt(size);
      } else {
        if (next === HALVES) {
          refill(batch, words);
          next = 0;
        }
        const product = Math.imul(halves[next++]!, size);
        if ((product & 0xffff) < threshold) continue;
        b2 = product >>> 16;
      }
      if (b2 !== p1 && b2 !== b1 && b2 !== p2) break;
    }
    let fifth = 0;
    for (;;) {
      if (batch === null) {
        fifth = random.nextInt(size);
      } else {
        if (next === HALVES) {
          refill(batch, words);
          next = 0;
        }
        const product = Math.imul(halves[next++]!, size);
        if ((product & 0xffff) < threshold) continue;
        fifth = product >>> 16;
      }
      if (fifth !== p1 && fifth !== b1 && fifth !== p2 && fifth !== b2) break;
    }
    let sixth = 0;
    for (;;) {
      if (batch === null) {
        sixth = random.nextInt(size);
      } else {
        if (next === HALVES) {
          refill(batch, words);
          next = 0;
        }
        const product = Math.imul(halves[next++]!, size);
        if ((product & 0xffff) < threshold) continue;
        sixth = product >>> 16;
      }
      if (sixth !== p1 && sixth !== b1 && sixth !== p2 && sixth !== b2 && sixth !== fifth) break;
    }
    let playerTotal = mod10[valueAt[p1]! + valueAt[p2]!]!;
    let bankerTotal = mod10[valueAt[b1]! + valueAt[b2]!]!;
    // Resolved with table lookups and arithmetic instead of unpredictable branches.
    const isNatural = natural[playerTotal]! | natural[bankerTotal]!;
    const playerDraws = playerTable[playerTotal]! & (isNatural ^ 1);
    const playerThird = valueAt[fifth]!;
    // Column PLAYER_STOOD (10) when the Player stood, else the third card's value.
    const column = PLAYER_STOOD + playerDraws * (playerThird - PLAYER_STOOD);
    playerTotal = mod10[playerTotal + playerDraws * playerThird]!;
    const bankerDraws = bankerTable[bankerTotal * 11 + column]! & (isNatural ^ 1);
    // The Banker's third card is the next one in the shoe: the sixth if the Player drew, else the fifth.
    const bankerThird = valueAt[fifth + playerDraws * (sixth - fifth)]!;
    bankerTotal = mod10[bankerTotal + bankerDraws * bankerThird]!;
    const difference = playerTotal - bankerTotal;
    winners[((difference >> 31) & 1) | (((-difference >> 31) & 1) << 1)]!++;
    naturals += isNatural;
    // 1 when the two ranks are equal: (a − b) | (b − a) is negative exactly when a ≠ b.
    const playerRankGap = rankAt[p1]! - rankAt[p2]!;
    const bankerRankGap = rankAt[b1]! - rankAt[b2]!;
    const playerPair = ((playerRankGap | -playerRankGap) >>> 31) ^ 1;
    const bankerPair = ((bankerRankGap | -bankerRankGap) >>> 31) ^ 1;
    playerPairs += playerPair;
    bankerPairs += bankerPair;
    // Pair state 0 none, 1 pair, 2 suited pair: a suited pair is also a pair, so the flags add up.
    const playerFaceGap = faceAt[p1]! - faceAt[p2]!;
    const bankerFaceGap = faceAt[b1]! - faceAt[b2]!;
    const playerState = playerPair + (((playerFaceGap | -playerFaceGap) >>> 31) ^ 1);
    const bankerState = bankerPair + (((bankerFaceGap | -bankerFaceGap) >>> 31) ^ 1);
    pairStates[playerState * 3 + bankerState]!++;
    // outcomeCell(playerTotal, bankerTotal, 2 + playerDraws, 2 + bankerDraws), inlined.
    cells[((playerTotal * 10 + bankerTotal) * 2 + playerDraws) * 2 + bankerDraws]!++;
    const used = 4 + playerDraws + bankerDraws;
    cards += used;
    if (observe !== undefined) {
      const dealt = [p1, b1, p2, b2];
      if (playerDraws === 1) dealt.push(fifth);
      if (bankerDraws === 1) dealt.push(playerDraws === 1 ? sixth : fifth);
      observe(
        dealt.map((position) => rankAt[position]!),
        dealt.map((position) => faceAt[position]!),
      );
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
    cells: Array.from(cells),
    pairStates: Array.from(pairStates),
  };
}
