import { describe, expect, it } from 'vitest';
import { compareRuns, readReportedFigures, type LastRun } from './figures.ts';

const run = (figures: LastRun['benches'][string]['figures']): LastRun => ({
  date: '2026-12-07T00:00:00Z',
  machine: { cores: 2, cpu: 'test', node: 'v24' },
  benches: { 'cabinet.bench.ts': { cpuInUseBefore: 0.02, seconds: 10, ok: true, figures } },
});

describe('the change since the last bench run', () => {
  it('reads as better or worse by the way the figure improves, beyond the noise', () => {
    const before = run({
      round_p50_ms: { value: 10, unit: 'ms', better: 'lower' },
      rounds_per_s: { value: 100, unit: 'rounds/s', better: 'higher' },
      commit_ms: { value: 1, unit: 'ms', better: 'lower' },
    });
    const now = run({
      round_p50_ms: { value: 2.5, unit: 'ms', better: 'lower', ceiling: 1 },
      rounds_per_s: { value: 80, unit: 'rounds/s', better: 'higher' },
      commit_ms: { value: 1.05, unit: 'ms', better: 'lower' },
      new_figure: { value: 3, unit: 'ms', better: 'lower' },
    });
    const byName = Object.fromEntries(compareRuns(before, now).map((c) => [c.figure, c]));
    expect(byName.round_p50_ms).toMatchObject({ before: 10, now: 2.5, ratio: 0.25, verdict: 'better', ceiling: 1 });
    expect(byName.rounds_per_s).toMatchObject({ ratio: 0.8, verdict: 'worse' });
    expect(byName.commit_ms?.verdict).toBe('same');
    expect(byName.new_figure).toMatchObject({ before: null, ratio: null, verdict: 'new' });
  });

  it('has nothing to compare on a first run', () => {
    expect(compareRuns(null, run({ x: { value: 1, unit: 'ms', better: 'lower' } }))[0]?.verdict).toBe('new');
  });

  it('keeps the last of the figures a bench reported twice', () => {
    const text =
      JSON.stringify({ a: { value: 1, unit: 'ms', better: 'lower' } }) +
      '\n' +
      JSON.stringify({ a: { value: 2, unit: 'ms', better: 'lower' }, b: { value: 3, unit: 'ms', better: 'lower' } }) +
      '\n';
    expect(readReportedFigures(text)).toEqual({
      a: { value: 2, unit: 'ms', better: 'lower' },
      b: { value: 3, unit: 'ms', better: 'lower' },
    });
  });
});
