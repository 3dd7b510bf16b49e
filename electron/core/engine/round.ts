import { rankValue, type Card } from '../cards/card.ts';
import type { CardSource } from './shoe.ts';
import { bankerDraws, handTotal, isNatural, playerDraws } from './tableau.ts';

export type Winner = 'player' | 'banker' | 'tie';

export interface HandResult {
  readonly cards: readonly Card[];
  readonly total: number;
}

export interface RoundOutcome {
  readonly player: HandResult;
  readonly banker: HandResult;
  readonly winner: Winner;
  /** Either hand had a two-card 8 or 9. */
  readonly natural: boolean;
  /** The Player's first two cards share a rank (for a side bet later). */
  readonly playerPair: boolean;
  readonly bankerPair: boolean;
  /** Every card in the order it left the shoe: P1, B1, P2, B2, P3?, B3?. */
  readonly dealOrder: readonly Card[];
}

function valuesOf(cards: readonly Card[]): number[] {
  return cards.map((c) => rankValue(c.rank));
}

/** Deals one round from `source`, drawing third cards only as the tableau requires. */
export function dealRound(source: CardSource): RoundOutcome {
  const p1 = source.draw();
  const b1 = source.draw();
  const p2 = source.draw();
  const b2 = source.draw();
  const player: Card[] = [p1, p2];
  const banker: Card[] = [b1, b2];
  const dealOrder: Card[] = [p1, b1, p2, b2];

  const playerTwo = handTotal(valuesOf(player));
  const bankerTwo = handTotal(valuesOf(banker));
  const natural = isNatural(playerTwo) || isNatural(bankerTwo);

  if (!natural) {
    let playerThirdValue: number | null = null;
    if (playerDraws(playerTwo)) {
      const p3 = source.draw();
      player.push(p3);
      dealOrder.push(p3);
      playerThirdValue = rankValue(p3.rank);
    }
    if (bankerDraws(bankerTwo, playerThirdValue)) {
      const b3 = source.draw();
      banker.push(b3);
      dealOrder.push(b3);
    }
  }

  const playerTotal = handTotal(valuesOf(player));
  const bankerTotal = handTotal(valuesOf(banker));
  const winner: Winner = playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie';
  return {
    player: { cards: player, total: playerTotal },
    banker: { cards: banker, total: bankerTotal },
    winner,
    natural,
    playerPair: p1.rank === p2.rank,
    bankerPair: b1.rank === b2.rank,
    dealOrder,
  };
}
