import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CabinetBridge } from '../../../electron/ipc/contract.ts';
import { createInProcessBridge, type InProcessCabinet } from '../../../electron/testing/in-process-bridge.ts';

let real: InProcessCabinet;
let bridge: CabinetBridge;
vi.mock('../bridge/index.ts', () => ({ connectBridge: async () => bridge }));
const { useCabinetStore } = await import('./useCabinetStore.ts');

beforeEach(() => {
  setActivePinia(createPinia());
  real = createInProcessBridge({ seed: 20261201 });
  bridge = real.bridge;
});

/** A table with 100.00 credited and one 1.00 chip on Banker; `before` is the felt's stacks then. */
async function oneChipOnBanker() {
  const cabinet = useCabinetStore();
  await cabinet.init();
  real.insertNote(5);
  await vi.waitFor(() => expect(cabinet.snapshot?.availableMinor).toBe(10_000));
  await cabinet.placeBet('banker', 100, false);
  return { cabinet, before: cabinet.feltStacks };
}

describe('the chips on the felt are redrawn only when they change', () => {
  it('a snapshot that leaves the bets as they were keeps every spot’s stack, so no spot redraws', async () => {
    const { cabinet, before } = await oneChipOnBanker();
    expect(before.banker).toEqual([100]);
    real.insertNote(5); // a new snapshot: more credits, the same bets
    await vi.waitFor(() => expect(cabinet.snapshot?.availableMinor).toBe(19_900));
    expect(cabinet.feltStacks).toBe(before);
  });

  it('a chip more changes that spot’s stack and leaves the others as they were', async () => {
    const { cabinet, before } = await oneChipOnBanker();
    await cabinet.placeBet('player', 100, false);
    expect(cabinet.feltStacks.player).toEqual([100]);
    expect(cabinet.feltStacks.banker).toBe(before.banker);
  });
});
