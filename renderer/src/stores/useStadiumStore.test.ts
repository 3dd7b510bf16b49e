import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { nextTick } from 'vue';
import type { Card } from '../../../electron/core/cards/card.ts';
import { outcomeOfDeal } from '../../../electron/core/engine/stated-deal.ts';
import type { CabinetSnapshot } from '../../../electron/core/cabinet/cabinet-api.ts';
import type { StadiumView } from '../../../electron/core/model/stadium-terminal.ts';
import type { CabinetBridge, Channel, IpcResult, PushEvent } from '../../../electron/ipc/contract.ts';
import { createInProcessBridge, type InProcessCabinet } from '../../../electron/testing/in-process-bridge.ts';

/**
 * A real cabinet behind the bridge, its snapshots carrying the StadiumView `stadium` holds (null: it plays alone),
 * as main's stadium core will send them. At a shared table round:skip sets the view's `skipping`, and round:rebet
 * lays the last layout without dealing, as main's stadium core answers them.
 */
let real: InProcessCabinet;
let bridge: CabinetBridge;
let stadium: StadiumView | null;
const sent: Channel[] = [];
vi.mock('../bridge/index.ts', () => ({ connectBridge: async () => bridge }));

const { useCabinetStore } = await import('./useCabinetStore.ts');
const { useRoundStore } = await import('./useRoundStore.ts');
const { useStadiumStore } = await import('./useStadiumStore.ts');

const isSnapshot = (v: unknown): v is CabinetSnapshot => typeof v === 'object' && v !== null && 'tableBets' in v;
const withView = (s: CabinetSnapshot): CabinetSnapshot => ({ ...s, stadium });

const OPEN: StadiumView = {
  broker: 'nats://127.0.0.1:4222',
  table: 'T1',
  link: 'connected',
  round: 3,
  window: 'open',
  closesInMs: 20_000,
  skipping: false,
  terminals: 3,
  lockedRound: null,
  lastConcludedRound: 2,
  lagMs: 12,
  sitOut: null,
  rebetQueued: false,
  lastResult: null,
  terminalId: 't0123456789abcdef',
};

/** A shared table's REBET as main's stadium core does it: the last layout on the felt, nothing dealt. */
async function layLastBets(multiplier: 1 | 2): Promise<IpcResult<CabinetSnapshot>> {
  const last = await real.bridge.invoke('cabinet:snapshot', {});
  for (const [spot, minor] of Object.entries(last.ok ? (last.value.rebetBets ?? {}) : {}))
    for (let i = 0; i < multiplier; i++)
      await real.bridge.invoke('bets:place', { spot: spot as 'player' | 'banker' | 'tie', chipMinor: minor });
  return real.bridge.invoke('cabinet:snapshot', {});
}

beforeEach(() => {
  setActivePinia(createPinia());
  vi.useFakeTimers();
  real = createInProcessBridge({ seed: 20261207 });
  sent.length = 0;
  stadium = OPEN;
  bridge = {
    invoke: async (channel, request) => {
      sent.push(channel);
      if (channel === 'round:skip') {
        stadium = stadium && { ...stadium, skipping: (request as { skip: boolean }).skip };
        const s = await real.bridge.invoke('cabinet:snapshot', {});
        return (s.ok ? { ok: true, value: withView(s.value) } : s) as IpcResult<never>;
      }
      const answer =
        channel === 'round:rebet' && stadium
          ? await layLastBets((request as { multiplier: 1 | 2 }).multiplier)
          : await real.bridge.invoke(channel, request);
      return (answer.ok && isSnapshot(answer.value) ? { ok: true, value: withView(answer.value) } : answer) as never;
    },
    onEvent: (listener) =>
      real.bridge.onEvent((e: PushEvent) =>
        listener(e.type === 'state' ? { ...e, snapshot: withView(e.snapshot) } : e),
      ),
  };
});
afterEach(() => {
  vi.useRealTimers();
  real.close();
});

/** A cabinet with credit and a settled round to repeat; `stadium` is set after it, as the test asks. */
async function afterOneRound(view: StadiumView | null): Promise<ReturnType<typeof useCabinetStore>> {
  stadium = null;
  const cabinet = useCabinetStore();
  await cabinet.init();
  real.insertNote(3); // 20.00
  await cabinet.placeBet('player', 500, false);
  await cabinet.deal();
  vi.runAllTimers(); // the replay of the cards and the result
  stadium = view;
  const now = await real.bridge.invoke('cabinet:snapshot', {});
  if (!now.ok) throw new Error(now.error.message);
  cabinet.adopt(withView(now.value));
  sent.length = 0;
  return cabinet;
}

describe('at a shared table the table deals: DEAL is not offered, REBET lays the layout, SKIP ROUND toggles', () => {
  it('DEAL (and Space) do nothing with chips on the felt, and never ask main to deal', async () => {
    const cabinet = useCabinetStore();
    await cabinet.init();
    real.insertNote(3);
    await cabinet.placeBet('banker', 500, false);
    expect(cabinet.tableTotalMinor).toBe(500);
    expect(cabinet.dealAction).toBeNull();
    await cabinet.dealOrRebet();
    expect(sent).not.toContain('round:deal');
  });

  it('REBET lays the last layout on the felt and deals nothing: no cards, no held meters', async () => {
    const cabinet = await afterOneRound(OPEN);
    const round = useRoundStore();
    await cabinet.rebet(1);
    expect(sent).toEqual(['round:rebet', 'cabinet:snapshot']);
    expect(cabinet.snapshot?.tableBets).toEqual({ player: 500 });
    expect(round.hold).toBeNull();
    expect(round.stage).toBe('none');
  });

  it('SKIP ROUND asks main and shows what main answers, both ways', async () => {
    const cabinet = useCabinetStore();
    await cabinet.init();
    const table = useStadiumStore();
    await table.skipRound(true);
    expect(sent).toContain('round:skip');
    expect(table.view?.skipping).toBe(true);
    expect(table.scene).toMatchObject({ kind: 'open', skipping: true });
    await table.skipRound(false);
    expect(table.view?.skipping).toBe(false);
  });

  it('the countdown starts from the snapshot main sends, on this page’s clock', async () => {
    const cabinet = useCabinetStore();
    await cabinet.init();
    const table = useStadiumStore();
    expect(table.scene).toMatchObject({ kind: 'open', seconds: 20 });
    vi.advanceTimersByTime(15_000);
    expect(table.scene).toMatchObject({ kind: 'open', seconds: 5, urgent: true });
  });
});

describe('a cabinet that plays alone is exactly as before', () => {
  it('no stadium scene, DEAL deals the felt, REBET deals the last layout', async () => {
    stadium = null;
    const cabinet = useCabinetStore();
    await cabinet.init();
    real.insertNote(3);
    await cabinet.placeBet('banker', 500, false);
    expect(useStadiumStore().scene).toEqual({ kind: 'alone' });
    expect(cabinet.dealAction).toBe('deal');
    const again = await afterOneRound(null);
    await again.rebet(1);
    expect(sent).toEqual(['round:rebet']);
  });
});

/** Table round `round` concluded here with a result; `roundId` is this terminal's round in it, null when it had no bets. */
function concluded(round: number, roundId: number | null, sitOut: StadiumView['sitOut'] = null): StadiumView {
  const cards = [c('2', 'H'), c('A', 'S'), c('2', 'D'), c('2', 'C'), c('5', 'S'), c('K', 'H')];
  return {
    ...OPEN,
    round: round + 1,
    lastConcludedRound: round,
    lastResult: { round, cards, outcome: outcomeOfDeal(cards), roundId, sitOut },
  };
}
const c = (rank: Card['rank'], suit: Card['suit']): Card => ({ rank, suit });
/** Long enough for any reveal; the countdown's tick keeps running, so the timers never all run out. */
const revealed = (): void => void vi.advanceTimersByTime(10_000);

/** Main sends a state event carrying `view`, as after a conclusion or an open. */
async function mainSays(cabinet: ReturnType<typeof useCabinetStore>, next: StadiumView | null): Promise<void> {
  stadium = next;
  const now = await real.bridge.invoke('cabinet:snapshot', {});
  if (!now.ok) throw new Error(now.error.message);
  cabinet.adopt(withView(now.value));
  await nextTick();
}

describe('a stadium terminal shows the table round it sat out: the cards and the result, no money', () => {
  it('a round it had no bets in is revealed with the table’s cards and result, saying so, and no meter moves', async () => {
    const cabinet = useCabinetStore();
    await cabinet.init();
    real.insertNote(3);
    const round = useRoundStore();
    useStadiumStore();
    await nextTick();
    const credits = cabinet.shownCredits;
    await mainSays(cabinet, concluded(3, null, 'skipped'));
    expect(round.stage).toBe('dealing');
    expect(round.hold).toBeNull();
    revealed();
    expect(round.stage).toBe('result');
    expect(round.satOut).toMatchObject({ round: 3, why: 'skipped', outcome: { winner: 'player' } });
    expect(round.shown.player.map((x) => x.rank)).toEqual(['2', '2', '5']);
    expect(round.shown.banker.map((x) => x.rank)).toEqual(['A', '2', 'K']);
    // No result of the player's: nothing reads as a win or a loss, and the meters stay as they were.
    expect(round.result).toBeNull();
    expect(cabinet.shownCredits).toBe(credits);
    expect(cabinet.shownTotalBet).toBe(0);
  });

  it('the same round again is not dealt twice; the first chip of the next layout takes it off the felt', async () => {
    const cabinet = useCabinetStore();
    await cabinet.init();
    real.insertNote(3);
    const round = useRoundStore();
    useStadiumStore();
    await mainSays(cabinet, concluded(3, null, 'no-bets'));
    revealed();
    await mainSays(cabinet, { ...concluded(3, null, 'no-bets'), closesInMs: 9_000 });
    expect(round.stage).toBe('result');
    await cabinet.placeBet('banker', 500, false);
    expect(round.satOut).toBeNull();
    expect(round.stage).toBe('none');
  });

  it('a round sat out holds no bet up: a chip while its cards are still coming is taken and clears the felt', async () => {
    const cabinet = useCabinetStore();
    await cabinet.init();
    real.insertNote(3);
    const round = useRoundStore();
    useStadiumStore();
    await mainSays(cabinet, concluded(3, null, 'skipped'));
    expect(round.stage).toBe('dealing');
    expect(cabinet.controlsLocked).toBe(false);
    await cabinet.placeBet('banker', 500, false);
    expect(cabinet.snapshot?.tableBets).toEqual({ banker: 500 });
    expect(round.satOut).toBeNull();
    revealed();
    expect(round.shown).toEqual({ player: [], banker: [] });
    expect(round.stage).toBe('none');
  });

  it('a round it played is shown from its own record alone, and replaces a round sat out on the felt', async () => {
    const cabinet = useCabinetStore();
    await cabinet.init();
    real.insertNote(3);
    const round = useRoundStore();
    useStadiumStore();
    await mainSays(cabinet, concluded(3, null, 'skipped'));
    revealed();
    await cabinet.placeBet('player', 500, false);
    await cabinet.deal(); // the round flow's record, as main sends it for a round settled from the table's result
    expect(round.satOut).toBeNull();
    revealed();
    await mainSays(cabinet, concluded(4, 1));
    revealed();
    expect(round.satOut).toBeNull();
    expect(round.round?.roundId).toBe(1);
  });

  it('a newer round sat out takes the older one’s place; a later round concluded without a result leaves it', async () => {
    const cabinet = useCabinetStore();
    await cabinet.init();
    const round = useRoundStore();
    useStadiumStore();
    await mainSays(cabinet, concluded(3, null, 'skipped'));
    revealed();
    await mainSays(cabinet, concluded(4, null, 'below-spot-min'));
    revealed();
    expect(round.satOut).toMatchObject({ round: 4, why: 'below-spot-min' });
    await mainSays(cabinet, { ...concluded(4, null), lastConcludedRound: 5 });
    expect(round.satOut).toMatchObject({ round: 4 });
    expect(round.stage).toBe('result');
  });

  it('a page loaded after a round it sat out lays that round on the felt at once, without a deal', async () => {
    stadium = concluded(7, null, null);
    const cabinet = useCabinetStore();
    await cabinet.init();
    const round = useRoundStore();
    useStadiumStore();
    await nextTick();
    expect(round.stage).toBe('result');
    expect(round.satOut).toMatchObject({ round: 7, why: null });
    expect(round.shown.player).toHaveLength(3);
  });
});
