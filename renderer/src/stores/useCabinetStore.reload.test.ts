import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { CabinetBridge } from '../../../electron/ipc/contract.ts';
import { createInProcessBridge, type InProcessCabinet } from '../../../electron/testing/in-process-bridge.ts';

/** The real cabinet behind the bridge; a "reload" is a fresh set of stores connecting to the same cabinet. */
let real: InProcessCabinet;
let bridge: CabinetBridge;
vi.mock('../bridge/index.ts', () => ({ connectBridge: async () => bridge }));
const { useCabinetStore } = await import('./useCabinetStore.ts');
const { useRoundStore } = await import('./useRoundStore.ts');

beforeEach(() => {
  setActivePinia(createPinia());
  vi.useFakeTimers();
  real = createInProcessBridge({ seed: 20261201 });
  bridge = real.bridge;
});
afterEach(() => {
  vi.useRealTimers();
  real.close();
});

/** The screen reloads (a reload, a renderer crash): new stores, the same cabinet. */
async function reload(): Promise<{
  cabinet: ReturnType<typeof useCabinetStore>;
  round: ReturnType<typeof useRoundStore>;
}> {
  setActivePinia(createPinia());
  const cabinet = useCabinetStore();
  await cabinet.init();
  return { cabinet, round: useRoundStore() };
}

describe('after a reload the table shows the round the credit meter already counts', () => {
  it('a reload in the middle of the reveal shows the settled round whole, with main credit and result', async () => {
    const cabinet = useCabinetStore();
    await cabinet.init();
    real.insertNote(3);
    await cabinet.placeBet('banker', 500, false);
    await cabinet.deal();
    expect(useRoundStore().stage).toBe('dealing');

    const after = await reload();
    const recorded = real.cabinet.snapshot().lastRound!;
    expect(after.round.stage).toBe('result');
    expect(after.round.round?.roundId).toBe(recorded.roundId);
    expect(after.round.shown.player).toEqual(recorded.outcome!.player.cards);
    expect(after.round.shown.banker).toEqual(recorded.outcome!.banker.cards);
    expect(after.round.result).not.toBeNull();
    expect(after.cabinet.shownCredits).toBe(real.cabinet.snapshot().creditsMinor);
    expect(after.cabinet.shownBets).toEqual({ banker: 500 });
  });

  it('a reload over chips for the next round shows those chips, not the old round', async () => {
    const cabinet = useCabinetStore();
    await cabinet.init();
    real.insertNote(3);
    await cabinet.placeBet('player', 500, false);
    await cabinet.deal();
    vi.runAllTimers();
    await cabinet.placeBet('tie', 500, false);

    const after = await reload();
    expect(after.round.stage).toBe('none');
    expect(after.cabinet.shownBets).toEqual({ tie: 500 });
  });
});

describe('a lock screen is the only dialog', () => {
  it('an open door is a lock until the door is shut', async () => {
    const cabinet = useCabinetStore();
    await cabinet.init();
    expect(cabinet.lockUp).toBe(false);
    real.cabinet.setDoorOpen(true);
    expect(cabinet.lockUp).toBe(true);
    real.cabinet.setDoorOpen(false);
    expect(cabinet.lockUp).toBe(false);
  });

  it('CASH OUT names its reason on a demo cabinet and none on a paying one', async () => {
    const cabinet = useCabinetStore();
    await cabinet.init();
    expect(cabinet.cashoutBlockedKey).toBeNull();
    real.close();
    real = createInProcessBridge({ config: { demoMode: true, demoCreditsMinor: 10_000 } });
    bridge = real.bridge;
    const demo = (await reload()).cabinet;
    expect(demo.snapshot?.demo).toBe(true);
    expect(demo.cashoutBlockedKey).toBe('tableFlow.cashoutDemoShort');
  });

  it('the service panel can name every note the bill acceptor takes', async () => {
    const cabinet = useCabinetStore();
    await cabinet.init();
    const notes = cabinet.snapshot?.billNotes ?? [];
    expect(notes.length).toBeGreaterThan(0);
    for (const n of notes) expect(real.insertNote(n.channel).accepted).toBe(true);
  });
});
