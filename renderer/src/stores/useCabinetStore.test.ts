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
const { useChipStore } = await import('./useChipStore.ts');

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

describe('the bet flow after a round (docs/rules.md#round-buttons)', () => {
  async function afterRound(): Promise<ReturnType<typeof useCabinetStore>> {
    const cabinet = useCabinetStore();
    await cabinet.init();
    real.insertNote(5); // 100.00
    await cabinet.placeBet('player', 500, false);
    await cabinet.deal();
    vi.runAllTimers();
    return cabinet;
  }

  it('the last layout stays on the felt, dimmed, until the player touches it', async () => {
    const cabinet = await afterRound();
    const round = useRoundStore();
    expect(cabinet.tableTotalMinor).toBe(0);
    expect(round.stage).toBe('result');
    expect(cabinet.shownBets).toEqual({ player: 500 });
    await cabinet.placeBet('banker', 100, false);
    expect(round.stage).toBe('none');
    expect(cabinet.shownBets).toEqual({ banker: 100 });
  });

  it('DEAL on an empty felt after a round repeats the last bets and deals them', async () => {
    const cabinet = await afterRound();
    expect(cabinet.dealAction).toBe('rebet');
    await cabinet.dealOrRebet();
    expect(sent.filter((c) => c === 'round:rebet')).toHaveLength(1);
    expect(useRoundStore().round?.bets).toEqual({ player: 500 });
  });

  it('a REBET the credit cannot cover is off before the tap, and says how much it needs', async () => {
    const cabinet = useCabinetStore();
    await cabinet.init();
    real.insertNote(2); // 10.00
    await cabinet.placeBet('player', 500, false);
    await cabinet.placeBet('banker', 500, false);
    await cabinet.deal();
    vi.runAllTimers();
    // Whatever won, 10.00 came back at most: the same bets twice (20.00) are more than the credit.
    const credit = cabinet.snapshot!.availableMinor;
    expect(credit).toBeLessThan(2_000);
    expect(cabinet.canRebetX2).toBe(false);
    if (credit < 1_000) {
      expect(cabinet.canRebet).toBe(false);
      expect(cabinet.dealAction).toBeNull();
      expect(cabinet.rebetShort).toEqual({ key: 'table.rebetNoCredit', amountMinor: 1_000 });
    } else {
      expect(cabinet.canRebet).toBe(true);
      expect(cabinet.rebetShort).toEqual({ key: 'table.rebetX2NoCredit', amountMinor: 2_000 });
    }
    await cabinet.rebet(2);
    expect(sent).not.toContain('round:rebet');
  });

  it('with chips on the felt REBET is off with its reason, and DEAL plays the felt as it stands', async () => {
    const cabinet = await afterRound();
    await cabinet.placeBet('banker', 100, false);
    expect(cabinet.canRebet).toBe(false);
    expect(cabinet.rebetBlocked).toBe(true);
    await cabinet.rebet(1);
    expect(sent).not.toContain('round:rebet');
    expect(cabinet.dealAction).toBe('deal');
    await cabinet.dealOrRebet();
    expect(sent).not.toContain('round:rebet');
    expect(useRoundStore().round?.bets).toEqual({ banker: 100 });
  });

  it('a DEAL tapped while the chip just placed is still on its way deals that chip, never the last layout', async () => {
    const cabinet = await afterRound();
    holdEvents(); // the screen learns of the chip from main's answer alone
    const placing = cabinet.placeBet('banker', 100, false);
    expect(cabinet.tableTotalMinor).toBe(0); // main has not answered yet
    await cabinet.dealOrRebet();
    await placing;
    expect(sent).not.toContain('round:rebet');
    expect(useUiStore().error).toBeNull();
    expect(useRoundStore().round?.bets).toEqual({ banker: 100 });
  });

  it('REBET tapped while a chip is on its way to the felt repeats nothing once main holds the chip', async () => {
    const cabinet = await afterRound();
    holdEvents();
    const placing = cabinet.placeBet('tie', 100, false);
    expect(cabinet.canRebet).toBe(true); // main has not answered yet
    await cabinet.rebet(2);
    await placing;
    expect(sent).not.toContain('round:rebet');
    expect(useUiStore().error).toBeNull();
    expect(cabinet.snapshot?.tableBets).toEqual({ tie: 100 });
  });

  it('main itself refuses a rebet over chips on the table, with a code the screen translates, and keeps them', async () => {
    const cabinet = await afterRound();
    await cabinet.placeBet('tie', 100, false);
    const before = cabinet.snapshot;
    const answer = await real.bridge.invoke('round:rebet', { multiplier: 2 });
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.error.code).toBe('rebet-needs-empty-table');
    expect(real.cabinet.snapshot().tableBets).toEqual(before?.tableBets);
    expect(real.cabinet.snapshot().creditsMinor).toBe(before?.creditsMinor);
  });
});

describe('limits are visible before they bite (docs/rules.md#chips-and-bets)', () => {
  it('a bet below its spot minimum is named with the minimum, and DEAL waits until it reaches it', async () => {
    const cabinet = useCabinetStore();
    await cabinet.init();
    real.insertNote(3);
    await cabinet.placeBet('player', 50, false);
    expect(cabinet.belowMinimum).toEqual({ player: 100 });
    expect(cabinet.dealAction).toBeNull();
    await cabinet.dealOrRebet();
    expect(sent).not.toContain('round:deal');
    await cabinet.placeBet('player', 50, false);
    expect(cabinet.belowMinimum).toEqual({});
    expect(cabinet.dealAction).toBe('deal');
  });

  it('the rail starts on the smallest chip that meets every spot minimum', async () => {
    const cabinet = useCabinetStore();
    await cabinet.init();
    const chips = useChipStore();
    expect(cabinet.snapshot?.limits.spots.player.minMinor).toBe(100);
    expect(chips.activeChip).toBe(100);
  });

  it('a refusal in the banner goes at the next request', async () => {
    const cabinet = useCabinetStore();
    await cabinet.init();
    await cabinet.undo(); // nothing to undo: refused
    expect(useUiStore().error?.error.code).toBe('nothing-to-undo');
    real.insertNote(3);
    await cabinet.placeBet('player', 100, false);
    expect(useUiStore().error).toBeNull();
  });
});

describe('taking chips off a spot (docs/rules.md#chips-and-bets)', () => {
  it('a right click takes off the chip placed there last, not the active one', async () => {
    const cabinet = useCabinetStore();
    await cabinet.init();
    real.insertNote(5);
    await cabinet.placeBet('player', 500, false);
    await cabinet.placeBet('player', 100, false);
    await cabinet.removeBet('player');
    expect(cabinet.snapshot?.tableBets).toEqual({ player: 500 });
    await cabinet.removeBet('player');
    expect(cabinet.snapshot?.tableBets).toEqual({});
  });

  it('the eraser takes the whole bet off the spot it touches, also one above the largest chip', async () => {
    const cabinet = useCabinetStore();
    await cabinet.init();
    real.insertNote(5); // 100.00
    real.insertNote(5);
    for (let i = 0; i < 6; i++) await cabinet.placeBet('banker', 2_500, false);
    await cabinet.placeBet('player', 100, false);
    expect(cabinet.snapshot?.tableBets).toEqual({ banker: 15_000, player: 100 });
    await cabinet.placeBet('banker', 100, true);
    expect(cabinet.snapshot?.tableBets).toEqual({ player: 100 });
  });
});

describe('the first screen waits on no paytable analysis', () => {
  it('connecting asks main for the table but not for the paytable', async () => {
    const cabinet = useCabinetStore();
    await cabinet.init();
    expect(sent).toContain('cabinet:snapshot');
    expect(sent).not.toContain('paytable:get');
    expect(cabinet.paytable).toBeNull();
  });

  it('the paytable is asked for when a screen shows it, with the figures of the running profile', async () => {
    const cabinet = useCabinetStore();
    await cabinet.init();
    await cabinet.loadPaytable();
    expect(sent.filter((channel) => channel === 'paytable:get')).toHaveLength(1);
    expect(cabinet.paytable?.profileId).toBe(real.cabinet.snapshot().profile.id);
  });
});
