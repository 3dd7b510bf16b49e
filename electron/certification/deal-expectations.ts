/**
 * Exact rank distributions of the third cards, for the rng-report chi-square per deal position.
 *
 * P1, B1, P2, B2 are the first four cards of a uniformly shuffled shoe, so each rank has
 * probability exactly 1/13 there. The third cards are drawn only when the tableau says so
 * (docs/rules.md#the-tableau), and that decision depends on the cards already out, so their rank
 * distribution given that they were drawn is not exactly 1/13 (card removal). We enumerate
 * the deal by value class (value 0 = 10, J, Q, K: 16 per deck; 1–9: 4 per deck), weighting each
 * branch by drawing without replacement; within value 0 the four ranks stay exchangeable,
 * so each gets a quarter.
 */
import { CARDS_PER_DECK } from '../core/cards/card.ts';
import { bankerDraws, playerDraws } from '../core/engine/tableau.ts';

export const DEAL_POSITIONS = ['P1', 'B1', 'P2', 'B2', 'P3', 'B3'] as const;
export type DealPosition = (typeof DEAL_POSITIONS)[number];

export interface PositionExpectations {
  /** For each position, the probability of each rank index 0..12 (A, 2..9, 10, J, Q, K) given the card is dealt. */
  readonly rankProbabilities: Readonly<Record<DealPosition, readonly number[]>>;
  /** Probability that the Player / Banker draws a third card. */
  readonly playerDraws: number;
  readonly bankerDraws: number;
}

function addRanks(target: number[], value: number, weight: number): void {
  if (value === 0) for (let r = 9; r < 13; r++) target[r]! += weight / 4;
  else target[value - 1]! += weight;
}

export function positionExpectations(decks: number): PositionExpectations {
  const n = decks * CARDS_PER_DECK;
  const c = Array.from({ length: 10 }, (_, v) => (v === 0 ? 16 : 4) * decks);
  const p3 = new Array<number>(13).fill(0);
  const b3 = new Array<number>(13).fill(0);
  let pDraw = 0;
  let bDraw = 0;
  const draw = (v: number, left: number) => c[v]! / left;
  for (let v1 = 0; v1 < 10; v1++) {
    const w1 = draw(v1, n);
    c[v1]!--;
    for (let v2 = 0; v2 < 10; v2++) {
      const w2 = w1 * draw(v2, n - 1);
      c[v2]!--;
      for (let v3 = 0; v3 < 10; v3++) {
        const w3 = w2 * draw(v3, n - 2);
        c[v3]!--;
        for (let v4 = 0; v4 < 10; v4++) {
          const w4 = w3 * draw(v4, n - 3);
          if (w4 === 0) continue;
          c[v4]!--;
          const pt = (v1 + v3) % 10;
          const bt = (v2 + v4) % 10;
          if (pt < 8 && bt < 8) {
            if (playerDraws(pt)) {
              for (let w = 0; w < 10; w++) {
                const ww = w4 * draw(w, n - 4);
                if (ww === 0) continue;
                pDraw += ww;
                addRanks(p3, w, ww);
                if (bankerDraws(bt, w)) {
                  c[w]!--;
                  for (let u = 0; u < 10; u++) {
                    const wu = ww * draw(u, n - 5);
                    bDraw += wu;
                    addRanks(b3, u, wu);
                  }
                  c[w]!++;
                }
              }
            } else if (bankerDraws(bt, null)) {
              for (let u = 0; u < 10; u++) {
                const wu = w4 * draw(u, n - 4);
                bDraw += wu;
                addRanks(b3, u, wu);
              }
            }
          }
          c[v4]!++;
        }
        c[v3]!++;
      }
      c[v2]!++;
    }
    c[v1]!++;
  }
  const uniform = new Array<number>(13).fill(1 / 13);
  return {
    rankProbabilities: {
      P1: uniform,
      B1: uniform,
      P2: uniform,
      B2: uniform,
      P3: p3.map((x) => x / pDraw),
      B3: b3.map((x) => x / bDraw),
    },
    playerDraws: pDraw,
    bankerDraws: bDraw,
  };
}
