import { createPinia, setActivePinia } from 'pinia';
import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { effectScope } from 'vue';
import type { CabinetSnapshot } from '../../../electron/core/cabinet/cabinet-api.ts';
import type { RoundRecord } from '../../../electron/core/model/round-record.ts';
import type { RoadOutcome } from '../../../electron/core/roads/road-types.ts';

vi.mock('../bridge/index.ts', () => ({ connectBridge: async () => ({}) }));
const { useCabinetStore } = await import('../stores/useCabinetStore.ts');
const { useRoundStore } = await import('../stores/useRoundStore.ts');
const { useRoads } = await import('./useRoads.ts');

function outcomes(count: number): RoadOutcome[] {
  return Array.from({ length: count }, (_, i) => ({
    roundId: i + 1,
    winner: i % 3 === 0 ? 'player' : 'banker',
    playerTotal: i % 10,
    bankerTotal: (i * 7) % 10,
    playerPair: i % 11 === 0,
    bankerPair: false,
    natural: false,
  }));
}

/** A snapshot as main sends it: a fresh object and a fresh copy of its window every time. */
function snapshotWith(window: readonly RoadOutcome[]): CabinetSnapshot {
  return { roads: window.map((o) => ({ ...o })) } as unknown as CabinetSnapshot;
}

function roadsAtTable() {
  const scope = effectScope();
  const roads = scope.run(() => useRoads())!;
  return { ...roads, stop: () => scope.stop() };
}

/**
 * The roads drawn from `played` rounds, then DEAL in main's order: the round's answer starts its reveal, then the
 * snapshot whose window (at most 60 rounds) already holds it.
 */
function dealAfter(played: number) {
  const cabinet = useCabinetStore();
  const round = useRoundStore();
  cabinet.snapshot = snapshotWith(outcomes(played));
  const table = roadsAtTable();
  const before = table.roads.value;
  round.round = { roundId: played + 1 } as RoundRecord;
  round.stage = 'dealing';
  cabinet.snapshot = snapshotWith(outcomes(played + 1).slice(-60));
  return { ...table, before, round };
}

beforeEach(() => setActivePinia(createPinia()));

describe('the roads at the table redraw only when their rounds change', () => {
  it('a snapshot bringing the same rounds again leaves the roads as they were', () => {
    const cabinet = useCabinetStore();
    cabinet.snapshot = snapshotWith(outcomes(60));
    const { roads, stop } = roadsAtTable();
    const before = roads.value;
    cabinet.snapshot = snapshotWith(outcomes(60));
    expect(roads.value).toBe(before);
    stop();
  });

  // 40 rounds: main's window grows by the new round. 60 (main keeps 60): its answer to DEAL holds rounds 2 to 61, the
  // oldest dropped for the one on its way to the felt.
  it.each([
    [40, 41],
    [60, 60],
  ])(
    'after %i rounds the round being revealed is held back without redrawing the roads, and added once its result shows',
    (played, drawnAfter) => {
      const { roads, before, round, stop } = dealAfter(played);
      expect(roads.value).toBe(before);
      round.stage = 'result';
      expect(roads.value).not.toBe(before);
      expect(roads.value.beadPlate.length).toBe(drawnAfter);
      expect(roads.value.beadPlate.at(-1)?.outcome.roundId).toBe(played + 1);
      stop();
    },
  );

  it('whatever the window holds, the reveal of the next round never redraws the roads', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), (played) => {
        setActivePinia(createPinia());
        const { roads, before, stop } = dealAfter(played);
        const during = roads.value;
        stop();
        return during === before;
      }),
    );
  });
});
