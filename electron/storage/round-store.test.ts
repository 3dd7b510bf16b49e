import { describe, expect, it, onTestFinished } from 'vitest';
import { EIGHT_DECK_TIE_8_TO_1, SIX_DECK_TIE_9_TO_1 } from '../core/engine/rule-profile.ts';
import { sampleOutcome, tempJournal } from '../testing/journal-fixtures.ts';
import { RecordBreakError } from '../core/model/record-check.ts';

function journal() {
  const t = tempJournal();
  onTestFinished(t.cleanup);
  return t.journal;
}

const round = (roundId: number, demo = false) => ({
  roundId,
  demo,
  bets: { player: 100 },
  stakeMinor: 100,
  creditsBeforeMinor: 1_000,
  at: `t${roundId}`,
});

describe('rounds', () => {
  it('a round moves only forward and a refund row exists at most once per round', () => {
    const j = journal();
    j.transaction(() => j.insertRound(round(1)));
    j.transaction(() => j.markVoided(1, 100, 100, 't', { code: 'power-lost', status: 'locked' }));
    expect(() =>
      j.transaction(() => j.markVoided(1, 100, 100, 't', { code: 'power-lost', status: 'locked' })),
    ).toThrow();
    expect(j.round(1)?.status).toBe('voided');
    expect(j.openRounds()).toEqual([]);
  });

  it('locked → dealt → settled, and a settled round is final', () => {
    const j = journal();
    j.transaction(() => j.insertRound(round(1)));
    expect(j.openRounds()).toEqual([
      { roundId: 1, status: 'locked', demo: false, bets: { player: 100 }, stakeMinor: 100 },
    ]);
    expect(() => j.transaction(() => j.markSettled(1, {}, 0, 900, 't'))).toThrow(/round 1 is not dealt/);
    const outcome = sampleOutcome();
    j.transaction(() => j.markDealt(1, outcome, 't'));
    expect(() => j.transaction(() => j.markDealt(1, outcome, 't'))).toThrow(/round 1 is not locked/);
    j.transaction(() => j.markSettled(1, { player: 200 }, 200, 1_100, 't-end'));
    expect(() =>
      j.transaction(() => j.markVoided(1, 100, 1_200, 't', { code: 'power-lost', status: 'locked' })),
    ).toThrow();
    const r = j.round(1)!;
    expect(r).toMatchObject({
      status: 'settled',
      returns: { player: 200 },
      creditsAfterMinor: 1_100,
      endedAt: 't-end',
    });
    expect(r.cards).toEqual(outcome.dealOrder);
    expect(r.outcome).toEqual(outcome);
    expect(j.openRounds()).toEqual([]);
  });

  it('game recall: newest first, by id range and wallet; the last finished round per wallet', () => {
    const j = journal();
    j.transaction(() => {
      for (let id = 1; id <= 5; id++) j.insertRound(round(id, id === 4));
      j.markVoided(1, 100, 1_000, 't', { code: 'power-lost', status: 'locked' });
      j.markDealt(2, sampleOutcome(), 't');
      j.markSettled(2, {}, 0, 900, 't');
      j.markVoided(4, 100, 1_000, 't', { code: 'power-lost', status: 'locked' });
    });
    expect(j.recall({}).map((r) => r.roundId)).toEqual([5, 4, 3, 2, 1]);
    expect(j.recall({ fromRoundId: 2, toRoundId: 4, limit: 2 }).map((r) => r.roundId)).toEqual([4, 3]);
    expect(j.recall({ demo: false }).map((r) => r.roundId)).toEqual([5, 3, 2, 1]);
    expect(j.recall({ limit: 0 })).toHaveLength(1);
    expect(j.lastFinishedRound(false)?.roundId).toBe(2);
    expect(j.lastFinishedRound(false, 'settled')?.roundId).toBe(2);
    expect(j.lastFinishedRound(true)?.roundId).toBe(4);
    expect(j.lastFinishedRound(true, 'settled')).toBeNull();
    expect(j.maxRoundId()).toBe(5);
    expect(j.round(9)).toBeNull();
    // An open round's credits after are the credits before minus its stake.
    expect(j.round(3)).toMatchObject({ status: 'in-progress', creditsAfterMinor: 900, cards: [], outcome: null });
  });

  it('keeps the rule profile with each round; a round without one reads back null', () => {
    const j = journal();
    j.transaction(() => {
      j.insertRound({ ...round(1), profile: SIX_DECK_TIE_9_TO_1 });
      j.insertRound({ ...round(2), profile: EIGHT_DECK_TIE_8_TO_1 });
      j.insertRound(round(3));
    });
    expect(j.round(1)?.profile).toEqual(SIX_DECK_TIE_9_TO_1);
    expect(j.round(2)?.profile).toEqual(EIGHT_DECK_TIE_8_TO_1);
    expect(j.round(3)?.profile).toBeNull();
  });

  it('a profile stored before variants existed reads back as the commission game it was played under', () => {
    const j = journal();
    const { variant: _variant, lucky6ThreeCardPays: _lucky6, ...before } = EIGHT_DECK_TIE_8_TO_1;
    j.transaction(() => {
      j.insertRound({ ...round(1), profile: before as typeof EIGHT_DECK_TIE_8_TO_1 });
      j.insertRound({ ...round(2), profile: { ...EIGHT_DECK_TIE_8_TO_1, variant: 'bogus' as 'ez' } });
    });
    expect(j.round(1)?.profile).toEqual(EIGHT_DECK_TIE_8_TO_1);
    expect(() => j.round(2)).toThrow(RecordBreakError);
  });

  it('recall by lock time (inclusive, any ISO form) and by round number, paged back by toRoundId', () => {
    const j = journal();
    const at = (minute: number) => new Date(Date.UTC(2026, 11, 1, 3, minute)).toISOString();
    j.transaction(() => {
      for (let id = 1; id <= 12; id++) j.insertRound({ ...round(id), at: at(id) });
    });
    const ids = (q: Parameters<typeof j.recall>[0]) => j.recall(q).map((r) => r.roundId);
    expect(ids({ fromTime: at(3), toTime: at(6) })).toEqual([6, 5, 4, 3]);
    expect(ids({ fromTime: '2026-12-01T05:03:00+02:00', toTime: '2026-12-01T03:03:00Z' })).toEqual([3]);
    expect(ids({ fromTime: at(11) })).toEqual([12, 11]);
    expect(ids({ toTime: at(2) })).toEqual([2, 1]);
    expect(ids({ fromTime: at(4), toTime: at(10), fromRoundId: 6, toRoundId: 20 })).toEqual([10, 9, 8, 7, 6]);
    // Paging: five at a time, walking back from the newest.
    const pages: number[][] = [];
    let toRoundId: number | undefined;
    for (;;) {
      const page = ids({ limit: 5, ...(toRoundId === undefined ? {} : { toRoundId }) });
      pages.push(page);
      if (page.length === 0) break;
      toRoundId = page.at(-1)! - 1;
    }
    expect(pages).toEqual([[12, 11, 10, 9, 8], [7, 6, 5, 4, 3], [2, 1], []]);
  });

  it('recall finds any of 10,000 kept rounds by number and by time', () => {
    const j = journal();
    const at = (id: number) => new Date(Date.UTC(2026, 0, 1) + id * 60_000).toISOString();
    j.transaction(() => {
      for (let id = 1; id <= 10_000; id++) j.insertRound({ ...round(id), at: at(id) });
    });
    expect(j.recall({ fromRoundId: 1, toRoundId: 1 }).map((r) => r.roundId)).toEqual([1]);
    expect(j.recall({ fromTime: at(1), toTime: at(1) }).map((r) => r.roundId)).toEqual([1]);
    expect(j.recall({ fromTime: at(5_000), toTime: at(5_001) }).map((r) => r.roundId)).toEqual([5_001, 5_000]);
    expect(j.recall({ limit: 10_000 })).toHaveLength(10_000);
  });
});
