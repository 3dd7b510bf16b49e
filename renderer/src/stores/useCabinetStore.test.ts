import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { CabinetBridge, Channel, PushEvent } from '../../../electron/ipc/contract.ts';
import { createInProcessBridge, type InProcessCabinet } from '../../../electron/testing/in-process-bridge.ts';

/** The real cabinet behind the bridge the store connects to; `deliver` holds push events back when asked. */
let real: InProcessCabinet;
let bridge: CabinetBridge;
const sent: Channel[] = [];
let held: PushEvent[] | null = null;
let storeListener: ((event: PushEvent) => void) | null = null;
vi.mock('../bridge/index.ts', () => ({ connectBridge: async () => bridge }));

const { useCabinetStore } = await import('./useCabinetStore.ts');
const { useRoundStore } = await import('./useRoundStore.ts');
const { useUiStore } = await import('./useUiStore.ts');

function connect(): void {
  real = createInProcessBridge({ seed: 20261201 });
  sent.length = 0;
  held = null;
  bridge = {
    invoke: (channel, request) => {
      sent.push(channel);
      return real.bridge.invoke(channel, request);
    },
    onEvent: (listener) => {
      storeListener = listener;
      return real.bridge.onEvent((event) => (held ? held.push(event) : listener(event)));
    },
  };
}

/** Lets a test hand the store main's push events one at a time. */
function holdEvents(): PushEvent[] {
  held = [];
  return held;
}
function deliver(event: PushEvent | undefined): void {
  if (!event) throw new Error('no event to deliver');
  storeListener?.(event);
}

beforeEach(() => {
  setActivePinia(createPinia());
  vi.useFakeTimers();
  connect();
});
afterEach(() => {
  vi.useRealTimers();
  real.close();
});

describe('the renderer never works out a balance', () => {
  it('a bill-credited push alone changes no meter; the state snapshot main sends with it does', async () => {
    const cabinet = useCabinetStore();
    await cabinet.init();
    expect(cabinet.shownCredits).toBe(0);
    const events = holdEvents();

    real.insertNote(2); // a 10.00 note, credited by the cabinet
    expect(events.map((e) => e.type)).toEqual(['bill-credited', 'state']);
    const before = cabinet.snapshot;
    deliver(events[0]);
    expect(cabinet.snapshot).toBe(before);
    expect(cabinet.shownCredits).toBe(0);

    deliver(events[1]);
    expect(cabinet.shownCredits).toBe(1_000);
    expect(cabinet.snapshot?.availableMinor).toBe(1_000);
  });
});

describe('REBET is offered by one rule: a settled round to repeat, and a free table', () => {
  async function settledRound(): Promise<ReturnType<typeof useCabinetStore>> {
    const cabinet = useCabinetStore();
    await cabinet.init();
    real.insertNote(3); // 20.00
    await cabinet.placeBet('player', 500, false);
    await cabinet.deal();
    vi.runAllTimers(); // the replay of the cards and the result
    return cabinet;
  }

  it('is off before any round, and the rebet action then asks main for nothing', async () => {
    const cabinet = useCabinetStore();
    await cabinet.init();
    real.insertNote(3);
    expect(cabinet.snapshot?.rebetBets).toBeNull();
    expect(cabinet.canRebet).toBe(false);
    await cabinet.rebet(1);
    expect(sent).not.toContain('round:rebet');
    expect(useUiStore().error).toBeNull();
  });

  it('is off while the round is being revealed, on once the result is shown', async () => {
    const cabinet = useCabinetStore();
    const round = useRoundStore();
    await cabinet.init();
    real.insertNote(3);
    await cabinet.placeBet('player', 500, false);
    await cabinet.deal();
    expect(round.stage).toBe('dealing');
    expect(cabinet.canRebet).toBe(false);
    vi.runAllTimers();
    expect(round.stage).toBe('result');
    expect(cabinet.snapshot?.rebetBets).toEqual({ player: 500 });
    expect(cabinet.canRebet).toBe(true);
  });

  it('is off while the cabinet is tilted, and back when the tilt clears', async () => {
    const cabinet = await settledRound();
    real.cabinet.setDoorOpen(true);
    expect(cabinet.activeTilt?.kind).toBe('door-open');
    expect(cabinet.canRebet).toBe(false);
    await cabinet.rebet(1);
    expect(sent).not.toContain('round:rebet');
    real.cabinet.setDoorOpen(false);
    expect(cabinet.canRebet).toBe(true);
  });

  it('REBET ×2 deals the last bets doubled, as main places them', async () => {
    const cabinet = await settledRound();
    const round = useRoundStore();
    await cabinet.rebet(2);
    expect(sent.filter((c) => c === 'round:rebet')).toHaveLength(1);
    expect(round.round?.bets).toEqual({ player: 1_000 });
    vi.runAllTimers();
    expect(cabinet.shownCredits).toBe(cabinet.snapshot?.creditsMinor);
  });
});

describe('the handpay amount comes from main, so a reload still shows it', () => {
  it('a screen loaded after the cash-out shows the amount; the staff paying it clears it', async () => {
    real.insertNote(3);
    // The collect happened before this screen loaded (a reload, or main restarted): it never saw the answer.
    real.cabinet.cashOut();
    const cabinet = useCabinetStore();
    await cabinet.init();
    expect(cabinet.activeTilt?.kind).toBe('handpay-pending');
    expect(cabinet.handpayMinor).toBe(2_000);

    real.cabinet.clearHandpay('attendant');
    expect(cabinet.activeTilt).toBeNull();
    expect(cabinet.handpayMinor).toBeNull();
  });
});
