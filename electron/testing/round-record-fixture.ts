/**
 * A settled round's record as main reports it, from its two hands: for the screen's tests, which replay what main
 * already decided. The deal order is the table's (docs/rules.md#deal-order).
 */
import type { Card } from '../core/cards/card.ts';
import type { RoundRecord } from '../core/model/round-record.ts';

export function settledRecord(
  hands: { player: Card[]; banker: Card[]; winner: 'player' | 'banker' | 'tie' },
  over: Partial<RoundRecord> = {},
): RoundRecord {
  const { player: p, banker: b } = hands;
  const order = [p[0], b[0], p[1], b[1], p[2], b[2]].filter((c): c is Card => c !== undefined);
  return {
    roundId: 7,
    status: 'settled',
    demo: false,
    bets: {},
    cards: order,
    outcome: {
      player: { cards: p, total: 0 },
      banker: { cards: b, total: 0 },
      winner: hands.winner,
      natural: p.length === 2 && b.length === 2,
      playerPair: false,
      bankerPair: false,
      dealOrder: order,
    },
    returns: {},
    creditsBeforeMinor: 10_000,
    creditsAfterMinor: 10_000,
    startedAt: '2026-12-01T00:00:00Z',
    endedAt: '2026-12-01T00:00:01Z',
    refundedMinor: 0,
    voidCode: null,
    ...over,
  };
}
