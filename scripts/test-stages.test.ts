import { describe, expect, it } from 'vitest';
import { chooseStages, groupBudgetMin, stageGroups, stageReport, STAGES } from './test-stages.ts';

describe('the stages of npm test', () => {
  it('add up, with a minute for the install, to the twenty-minute budget of a CI run', () => {
    const groups = stageGroups(STAGES);
    expect(1 + groups.reduce((sum, g) => sum + groupBudgetMin(g), 0)).toBe(20);
  });

  it('run lint and types beside the chaos runs, each keeping one core busy, and the rest one after another', () => {
    expect(stageGroups(STAGES).map((g) => g.map((s) => s.key))).toEqual([['static', 'chaos'], ['unit'], ['e2e']]);
    // A stage beside nothing (chosen alone) runs on its own.
    expect(stageGroups(STAGES.filter((s) => s.key === 'chaos')).map((g) => g.map((s) => s.key))).toEqual([['chaos']]);
  });

  it('say the wall-clock time of the whole run when stages ran side by side', () => {
    const report = stageReport(
      [
        { name: 'lint and types', seconds: 70, budgetMin: 2, ok: true },
        { name: 'chaos and RNG', seconds: 75, budgetMin: 2, ok: true },
      ],
      80,
    );
    expect(report).toMatch(/total \(wall clock\) +1:20/);
  });

  it('warn about a stage over its budget without hiding the others', () => {
    const report = stageReport([
      { name: 'unit (Vitest)', seconds: 301, budgetMin: 5, ok: true },
      { name: 'e2e (build, Playwright)', seconds: 539, budgetMin: 9, ok: true },
    ]);
    expect(report).toMatch(/unit \(Vitest\) +5:01 \(budget 5:00\)/);
    expect(report).toContain('WARNING: stage "unit (Vitest)" took 5:01, over its budget of 5:00');
    expect(report).not.toContain('WARNING: stage "e2e');
    expect(report).toMatch(/total +14:00/);
    expect(stageReport([{ name: 'unit (Vitest)', seconds: 59.6, budgetMin: 5, ok: true }])).toMatch(/ 1:00 /);
  });

  it('mark the stage that failed', () => {
    expect(stageReport([{ name: 'chaos and RNG', seconds: 30, budgetMin: 2, ok: false }])).toContain(
      '0:30 (budget 2:00)  FAILED',
    );
  });

  it('run only the stages named, in the suite order, and name the keys on a typo', () => {
    expect((chooseStages(['e2e', 'unit']) as typeof STAGES).map((s) => s.key)).toEqual(['unit', 'e2e']);
    expect(chooseStages(['units'])).toBe('unknown stage "units": the stages are static, chaos, unit, e2e');
  });
});
