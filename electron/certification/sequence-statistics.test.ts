import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LagOneTally, RunsTally } from './sequence-statistics.ts';
import { runsTest, serialCorrelationTest } from './statistics.ts';

const bits = fc.array(fc.constantFrom<0 | 1>(0, 1), { minLength: 4, maxLength: 200 });
const smallInts = fc.array(fc.integer({ min: -9, max: 51 }), { minLength: 4, maxLength: 200 });

function runsOf(sequence: readonly (0 | 1)[]): RunsTally {
  const tally = new RunsTally();
  for (const bit of sequence) tally.add(bit);
  return tally;
}

function lagOf(sequence: readonly number[]): LagOneTally {
  const tally = new LagOneTally();
  for (const x of sequence) tally.add(x);
  return tally;
}

const mixed = (s: readonly number[]) => s.some((x) => x !== s[0]);

describe('runs and serial correlation kept as sufficient statistics', () => {
  it('the runs counts give the runs test of the whole sequence', () => {
    fc.assert(
      fc.property(bits.filter(mixed), (sequence) => {
        expect(runsOf(sequence).test('runs')).toEqual(runsTest('runs', sequence));
      }),
    );
  });

  it('the lag-1 sums give the serial correlation of the whole sequence (to rounding)', () => {
    fc.assert(
      fc.property(smallInts.filter(mixed), (sequence) => {
        const fromSums = lagOf(sequence).test('lag');
        const direct = serialCorrelationTest('lag', sequence);
        expect(fromSums.statistic).toBeCloseTo(direct.statistic, 12);
        expect(fromSums.pValue).toBeCloseTo(direct.pValue, 12);
      }),
    );
  });

  it('pieces appended in order give exactly the statistics of the joined sequence, wherever it is cut', () => {
    fc.assert(
      fc.property(bits.filter(mixed), smallInts.filter(mixed), fc.nat(), (bitSeq, intSeq, cut) => {
        const a = cut % (bitSeq.length + 1);
        const runs = runsOf(bitSeq.slice(0, a));
        runs.append(runsOf(bitSeq.slice(a)));
        expect(runs.snapshot()).toEqual(runsOf(bitSeq).snapshot());
        const b = cut % (intSeq.length + 1);
        const lag = lagOf(intSeq.slice(0, b));
        lag.append(lagOf(intSeq.slice(b)));
        expect(lag.snapshot()).toEqual(lagOf(intSeq).snapshot());
        expect(lag.test('lag')).toEqual(lagOf(intSeq).test('lag'));
      }),
    );
  });

  it('a run that continues across the cut is counted once', () => {
    const joined = runsOf([0, 1, 1]);
    joined.append(runsOf([1, 0]));
    expect(joined.snapshot().runs).toBe(3);
  });

  it('refuses sequences the tests cannot judge, saying why', () => {
    expect(() => runsOf([1, 1, 1]).test('r')).toThrow(/both values/);
    expect(() => lagOf([3, 3, 3]).test('s')).toThrow(/all values are equal/);
    expect(() => lagOf([1, 2]).test('s')).toThrow(/at least 3 values/);
  });
});
