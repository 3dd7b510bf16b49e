import { afterEach, describe, expect, it } from 'vitest';
import { Journal } from '../../storage/journal.ts';
import type { CabinetEvent } from './cabinet-api.ts';
import { cleanAudit, closeCabinets, fund, refusal, setupCabinet } from '../../testing/cabinet-harness.ts';

afterEach(closeCabinets);

describe('a round: lock and debit, record the cards, settle', () => {
  it('settles several spots in one round and credits exactly what settle() says', () => {
    const h = setupCabinet();
    fund(h.cabinet);
    const c = h.cabinet;
    c.placeChip('player', 500);
    c.placeChip('banker', 500);
    c.placeChip('tie', 100);
    const before = c.snapshot().creditsMinor;
    const r = c.deal();
    const ret = (r.returns.player ?? 0) + (r.returns.banker ?? 0) + (r.returns.tie ?? 0);
    expect(c.snapshot().creditsMinor).toBe(before - 1_100 + ret);
    expect(r.creditsBeforeMinor).toBe(before);
    expect(r.creditsAfterMinor).toBe(before - 1_100 + ret);
    expect(r.cards.length).toBeGreaterThanOrEqual(4);
    expect(c.snapshot().phase).toBe('settled');
    expect(c.snapshot().tableBets).toEqual({});
    cleanAudit(h.path);
  });

  it('REBET repeats and REBET ×2 doubles the last bets, and both deal at once', () => {
    const h = setupCabinet();
    fund(h.cabinet);
    const c = h.cabinet;
    expect(refusal(() => c.rebet(1)).code).toBe('no-previous-bets');
    c.placeChip('player', 100);
    c.placeChip('tie', 50);
    c.placeChip('tie', 50);
    const first = c.deal();
    expect(first.bets).toEqual({ player: 100, tie: 100 });
    const again = c.rebet(1);
    expect(again.status).toBe('settled');
    expect(again.bets).toEqual({ player: 100, tie: 100 });
    const doubled = c.rebet(2);
    expect(doubled.bets).toEqual({ player: 200, tie: 200 });
    expect(doubled.roundId).toBe(again.roundId + 1);
    expect(refusal(() => c.rebet(3 as 1)).code).toBe('not-permitted');
  });
});

describe('ordering: durable before anyone is told', () => {
  it('the cards are committed before the round-dealt event, and each transition before its event', () => {
    const h = setupCabinet();
    fund(h.cabinet);
    const c = h.cabinet;
    const seen: string[] = [];
    c.subscribe((event: CabinetEvent) => {
      if (event.type !== 'round-dealt' && event.type !== 'round-settled') return;
      // A second connection sees only committed data.
      const reader = Journal.open(h.path, { readOnly: true });
      const row = reader.round(event.round.roundId);
      reader.close();
      expect(row?.cards.length).toBeGreaterThanOrEqual(4);
      expect(row?.cards).toEqual(event.round.cards);
      if (event.type === 'round-settled') expect(row?.status).toBe('settled');
      seen.push(event.type);
    });
    c.placeChip('banker', 100);
    c.deal();
    expect(seen).toEqual(['round-dealt', 'round-settled']);
  });
});

describe('meters and recall of settled rounds', () => {
  it('counts rounds won/lost/tied from the player side and recall agrees with the meters', () => {
    const h = setupCabinet();
    fund(h.cabinet);
    fund(h.cabinet);
    const c = h.cabinet;
    c.placeChip('player', 100);
    c.placeChip('banker', 100);
    c.deal();
    for (let i = 0; i < 40; i++) c.rebet(1);
    const m = c.meters();
    expect(m.roundsPlayed).toBe(41);
    expect(m.roundsWon + m.roundsLost + m.roundsTied).toBe(41);
    expect(m.wageredMinor).toBe(41 * 200);
    expect(m.wageredBySpot).toEqual({ player: 4_100, banker: 4_100, tie: 0 });
    const recall = c.recall({ limit: 1_000 });
    expect(recall).toHaveLength(41);
    expect(recall.reduce((s, r) => s + (r.returns.player ?? 0) + (r.returns.banker ?? 0), 0)).toBe(m.wonMinor);
    const middle = c.recall({ fromRoundId: 10, toRoundId: 12 });
    expect(middle.map((r) => r.roundId)).toEqual([12, 11, 10]);
    expect(c.events({ fromId: 1, toId: 2 }).map((e) => e.id)).toEqual([2, 1]);
    cleanAudit(h.path);
  });
});
