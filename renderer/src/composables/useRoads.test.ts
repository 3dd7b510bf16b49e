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

  it('the round being revealed is held back without redrawing the roads, and added once its result shows', () => {
    const cabinet = useCabinetStore();
    const round = useRoundStore();
    cabinet.snapshot = snapshotWith(outcomes(40));
    const { roads, stop } = roadsAtTable();
    const before = roads.value;
    // DEAL: main's answer already holds round 41 in its window, while the felt starts revealing it.
    round.round = { roundId: 41 } as RoundRecord;
    round.stage = 'dealing';
    cabinet.snapshot = snapshotWith(outcomes(41));
    expect(roads.value).toBe(before);
    round.stage = 'result';
    expect(roads.value).not.toBe(before);
    expect(roads.value.counters.rounds).toBe(41);
    stop();
  });

  it('a full window that drops its oldest round for the one being revealed leaves the roads as they were', () => {
    const cabinet = useCabinetStore();
    const round = useRoundStore();
    cabinet.snapshot = snapshotWith(outcomes(60));
    const { roads, stop } = roadsAtTable();
    const before = roads.value;
    // Main keeps 60 rounds: its answer to DEAL holds rounds 2 to 61, and round 61 is on its way to the felt.
    round.round = { roundId: 61 } as RoundRecord;
    round.stage = 'dealing';
    cabinet.snapshot = snapshotWith(outcomes(61).slice(1));
    expect(roads.value).toBe(before);
    round.stage = 'result';
    expect(roads.value).not.toBe(before);
    expect(roads.value.beadPlate.length).toBe(60);
    stop();
  });

  it('whatever the window holds, the reveal of the next round never redraws the roads', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), (played) => {
        setActivePinia(createPinia());
        const cabinet = useCabinetStore();
        const round = useRoundStore();
        cabinet.snapshot = snapshotWith(outcomes(played));
        const { roads, stop } = roadsAtTable();
        const before = roads.value;
        // Main's order: the round's answer, then the snapshot whose window (at most 60 rounds) holds it.
        round.round = { roundId: played + 1 } as RoundRecord;
        round.stage = 'dealing';
        cabinet.snapshot = snapshotWith(outcomes(played + 1).slice(-60));
        const during = roads.value;
        stop();
        return during === before;
      }),
    );
  });
});
