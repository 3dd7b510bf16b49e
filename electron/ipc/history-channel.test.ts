import { afterEach, describe, expect, it } from 'vitest';
import type { PlayerHistoryPage } from '../core/cabinet/player-history.ts';
import { closeCabinets, fund, setupCabinet } from '../testing/cabinet-harness.ts';
import { testConfig } from '../testing/fixtures.ts';
import { testStaff } from '../testing/memory-staff.ts';
import type { IpcResult } from './contract.ts';
import { createIpcRouter } from './router.ts';

afterEach(closeCabinets);

function value<T>(result: IpcResult<unknown>): T {
  if (!result.ok) throw new Error(`refused: ${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

/** A router over a real cabinet on a real journal, with `rounds` rounds of 1.00 on Banker played. */
function setup(rounds: number, demoMode = false) {
  const h = setupCabinet(testConfig({ demoMode }));
  if (!demoMode) fund(h.cabinet);
  for (let i = 0; i < rounds; i++) {
    h.cabinet.placeChip('banker', 100);
    h.cabinet.deal();
  }
  const { staff } = testStaff({ keyOn: false });
  return { h, router: createIpcRouter(h.cabinet, { staff, paytable: () => ({}) as never }) };
}

describe('history:list pages the real-money history; main bounds every page', () => {
  it('answers a page with the total, so the screen can say "page 2 of 3"', async () => {
    const { router } = setup(5);
    const page = value<PlayerHistoryPage>(await router.handle('history:list', { offset: 2, limit: 2 }));
    expect(page).toMatchObject({ hidden: null, offset: 2, total: 5 });
    expect(page.entries.map((e) => (e.kind === 'played' ? e.round.roundId : null))).toEqual([3, 2]);
  });

  it.each([
    [{ offset: 0 }, /limit/],
    [{ limit: 10 }, /offset/],
    [{ offset: -1, limit: 10 }, /offset/],
    [{ offset: 100, limit: 10 }, /offset/],
    [{ offset: 0, limit: 0 }, /limit/],
    [{ offset: 0, limit: 101 }, /limit/],
    [{ offset: 1.5, limit: 10 }, /offset/],
    [{ offset: 0, limit: 10, demo: true }, /demo/],
  ])('refuses %j with invalid-request naming the field, and changes nothing', async (payload, field) => {
    const { h, router } = setup(2);
    const before = JSON.stringify(h.cabinet.snapshot());
    const result = await router.handle('history:list', payload);
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    expect(result.ok ? '' : result.error.message).toMatch(field);
    expect(JSON.stringify(h.cabinet.snapshot())).toBe(before);
  });

  it('in demo mode answers no rounds and the reason, so a demo player sees no one’s real-money rounds', async () => {
    const { router } = setup(2, true);
    expect(value(await router.handle('history:list', { offset: 0, limit: 10 }))).toEqual({
      hidden: 'demo-mode',
      entries: [],
      offset: 0,
      total: 0,
    });
  });
});
