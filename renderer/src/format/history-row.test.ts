import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Card } from '../../../electron/core/cards/card.ts';
import { dealRound } from '../../../electron/core/engine/round.ts';
import { FixedCardSource } from '../../../electron/core/engine/shoe.ts';
import type { PlayerHistoryEntry } from '../../../electron/core/model/player-history-page.ts';
import type { RoundRecord } from '../../../electron/core/model/round-record.ts';
import type { StadiumSitOut } from '../../../electron/core/model/stadium-journal.ts';
import { historyRow, netSign, signedNet } from './history-row.ts';
import { historyFullTime, historyRowTime } from './history-time.ts';

const card = (text: string): Card => ({ rank: text.slice(0, -1), suit: text.slice(-1) }) as Card;

/** A settled round from given cards in deal order, the engine deciding hands, totals and winner. */
function settled(cards: string[], bets: RoundRecord['bets'], returns: RoundRecord['returns']): RoundRecord {
  const dealt = cards.map(card);
  const outcome = dealRound(new FixedCardSource(dealt));
  return {
    roundId: 7,
    status: 'settled',
    demo: false,
    bets,
    cards: dealt,
    outcome,
    returns,
    creditsBeforeMinor: 10_000,
    creditsAfterMinor: 10_000,
    startedAt: '2026-12-01T14:05:00.000Z',
    endedAt: '2026-12-01T14:05:09.000Z',
    voidCode: null,
    refundedMinor: 0,
  };
}

const played = (round: RoundRecord, tableRound: number | null = null): PlayerHistoryEntry => ({
  kind: 'played',
  round,
  tableRound,
});

const money = (minor: number): string => (minor / 100).toFixed(2);

describe('a row of the game history', () => {
  it('puts each card in its hand and slot with the order it was dealt; the third card is slot 2, dealt fifth', () => {
    // Player 2♥ 3♠ = 5 draws 4♣; Banker K♣ 6♦ = 6 stands: Player wins 9 to 6.
    const row = historyRow(played(settled(['2H', 'KC', '3S', '6D', '4C'], { player: 500 }, { player: 1000 })));
    expect(row.hands?.player.cards.map((c) => [`${c.card.rank}${c.card.suit}`, c.slot, c.dealt])).toEqual([
      ['2H', 0, 1],
      ['3S', 1, 3],
      ['4C', 2, 5],
    ]);
    expect(row.hands?.banker.cards.map((c) => [`${c.card.rank}${c.card.suit}`, c.slot, c.dealt])).toEqual([
      ['KC', 0, 2],
      ['6D', 1, 4],
    ]);
    expect(row).toMatchObject({ winner: 'player', hands: { player: { total: 9 }, banker: { total: 6 } } });
    expect(row.result).toEqual({ kind: 'win', stakedMinor: 500, paidMinor: 1000, netMinor: 500 });
    expect(row.at).toBe('2026-12-01T14:05:09.000Z');
  });

  it('a Banker win on Banker and Player bets pays something back yet is a loss, shown with a minus', () => {
    // Player K♥ Q♦ = 0, Banker 9♠ 10♣ = 9.
    const row = historyRow(
      played(settled(['KH', '9S', 'QD', '10C'], { player: 1000, banker: 1000 }, { banker: 1950 })),
    );
    expect(row.result).toEqual({ kind: 'returned', stakedMinor: 2000, paidMinor: 1950, netMinor: -50 });
    expect(signedNet(row.result!.netMinor, money)).toBe('−0.50');
    expect(row.spots).toEqual([
      { spot: 'player', stakedMinor: 1000, paidMinor: 0 },
      { spot: 'banker', stakedMinor: 1000, paidMinor: 1950 },
    ]);
  });

  it('a side bet is a line of its own after the main spots, and counts in the stake and the pay', () => {
    // Player 2♠ 3♥ = 5 draws K♣; Banker 3♦ 3♣ = 6 stands: Banker wins with a pair of threes.
    const row = historyRow(
      played(
        settled(
          ['2S', '3D', '3H', '3C', 'KC'],
          { banker: 100, 'banker-pair': 100 },
          { banker: 195, 'banker-pair': 1200 },
        ),
      ),
    );
    expect(row.spots).toEqual([
      { spot: 'banker', stakedMinor: 100, paidMinor: 195 },
      { spot: 'banker-pair', stakedMinor: 100, paidMinor: 1200 },
    ]);
    expect(row.result).toEqual({ kind: 'win', stakedMinor: 200, paidMinor: 1395, netMinor: 1195 });
  });

  it('a voided round shows its refund and why, and no result', () => {
    const row = historyRow(
      played({
        ...settled(['KH', '9S', 'QD', '10C'], { tie: 300 }, {}),
        status: 'voided',
        cards: [],
        outcome: null,
        refundedMinor: 300,
        voidCode: { code: 'rng-fault', source: 'rng', reason: { code: 'rng-deal-failure' } },
      }),
    );
    expect(row).toMatchObject({ hands: null, winner: null, result: null });
    expect(row.voided).toEqual({ refundedMinor: 300, whyKey: 'voidScreen.why.rng-fault' });
  });

  it('a round played at a stadium table carries the table round beside its own number', () => {
    const row = historyRow(played(settled(['KH', '9S', 'QD', '10C'], { banker: 100 }, { banker: 195 }), 345));
    expect(row).toMatchObject({ key: 'r7', roundId: 7, tableRound: 345, status: 'settled', satOut: null });
  });

  it('a table round sat out shows the table’s hands and winner, no money, and why when it is news', () => {
    const entry = (why: StadiumSitOut | null): PlayerHistoryEntry => ({
      kind: 'sat-out',
      tableRound: 346,
      cards: ['2H', 'KC', '3S', '6D', '4C'].map(card),
      at: '2026-12-01T14:06:00.000Z',
      why,
    });
    const row = historyRow(entry('above-table-max'));
    expect(row).toMatchObject({
      key: 't346',
      roundId: null,
      tableRound: 346,
      status: 'sat-out',
      winner: 'player',
      hands: { player: { total: 9 }, banker: { total: 6 } },
      spots: [],
      result: null,
      voided: null,
      satOut: { whyKey: 'stadiumSitOut.above-table-max' },
    });
    expect(historyRow(entry('no-bets')).satOut).toEqual({ whyKey: null });
    expect(historyRow(entry(null)).satOut).toEqual({ whyKey: null });
  });

  it('the sign never lets a loss read as a win', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (net) => {
        const text = signedNet(net, money);
        if (net < 0) expect(text.startsWith('−')).toBe(true);
        if (net > 0) expect(text.startsWith('+')).toBe(true);
        if (net === 0) expect(netSign(net)).toBe('');
      }),
    );
  });
});

describe('the time of a round, in the language of the screen', () => {
  const now = new Date('2026-12-01T18:00:00Z');
  it('a round from today shows its time; an older one its day too', () => {
    const today = new Date(2026, 11, 1, 14, 5).toISOString();
    const older = new Date(2026, 10, 28, 14, 5).toISOString();
    expect(historyRowTime(today, 'de', new Date(2026, 11, 1, 18, 0))).toBe('14:05');
    expect(historyRowTime(older, 'de', new Date(2026, 11, 1, 18, 0))).toMatch(/28\..*14:05/);
    expect(historyRowTime(older, 'en', now)).toMatch(/Nov 28.*14:05/);
    expect(historyFullTime(today, 'sv')).toMatch(/2026.*14:05:00/);
    expect(historyRowTime('not a time', 'en', now)).toBe('not a time');
  });
});
