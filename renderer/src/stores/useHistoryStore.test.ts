import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { CabinetBridge } from '../../../electron/ipc/contract.ts';
import { createInProcessBridge, type InProcessCabinet } from '../../../electron/testing/in-process-bridge.ts';

/** The real cabinet over a real journal behind the bridge. */
let real: InProcessCabinet;
let bridge: CabinetBridge;
vi.mock('../bridge/index.ts', () => ({ connectBridge: async () => bridge }));
const { useCabinetStore } = await import('./useCabinetStore.ts');
const { useHistoryStore } = await import('./useHistoryStore.ts');

function start(config: Parameters<typeof createInProcessBridge>[0] = {}) {
  real = createInProcessBridge({ seed: 20261201, ...config });
  bridge = real.bridge;
}

/** Plays `count` rounds of 1.00 on Banker on the cabinet itself. */
function play(count: number): void {
  for (let i = 0; i < count; i++) {
    real.cabinet.placeChip('banker', 100);
    real.cabinet.deal();
  }
}

beforeEach(() => setActivePinia(createPinia()));
afterEach(() => real.close());

describe('the history page on the screen is main’s answer', () => {
  it('shows the page asked for, newest first, with the total for the pager', async () => {
    start();
    real.insertNote(3);
    play(11);
    await useCabinetStore().init();
    const history = useHistoryStore();
    await history.show(1, 8);
    expect(history.pageIndex).toBe(1);
    expect(history.page).toMatchObject({ hidden: null, total: 11, offset: 8 });
    expect(history.page?.entries.map((e) => (e.kind === 'played' ? e.round.roundId : null))).toEqual([3, 2, 1]);
  });

  it('a page that no longer exists shows the last one that does', async () => {
    start();
    real.insertNote(3);
    play(5);
    await useCabinetStore().init();
    const history = useHistoryStore();
    await history.show(4, 2);
    expect(history.pageIndex).toBe(2);
    expect(history.page?.entries.map((e) => (e.kind === 'played' ? e.round.roundId : null))).toEqual([1]);
  });

  it('the later of two requests decides what is shown, even when the earlier answer comes last', async () => {
    start();
    real.insertNote(3);
    play(5);
    // The first history answer is held back until the second one has arrived.
    const inner = bridge;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let armed = false;
    bridge = {
      ...inner,
      invoke: (async (channel: string, request: unknown) => {
        const first = armed && channel === 'history:list';
        if (first) armed = false;
        const answer = await inner.invoke(channel as never, request as never);
        if (first) await held;
        return answer;
      }) as CabinetBridge['invoke'],
    };
    setActivePinia(createPinia());
    await useCabinetStore().init();
    const history = useHistoryStore();
    armed = true;
    const earlier = history.show(2, 2);
    await history.show(0, 2);
    release();
    await earlier;
    expect(history.pageIndex).toBe(0);
    expect(history.page?.entries.map((e) => (e.kind === 'played' ? e.round.roundId : null))).toEqual([5, 4]);
  });

  it('in demo mode the page is empty and says why', async () => {
    start({ config: { demoMode: true } });
    play(2);
    await useCabinetStore().init();
    const history = useHistoryStore();
    await history.show(0, 8);
    expect(history.page).toEqual({ hidden: 'demo-mode', entries: [], offset: 0, total: 0 });
  });
});
