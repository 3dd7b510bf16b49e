import { describe, expect, it } from 'vitest';
import type { Card } from '../core/cards/card.ts';
import type { StadiumRoundRow } from '../core/model/stadium-journal.ts';
import type { RoundAuditRow } from '../storage/round-store.ts';
import { auditStadiumRounds } from './stadium-audit.ts';

const CARDS: Card[] = [
  { rank: '9', suit: 'S' },
  { rank: '2', suit: 'H' },
  { rank: 'K', suit: 'D' },
  { rank: '3', suit: 'C' },
];

function row(tableRound: number, roundId: number | null, conclusion: StadiumRoundRow['conclusion']): StadiumRoundRow {
  return {
    table: 'T1',
    tableRound,
    roundId,
    sitOut: null,
    conclusion,
    stream: conclusion === 'result' ? { kind: 'result', cards: CARDS } : null,
    closedAt: 't',
    concludedAt: conclusion === null ? null : 't',
    reportedAt: null,
  };
}

function round(roundId: number, status: string, cards: Card[] | null = null): RoundAuditRow {
  return {
    round_id: roundId,
    status,
    demo: 0,
    bets_json: '{"player":100}',
    stake_minor: 100,
    outcome_json: cards ? JSON.stringify({ dealOrder: cards }) : null,
    returns_json: null,
    return_minor: null,
    refunded_minor: 0,
  };
}

describe('the audit of a stadium terminal’s rounds', () => {
  it('accepts each round concluded as its money says, and a locked one waiting for its table', () => {
    const audit = auditStadiumRounds(
      [row(1, 1, 'result'), row(2, 2, 'timeout'), row(3, null, 'result'), row(4, 3, null)],
      [round(1, 'settled', CARDS), round(2, 'voided'), round(3, 'locked')],
    );
    expect(audit.problems).toEqual([]);
    expect([...audit.waitingForTable]).toEqual([3]);
  });

  it('names a round settled on other cards, a refunded one marked as a result, a settled one not concluded', () => {
    const other = [...CARDS].reverse();
    const audit = auditStadiumRounds(
      [row(1, 1, 'result'), row(2, 2, 'result'), row(3, 3, null), row(4, 4, 'void')],
      [round(1, 'settled', other), round(2, 'voided'), round(3, 'settled', CARDS)],
    );
    expect(audit.problems).toEqual([
      'stadium T1 round 1 (round 1): settled on other cards',
      'stadium T1 round 2 (round 2): concluded by a result but voided',
      'stadium T1 round 3 (round 3): settled but not concluded',
      'stadium T1 round 4 (round 4): no such round',
    ]);
  });
});
