import { afterEach, describe, expect, it } from 'vitest';
import { analyzeProfile } from '../core/analysis/exact-analysis.ts';
import { EIGHT_DECK_TIE_8_TO_1, SIX_DECK_TIE_9_TO_1 } from '../core/engine/rule-profile.ts';
import { createFakeCabinet } from '../testing/fake-cabinet.ts';
import { paytableFor, paytableOnWorker } from './paytable.ts';
import { paytableAnalyses, type PaytableAnalyses } from './paytable-analysis.ts';

let analyses: PaytableAnalyses;
afterEach(() => analyses.dispose());

describe("the paytable's exact analysis, counted on a worker", () => {
  it('gives exactly the figures of the analysis counted on this thread, exact fractions included', async () => {
    analyses = paytableAnalyses();
    const ez = { ...SIX_DECK_TIE_9_TO_1, variant: 'ez' as const, lucky6ThreeCardPays: 23 as const };
    for (const profile of [EIGHT_DECK_TIE_8_TO_1, ez]) {
      expect(await analyses.analysis(profile)).toEqual(analyzeProfile(profile));
    }
  });

  it("the cabinet's paytable equals the one counted on this thread", async () => {
    analyses = paytableAnalyses();
    const base = createFakeCabinet().snapshot();
    const limit = { minMinor: 100, maxMinor: 2_500 };
    const snapshot = {
      ...base,
      profile: { ...EIGHT_DECK_TIE_8_TO_1, variant: 'ez' as const, lucky6ThreeCardPays: 23 as const },
      limits: { ...base.limits, sideBets: { 'lucky-6': limit, 'dragon-7': limit } },
    };
    expect(await paytableOnWorker(analyses, snapshot)).toEqual(paytableFor(snapshot));
  });

  it('counts one set of rules once, whatever the profiles are called', () => {
    analyses = paytableAnalyses();
    const renamed = { ...EIGHT_DECK_TIE_8_TO_1, id: 'house-rules' };
    expect(analyses.analysis(renamed)).toBe(analyses.analysis(EIGHT_DECK_TIE_8_TO_1));
    expect(analyses.analysis(SIX_DECK_TIE_9_TO_1)).not.toBe(analyses.analysis(EIGHT_DECK_TIE_8_TO_1));
  });

  it('warming counts the profile running when its time comes, and a request after it counts nothing more', async () => {
    const counts: string[] = [];
    analyses = paytableAnalyses({
      count: async (profile) => (counts.push(profile.id), analyzeProfile(profile)),
      stop: async () => undefined,
    });
    let running = EIGHT_DECK_TIE_8_TO_1;
    const warmed = analyses.warm(() => running, 0);
    running = SIX_DECK_TIE_9_TO_1; // a technician applied a config before the warm-up began
    await warmed;
    expect(counts).toEqual([SIX_DECK_TIE_9_TO_1.id]);
    expect((await analyses.analysis(SIX_DECK_TIE_9_TO_1)).decks).toBe(6);
    expect(counts).toHaveLength(1);
  });

  it('a count stopped by shutdown refuses its request instead of leaving it waiting', async () => {
    analyses = paytableAnalyses();
    const waiting = analyses.analysis(SIX_DECK_TIE_9_TO_1);
    await analyses.dispose();
    await expect(waiting).rejects.toThrow(/paytable analysis/);
    await expect(analyses.analysis(EIGHT_DECK_TIE_8_TO_1)).rejects.toThrow(/stopped/);
  });
});
