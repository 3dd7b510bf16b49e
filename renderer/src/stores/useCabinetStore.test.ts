import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { CabinetBridge, PushEvent } from '../../../electron/ipc/contract.ts';
import type { CabinetSnapshot } from '../../../electron/core/cabinet/cabinet-api.ts';

const listeners: Array<(event: PushEvent) => void> = [];
let current: CabinetSnapshot;
const bridge: CabinetBridge = {
  invoke: (async (channel: string) =>
    channel === 'cabinet:snapshot'
      ? { ok: true, value: current }
      : { ok: false, error: { code: 'internal', message: 'x' } }) as CabinetBridge['invoke'],
  onEvent: (listener) => {
    listeners.push(listener);
    return () => undefined;
  },
};
vi.mock('../bridge/index.ts', () => ({ connectBridge: async () => bridge }));

const { useCabinetStore } = await import('./useCabinetStore.ts');

function snapshot(over: Partial<CabinetSnapshot> = {}): CabinetSnapshot {
  return {
    creditsMinor: 1_500,
    demo: false,
    phase: 'betting',
    tableBets: { player: 500 },
    tableTotalMinor: 500,
    availableMinor: 1_000,
    lastWinMinor: 0,
    rebetBets: null,
    tilts: [],
    lastRound: null,
    limits: {
      spots: {
        player: { minMinor: 100, maxMinor: 50_000 },
        banker: { minMinor: 100, maxMinor: 50_000 },
        tie: { minMinor: 100, maxMinor: 10_000 },
      },
      tableMaxMinor: 100_000,
      chipDenominationsMinor: [100, 500],
      creditLimitMinor: 200_000,
      maxWinPerRoundMinor: 500_000,
    },
    profile: { id: 'eight-deck-tie-8-to-1', decks: 8, tiePays: 8, bankerCommissionPercent: 5 },
    devices: [],
    ...over,
  };
}

beforeEach(() => {
  setActivePinia(createPinia());
  listeners.length = 0;
});

describe('the renderer never works out a balance (brief: the renderer never decides a balance)', () => {
  it('a bill-credited push alone changes no meter; the state snapshot main sends with it does', async () => {
    current = snapshot();
    const cabinet = useCabinetStore();
    await cabinet.init();
    expect(cabinet.shownCredits).toBe(1_500);
    const push = (event: PushEvent): void => listeners.forEach((l) => l(event));

    push({ type: 'bill-credited', valueMinor: 1_000, creditsMinor: 2_500 });
    expect(cabinet.snapshot).toEqual(snapshot());

    push({ type: 'state', snapshot: snapshot({ creditsMinor: 2_500, availableMinor: 2_000 }) });
    expect(cabinet.shownCredits).toBe(2_500);
    expect(cabinet.snapshot?.availableMinor).toBe(2_000);
  });
});
