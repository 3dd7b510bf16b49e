import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { CabinetSnapshot } from '../../../electron/core/cabinet/cabinet-api.ts';
import type { RoundRecord } from '../../../electron/core/model/round-record.ts';
import type { Card } from '../../../electron/core/cards/card.ts';
import { useCabinetStore } from './useCabinetStore.ts';
import { useRoundStore } from './useRoundStore.ts';

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
    voidReason: null,
    refundedMinor: 0,
    ...over,
  };
}

function snapshot(over: Partial<CabinetSnapshot> = {}): CabinetSnapshot {
  return {
    creditsMinor: 50900,
    demo: false,
    phase: 'idle',
    tableBets: {},
    tableTotalMinor: 0,
    availableMinor: 50900,
    lastWinMinor: 2000,
    rebetBets: { player: 1000, tie: 100 },
    tilts: [],
    lastRound: null,
    limits: {
      spots: {
        player: { minMinor: 100, maxMinor: 100000 },
        banker: { minMinor: 100, maxMinor: 100000 },
        tie: { minMinor: 100, maxMinor: 12500 },
      },
      tableMaxMinor: 200000,
      chipDenominationsMinor: [100, 500],
      creditLimitMinor: 500000,
      maxWinPerRoundMinor: 1000000,
    },
    profile: { id: 'eight-deck-tie-8-to-1', decks: 8, tiePays: 8, bankerCommissionPercent: 5 },
    devices: [],
    ...over,
  };
}

beforeEach(() => {
  setActivePinia(createPinia());
  vi.useFakeTimers();
});

describe('the renderer replays what main recorded and never tells the result early', () => {
  it('holds the credit meter at the pre-round value until the last card and the result are shown', () => {
    const round = useRoundStore();
    const cabinet = useCabinetStore();
    cabinet.snapshot = snapshot(); // main already settled: 50900
    round.show(record());
    expect(round.stage).toBe('dealing');
    expect(cabinet.shownCredits).toBe(50000 - 1100); // debited, not yet paid
    expect(cabinet.shownLastWin).not.toBe(2000);
    expect(round.shown.player).toEqual([]);
    vi.runAllTimers();
    expect(round.stage).toBe('result');
    expect(cabinet.shownCredits).toBe(50900);
    expect(cabinet.shownLastWin).toBe(2000);
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
    round.showVoid(record({ status: 'voided', outcome: null, voidReason: 'RNG stopped', refundedMinor: 1100 }));
    expect(round.voided?.refundedMinor).toBe(1100);
    expect(round.stage).toBe('none');
    expect(round.hold).toBeNull();
  });

  it('spots show the round’s bets after settlement, until NEW BET clears the felt', () => {
    const round = useRoundStore();
    const cabinet = useCabinetStore();
    cabinet.snapshot = snapshot();
    round.show(record());
    vi.runAllTimers();
    expect(cabinet.shownBets).toEqual({ player: 1000, tie: 100 });
    expect(cabinet.shownTotalBet).toBe(1100);
    round.clearTable();
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
      voidReason: 'power lost',
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
