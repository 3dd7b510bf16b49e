import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { judgeStart, startView, type StartView } from './start-view.ts';
import type { RoundRecord } from '../../core/model/round-record.ts';

const round = (roundId: number, endedAt: string | null = '2026-12-01T03:00:01.000Z'): RoundRecord =>
  ({
    roundId,
    status: 'settled',
    demo: false,
    bets: { player: 500, banker: 0, tie: 0 },
    cards: [],
    outcome: null,
    returns: { player: 1000, banker: 0, tie: 0 },
    creditsBeforeMinor: 1000,
    creditsAfterMinor: 1500,
    startedAt: '2026-12-01T03:00:00.000Z',
    endedAt,
    voidReason: null,
    refundedMinor: 0,
  }) as unknown as RoundRecord;

const view = (over: Partial<StartView> = {}): StartView => ({
  creditsMinor: 1500,
  tilts: [],
  lastRound: 'round 2',
  recall: ['round 2', 'round 1'],
  ...over,
});

describe('judging a start against a start of the undamaged journal', () => {
  it('the same credits, last round and recall with no tilt is the exact state', () => {
    expect(judgeStart(view(), view())).toEqual({ kind: 'exact' });
  });

  it('counts different credits shown with no tilt as an undetected change', () => {
    expect(judgeStart(view(), view({ creditsMinor: 1501 }))).toMatchObject({
      kind: 'undetected-change',
      what: expect.stringContaining('credits 1501'),
    });
  });

  it('counts a different last round, a shorter recall or a changed recall entry as undetected changes', () => {
    expect(judgeStart(view(), view({ lastRound: 'round 3' })).kind).toBe('undetected-change');
    expect(judgeStart(view(), view({ recall: ['round 2'] })).kind).toBe('undetected-change');
    expect(judgeStart(view(), view({ recall: ['round 2', 'round 1*'] }))).toMatchObject({
      kind: 'undetected-change',
      what: 'game recall entry 1 differs',
    });
  });

  it('a memory-error or storage-fault tilt may show anything; other tilts do not excuse a change', () => {
    expect(judgeStart(view(), view({ creditsMinor: 0, tilts: ['memory-error'] }))).toEqual({
      kind: 'tilted',
      tilt: 'memory-error',
    });
    expect(judgeStart(view(), view({ recall: [], tilts: ['door-open', 'storage-fault'] }))).toEqual({
      kind: 'tilted',
      tilt: 'storage-fault',
    });
    expect(judgeStart(view(), view({ creditsMinor: 9, tilts: ['door-open'] })).kind).toBe('undetected-change');
  });

  it('any change of credits or recall with no doubt tilt is caught (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.string(), { maxLength: 5 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.string(), { maxLength: 5 }),
        (credits, recall, otherCredits, otherRecall) => {
          const reference = view({ creditsMinor: credits, recall, lastRound: recall[0] ?? null });
          const observed = view({ creditsMinor: otherCredits, recall: otherRecall, lastRound: otherRecall[0] ?? null });
          const same = credits === otherCredits && JSON.stringify(recall) === JSON.stringify(otherRecall);
          expect(judgeStart(reference, observed).kind).toBe(same ? 'exact' : 'undetected-change');
        },
      ),
    );
  });

  it('a round voided at start-up ends "now": its end time is not part of what must match', () => {
    const shown = (endedAt: string) => ({
      snapshot: () => ({ creditsMinor: 1500, tilts: [], lastRound: round(2, endedAt) }),
      recall: () => [round(2, endedAt), round(1)],
    });
    const a = startView(shown('2026-12-01T03:00:05.000Z') as never);
    const b = startView(shown('2026-12-01T04:00:00.000Z') as never);
    expect(judgeStart(a, b)).toEqual({ kind: 'exact' });
    expect(a.recall).toHaveLength(2);
  });
});
