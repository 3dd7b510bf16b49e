/**
 * SP 800-90B §6.3.1, the Most Common Value estimate: the proportion p̂ of the most common value,
 * raised to its 99% upper confidence bound p_u; min-entropy −log2(p_u).
 */
import type { Estimate, SampleSequence } from './estimate.ts';
import { upperBound } from './normal-bound.ts';

export function mostCommonValue({ samples, k }: SampleSequence): Estimate {
  const length = samples.length;
  const counts = new Float64Array(Math.max(k, 256));
  for (let i = 0; i < length; i++) counts[samples[i]!]!++;
  let mode = 0;
  for (const count of counts) if (count > mode) mode = count;
  const pHat = mode / length;
  const pU = upperBound(pHat, length);
  return {
    name: 'most common value',
    section: '6.3.1',
    minEntropy: -Math.log2(pU),
    details: { mode, pHat, pU },
  };
}
