import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CabinetBridge } from '../../../electron/ipc/contract.ts';
import { createInProcessBridge, type InProcessCabinet } from '../../../electron/testing/in-process-bridge.ts';

let real: InProcessCabinet;
let bridge: CabinetBridge;
vi.mock('../bridge/index.ts', () => ({ connectBridge: async () => bridge }));
const { useCabinetStore } = await import('./useCabinetStore.ts');
const { useDisplayStore } = await import('./useDisplayStore.ts');
const { useChipStore } = await import('./useChipStore.ts');

beforeEach(() => {
  setActivePinia(createPinia());
  real = createInProcessBridge({ seed: 20261201 });
  bridge = real.bridge;
});

describe('the venue’s settings are redrawn only when they change', () => {
  it('a snapshot with the same display and chips keeps the currency and the chips, so no amount or chip redraws', async () => {
    const cabinet = useCabinetStore();
    const display = useDisplayStore();
    const chips = useChipStore();
    await cabinet.init();
    const currency = display.currency;
    const denominations = chips.denominations;
    const snapshotBefore = cabinet.snapshot;
    real.insertNote(5); // a new snapshot: more credits, the same venue settings
    await vi.waitFor(() => expect(cabinet.snapshot?.availableMinor).toBe(10_000));
    expect(cabinet.snapshot).not.toBe(snapshotBefore);
    expect(display.currency).toBe(currency);
    expect(chips.denominations).toBe(denominations);
  });
});
