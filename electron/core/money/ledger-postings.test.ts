import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BET_SPOTS, type BetSpot } from '../engine/bet-spot.ts';
import type { LedgerEntry } from '../model/ledger.ts';
import { postPerSpot, sumSpots, type SpotPostingKind } from './ledger-postings.ts';

function post(kind: SpotPostingKind, amounts: Parameters<typeof postPerSpot>[1]['amounts'], before: number) {
  const rows: LedgerEntry[] = [];
  const after = postPerSpot((e) => rows.push(e), {
    kind,
    demo: false,
    roundId: 7,
    at: 't',
    amounts,
    balanceBeforeMinor: before,
  });
  return { rows, after };
}

describe('per-spot ledger postings', () => {
  it('a stake debits each spot with a bet, in spot order, with the running balance', () => {
    const { rows, after } = post('stake', { tie: 100, player: 500 }, 10_000);
    expect(after).toBe(9_400);
    expect(rows).toEqual([
      { at: 't', kind: 'stake', demo: false, deltaMinor: -500, roundId: 7, spot: 'player', balanceAfterMinor: 9_500 },
      { at: 't', kind: 'stake', demo: false, deltaMinor: -100, roundId: 7, spot: 'tie', balanceAfterMinor: 9_400 },
    ]);
  });

  it('a side bet posts its own row after the main spots, named by its id', () => {
    const { rows } = post('stake', { 'lucky-6': 100, banker: 500 }, 1_000);
    expect(rows.map((r) => [r.spot, r.deltaMinor, r.balanceAfterMinor])).toEqual([
      ['banker', -500, 500],
      ['lucky-6', -100, 400],
    ]);
  });

  it('wins and refunds credit; spots with nothing (absent or 0) post no row', () => {
    const win = post('win', { player: 0, banker: 1_950 }, 0);
    expect(win.rows.map((r) => [r.spot, r.deltaMinor])).toEqual([['banker', 1_950]]);
    expect(win.after).toBe(1_950);
    const refund = post('refund', {}, 300);
    expect(refund.rows).toEqual([]);
    expect(refund.after).toBe(300);
  });

  const amounts = fc.record(
    Object.fromEntries(BET_SPOTS.map((spot) => [spot, fc.integer({ min: 0, max: 1_000_000 })])) as Record<
      BetSpot,
      fc.Arbitrary<number>
    >,
    { requiredKeys: [] },
  );
  const kind = fc.constantFrom<SpotPostingKind>('stake', 'win', 'refund');

  it('the postings sum to the credit change, each row chains from the one before, one row per spot with money', () => {
    fc.assert(
      fc.property(kind, amounts, fc.integer({ min: 0, max: 10_000_000 }), (k, a, before) => {
        const { rows, after } = post(k, a, before);
        const sign = k === 'stake' ? -1 : 1;
        expect(rows.reduce((s, r) => s + r.deltaMinor, 0)).toBe(after - before);
        expect(after - before).toBe(sign * sumSpots(a) || 0); // || 0: no spot staked is +0, not -0
        let balance = before;
        for (const r of rows) {
          expect(Math.sign(r.deltaMinor)).toBe(sign);
          expect(r.deltaMinor).toBe(sign * a[r.spot!]!);
          balance += r.deltaMinor;
          expect(r.balanceAfterMinor).toBe(balance);
          expect(r.kind).toBe(k);
          expect(r.roundId).toBe(7);
        }
        expect(rows.map((r) => r.spot)).toEqual(BET_SPOTS.filter((s) => (a[s] ?? 0) > 0));
      }),
    );
  });
});
