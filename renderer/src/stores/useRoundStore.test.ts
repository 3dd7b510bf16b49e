import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { RoundRecord } from '../../../electron/core/model/round-record.ts';
import type { Card } from '../../../electron/core/cards/card.ts';
import type { CabinetBridge } from '../../../electron/ipc/contract.ts';
import { createInProcessBridge, type InProcessCabinet } from '../../../electron/testing/in-process-bridge.ts';

/** Tests of the meters use the real cabinet; tests of the replay itself use a small literal record. */
let real: InProcessCabinet | null = null;
let bridge: CabinetBridge;
vi.mock('../bridge/index.ts', () => ({ connectBridge: async () => bridge }));

const { useCabinetStore } = await import('./useCabinetStore.ts');
const { useRoundStore } = await import('./useRoundStore.ts');
const { finishedRound, winMeter } = await import('../format/win-meter.ts');

/** A cabinet with credits from a real note, connected to the stores. */
async function realCabinet(): Promise<ReturnType<typeof useCabinetStore>> {
  real = createInProcessBridge({ seed: 4 });
  bridge = real.bridge;
  const cabinet = useCabinetStore();
  await cabinet.init();
  real.insertNote(5); // 100.00
  return cabinet;
}

const c = (rank: Card['rank'], suit: Card['suit']): Card => ({ rank, suit });
const P = [c('3', 'H'), c('2', 'C'), c('4', 'S')];
const B = [c('K', 'S'), c('5', 'D'), c('Q', 'H')];

function record(over: Partial<RoundRecord> = {}): RoundRecord {
  return {
    roundId: 7,
    status: 'settled',
    demo: false,
    bets: { player: 1000, tie: 100 },
    cards: [P[0]!, B[0]!, P[1]!, B[1]!, P[2]!, B[2]!],
    outcome: {
      player: { cards: P, total: 9 },
      banker: { cards: B, total: 5 },
      winner: 'player',
      natural: false,
      playerPair: false,
      bankerPair: false,
      dealOrder: [P[0]!, B[0]!, P[1]!, B[1]!, P[2]!, B[2]!],
    },
    returns: { player: 2000 },
    creditsBeforeMinor: 50000,
    creditsAfterMinor: 50900,
    startedAt: '2026-12-01T00:00:00Z',
    endedAt: '2026-12-01T00:00:01Z',
    refundedMinor: 0,
    voidCode: null,
    ...over,
  };
}

beforeEach(() => {
  setActivePinia(createPinia());
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  real?.close();
  real = null;
});

describe('the renderer replays what main recorded and never tells the result early', () => {
  it('holds the credit meter at the pre-round value until the last card and the result are shown', async () => {
    const cabinet = await realCabinet();
    const round = useRoundStore();
    await cabinet.placeBet('banker', 500, false);
    await cabinet.placeBet('banker', 500, false);
    await cabinet.placeBet('tie', 100, false);
    await cabinet.deal();
    const settled = cabinet.snapshot!; // main has already settled the round
    expect(round.round?.status).toBe('settled');
    expect(round.stage).toBe('dealing');
    expect(cabinet.shownCredits).toBe(10_000 - 1_100); // debited, not yet paid
    expect(cabinet.shownTotalBet).toBe(1_100); // the stake on the felt while its cards are revealed
    expect(cabinet.shownWinMeter).toMatchObject({ outcomeClass: 'none', amountMinor: 0 });
    expect(round.shown.player).toEqual([]);
    vi.runAllTimers();
    expect(round.stage).toBe('result');
    expect(cabinet.shownCredits).toBe(settled.creditsMinor);
    expect(cabinet.shownWinMeter).toEqual(winMeter(finishedRound(settled.lastRound)));
    expect(round.shown.player).toEqual(round.round?.outcome?.player.cards);
  });

  it('reveals the cards exactly as recorded, Player’s third before Banker’s', () => {
    const round = useRoundStore();
    const order: string[] = [];
    round.$subscribe(() => order.push(`${round.shown.player.length}/${round.shown.banker.length}`), { flush: 'sync' });
    round.show(record());
    vi.runAllTimers();
    expect(round.shown.player).toEqual(P);
    expect(round.shown.banker).toEqual(B);
    const steps = order.filter((s, i) => s !== order[i - 1]);
    expect(steps).toEqual(['0/0', '1/0', '1/1', '2/1', '2/2', '3/2', '3/3']);
  });

  it('shows a round once even when the answer and the push event both deliver it', () => {
    const round = useRoundStore();
    round.show(record({ status: 'in-progress' }));
    vi.advanceTimersByTime(0);
    round.show(record());
    expect(round.round?.status).toBe('settled');
    vi.runAllTimers();
    expect(round.shown.player).toHaveLength(3);
  });

  it('a voided round stops the replay and opens the void screen with the refund', () => {
    const round = useRoundStore();
    round.show(record());
    round.showVoid(record({ status: 'voided', outcome: null, refundedMinor: 1100 }));
    expect(round.voided?.refundedMinor).toBe(1100);
    expect(round.stage).toBe('none');
    expect(round.hold).toBeNull();
  });

  it('spots show the round’s bets after settlement, until NEW BET clears the felt; TOTAL BET shows 0 at once', async () => {
    const cabinet = await realCabinet();
    await cabinet.placeBet('player', 500, false);
    await cabinet.placeBet('player', 500, false);
    await cabinet.placeBet('tie', 100, false);
    await cabinet.deal();
    vi.runAllTimers();
    expect(useRoundStore().stage).toBe('result');
    expect(cabinet.snapshot?.tableBets).toEqual({}); // main's table is empty after the round
    expect(cabinet.shownBets).toEqual({ player: 1_000, tie: 100 });
    // The bets were collected: the dimmed last layout is not a stake, so TOTAL BET follows the table.
    expect(cabinet.shownTotalBet).toBe(0);
    await cabinet.newBet();
    expect(cabinet.shownBets).toEqual({});
  });
});

describe('a round voided by start-up recovery is shown once (snapshot.lastRound)', () => {
  it('opens the void screen for an unseen voided last round, and not again after OK', () => {
    const store: Record<string, string> = {};
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store[k] ?? null,
      setItem: (k: string, v: string) => void (store[k] = v),
    });
    const voided = record({
      roundId: 9,
      status: 'voided',
      outcome: null,
      refundedMinor: 700,
    });
    const round = useRoundStore();
    round.showRecoveredVoid(voided);
    expect(round.voided?.refundedMinor).toBe(700);
    round.dismissVoid();
    setActivePinia(createPinia());
    const again = useRoundStore();
    again.showRecoveredVoid(voided);
    expect(again.voided).toBeNull();
    vi.unstubAllGlobals();
  });
  it('ignores a settled last round', () => {
    const round = useRoundStore();
    round.showRecoveredVoid(record());
    expect(round.voided).toBeNull();
  });
});

describe('the cards still to come wait in their slots from the reveal’s start', () => {
  it('from the start every card of the round is coming, each shown card is the one its slot held, and none is left after', () => {
    const round = useRoundStore();
    round.show(record());
    expect(round.stage).toBe('dealing');
    expect(round.coming).toEqual({ player: P, banker: B });
    for (let step = 0; step < 6; step++) {
      vi.advanceTimersToNextTimer();
      for (const side of ['player', 'banker'] as const) {
        round.shown[side].forEach((card, slot) => expect(card).toEqual(round.coming?.[side][slot]));
      }
    }
    vi.runAllTimers();
    expect(round.stage).toBe('result');
    expect(round.coming).toBeNull();
  });

  it('a voided round leaves nothing waiting', () => {
    const round = useRoundStore();
    round.show(record());
    round.showVoid(record({ status: 'voided', outcome: null, refundedMinor: 1100 }));
    expect(round.coming).toBeNull();
  });
});
