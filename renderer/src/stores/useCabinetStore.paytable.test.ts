import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { CabinetBridge } from '../../../electron/ipc/contract.ts';
import { createInProcessBridge, type InProcessCabinet } from '../../../electron/testing/in-process-bridge.ts';

/** The real cabinet behind a bridge that remembers every channel the screen asked main for. */
let real: InProcessCabinet;
let asked: string[];
let bridge: CabinetBridge;
vi.mock('../bridge/index.ts', () => ({ connectBridge: async () => bridge }));
const { useCabinetStore } = await import('./useCabinetStore.ts');

beforeEach(() => {
  setActivePinia(createPinia());
  real = createInProcessBridge({ seed: 20261201 });
  asked = [];
  bridge = {
    invoke: (channel, request) => {
      asked.push(channel);
      return real.bridge.invoke(channel, request);
    },
    onEvent: (listener) => real.bridge.onEvent(listener),
  };
});
afterEach(() => real.close());

describe('the first screen waits on no paytable analysis', () => {
  it('connecting asks main for the table but not for the paytable', async () => {
    const cabinet = useCabinetStore();
    await cabinet.init();
    expect(asked).toContain('cabinet:snapshot');
    expect(asked).not.toContain('paytable:get');
    expect(cabinet.paytable).toBeNull();
  });

  it('the paytable is asked for when a screen shows it, with the exact figures main counted', async () => {
    const cabinet = useCabinetStore();
    await cabinet.init();
    await cabinet.loadPaytable();
    expect(asked.filter((channel) => channel === 'paytable:get')).toHaveLength(1);
    expect(cabinet.paytable?.profileId).toBe(real.cabinet.snapshot().profile.id);
  });
});
