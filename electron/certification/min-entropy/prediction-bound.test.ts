import { describe, expect, it } from 'vitest';
import { lnNoRunProbability, predictorMinEntropy } from './prediction-bound.ts';

// Reference outputs of NIST's SP800-90B_EntropyAssessment (its self-test results for one million
// samples): the counts C, N and r of a predictor, and the P_global', P_local and min-entropy it reports.
describe('the predictors’ min-entropy bound (SP 800-90B §6.3.7–§6.3.10)', () => {
  it('P_local decides when the longest run is long: Lag on biased bytes (C = 639,881 of 999,999, r = 53)', () => {
    const { minEntropy, details } = predictorMinEntropy(
      { predictions: 999_999, correct: 639_881, longestRun: 52 },
      256,
    );
    expect(details.pGlobalPrime).toBeCloseTo(0.64111812806505841, 12);
    expect(details.pLocal).toBeCloseTo(0.72383949597417785, 9);
    expect(minEntropy).toBeCloseTo(0.46625826502784795, 9);
    // P_local is where a run of r has a 1% chance: the no-run probability there is 0.99.
    expect(lnNoRunProbability(details.pLocal!, 53, 999_999)).toBeCloseTo(Math.log(0.99), 9);
  });

  it('P_local decides on a binary sequence too: MultiMCW on biased bits (C = 7,198,538 of 7,999,937, r = 583)', () => {
    const { minEntropy, details } = predictorMinEntropy(
      { predictions: 7_999_937, correct: 7_198_538, longestRun: 582 },
      2,
    );
    expect(details.pLocal).toBeCloseTo(0.9713579012997926, 9);
    expect(minEntropy).toBeCloseTo(0.041925133646315872, 8);
  });

  it('otherwise P_global′ decides: MultiMCW on random bytes (C = 3,779 of 999,937, r = 3)', () => {
    const { minEntropy, details } = predictorMinEntropy({ predictions: 999_937, correct: 3779, longestRun: 2 }, 256);
    expect(details.pGlobalPrime).toBeCloseTo(0.0039372940597956173, 14);
    expect(details.pLocal).toBe(0);
    expect(minEntropy).toBeCloseTo(7.9885798193670183, 12);
  });

  it('never credits more than log2(k), and with no correct prediction P_global′ = 1 − 0.01^(1/N)', () => {
    expect(predictorMinEntropy({ predictions: 1000, correct: 0, longestRun: 0 }, 4).minEntropy).toBe(2);
    const { details } = predictorMinEntropy({ predictions: 1000, correct: 0, longestRun: 0 }, 1024);
    expect(details.pGlobalPrime).toBeCloseTo(1 - 0.01 ** (1 / 1000), 15);
  });
});
