import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { closeCabinets, fund, openTestCabinet } from '../../testing/cabinet-harness.ts';
import { deterministicRandom, tempJournalPath, testConfig } from '../../testing/fixtures.ts';
import { CabinetError } from './cabinet-error.ts';

afterEach(closeCabinets);

const spot = fc.constantFrom('player' as const, 'banker' as const, 'tie' as const);
const round = fc.record({ spot, chips: fc.integer({ min: 1, max: 5 }), minutes: fc.integer({ min: 0, max: 4 }) });

describe('the player session, over any run of rounds', () => {
  it("its net is the sum of its rounds' returns minus stakes, and no round starts past the loss limit", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000 }),
        fc.integer({ min: 100, max: 2_000 }),
        fc.array(round, { minLength: 1, maxLength: 25 }),
        (seed, lossLimit, plan) => {
          const tmp = tempJournalPath();
          let t = Date.UTC(2026, 11, 1, 12, 0, 0);
          const config = testConfig({
            responsibleGaming: {
              realityCheckMinutes: null,
              sessionLossLimitMinor: lossLimit,
              sessionTimeLimitMinutes: null,
            },
          });
          const c = openTestCabinet({
            journalPath: tmp.path,
            config,
            random: deterministicRandom(seed),
            clock: () => new Date(t),
          });
          try {
            fund(c, 5_000, 4);
            let net = 0;
            let stakes = 0;
            for (const step of plan) {
              t += step.minutes * 60_000;
              c.reviewSession();
              const session = c.snapshot().session!;
              for (let i = 0; i < step.chips; i++) c.placeChip(step.spot, 100);
              const limitReachedBefore = session.limitReached !== null;
              try {
                const r = c.deal();
                expect(limitReachedBefore).toBe(false);
                net += r.creditsAfterMinor - r.creditsBeforeMinor;
                stakes += step.chips * 100;
              } catch (error) {
                if (!(error instanceof CabinetError) || error.code !== 'session-limit') throw error;
                c.clearBets();
              }
              const now = c.snapshot().session!;
              expect(now.netMinor).toBe(net);
              expect(now.totalBetMinor).toBe(stakes);
              // A round is never started that could take the loss past the limit.
              expect(-now.netMinor).toBeLessThanOrEqual(lossLimit);
            }
          } finally {
            c.close();
            tmp.cleanup();
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
