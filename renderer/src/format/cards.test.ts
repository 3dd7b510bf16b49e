import { describe, expect, it } from 'vitest';
import type { RoundRecord } from '../../../electron/core/model/round-record.ts';
import type { Card } from '../../../electron/core/cards/card.ts';
import { dealSequence, shownTotal } from './cards.ts';

const c = (rank: Card['rank'], suit: Card['suit'] = 'S'): Card => ({ rank, suit });
function outcome(player: Card[], banker: Card[]): Pick<RoundRecord, 'outcome'> {
  return {
    outcome: {
      player: { cards: player, total: shownTotal(player) },
      banker: { cards: banker, total: shownTotal(banker) },
      winner: 'player',
      natural: false,
      playerPair: false,
      bankerPair: false,
      dealOrder: [],
    },
  };
}

describe('running totals on screen use the core’s card values (docs/rules.md#card-values)', () => {
  it('A is 1, 2–9 face value, 10/J/Q/K are 0; totals are mod 10', () => {
    expect(shownTotal([c('A')])).toBe(1);
    expect(shownTotal([c('9')])).toBe(9);
    for (const r of ['10', 'J', 'Q', 'K'] as const) expect(shownTotal([c(r), c('3')])).toBe(3);
    expect(shownTotal([c('7'), c('8')])).toBe(5);
    expect(shownTotal([])).toBe(0);
  });
});

describe('replay order follows the recorded deal order P1, B1, P2, B2, P3, B3', () => {
  it('two cards each', () => {
    const seq = dealSequence(outcome([c('9'), c('K')], [c('7'), c('Q')]));
    expect(seq.map((s) => `${s.side[0]}${s.slot}`)).toEqual(['p0', 'b0', 'p1', 'b1']);
  });
  it('both third cards: Player’s before Banker’s', () => {
    const seq = dealSequence(outcome([c('3'), c('2'), c('J')], [c('4'), c('A'), c('2')]));
    expect(seq.map((s) => `${s.side[0]}${s.slot}`)).toEqual(['p0', 'b0', 'p1', 'b1', 'p2', 'b2']);
    expect(seq[4]!.card).toEqual(c('J'));
  });
  it('Banker alone draws', () => {
    const seq = dealSequence(outcome([c('6'), c('K')], [c('2'), c('3'), c('5')]));
    expect(seq.map((s) => `${s.side[0]}${s.slot}`)).toEqual(['p0', 'b0', 'p1', 'b1', 'b2']);
  });
  it('a round voided before the deal replays nothing', () => {
    expect(dealSequence({ outcome: null })).toEqual([]);
  });
});
