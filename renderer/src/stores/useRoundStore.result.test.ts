import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { Card } from '../../../electron/core/cards/card.ts';
import type { RoundRecord } from '../../../electron/core/model/round-record.ts';

/** The win jingle, as the round store plays it (no audio device in tests). */
const win = vi.fn();
vi.mock('../composables/useSound.ts', async (importActual) => {
  const actual = await importActual<typeof import('../composables/useSound.ts')>();
  const quiet = () => {};
  return {
    ...actual,
    useSound: () => ({
      ...Object.fromEntries(Object.keys(actual.useSound()).map((k) => [k, quiet])),
      result: (kind: Parameters<typeof actual.resultEffect>[0]) => actual.resultEffect(kind) === 'win' && win(),
    }),
  };
});
const { useRoundStore } = await import('./useRoundStore.ts');

const c = (rank: Card['rank'], suit: Card['suit']): Card => ({ rank, suit });
const P = [c('K', 'H'), c('Q', 'D')];
const B = [c('9', 'S'), c('10', 'C')];

/** A settled Banker natural (0 against 9) with the given bets and returns. */
function banker(bets: RoundRecord['bets'], returns: RoundRecord['returns'], roundId = 1): RoundRecord {
  return {
    roundId,
    status: 'settled',
    demo: false,
    bets,
    cards: [P[0]!, B[0]!, P[1]!, B[1]!],
    outcome: {
      player: { cards: P, total: 0 },
      banker: { cards: B, total: 9 },
      winner: 'banker',
      natural: true,
      playerPair: false,
      bankerPair: false,
      dealOrder: [P[0]!, B[0]!, P[1]!, B[1]!],
    },
    returns,
    creditsBeforeMinor: 10_000,
    creditsAfterMinor: 10_000,
    startedAt: '2026-12-01T00:00:00Z',
    endedAt: '2026-12-01T00:00:01Z',
    refundedMinor: 0,
    voidCode: null,
  };
}

beforeEach(() => {
  setActivePinia(createPinia());
  vi.useFakeTimers();
  win.mockClear();
});

describe('the result on show is told in net terms, and only a net win plays the jingle', () => {
  it('Banker 5.00 + Player 5.00, Banker wins: 9.75 returned on 10.00 is "returned", silent', () => {
    const round = useRoundStore();
    round.show(banker({ banker: 500, player: 500 }, { banker: 975 }));
    vi.runAllTimers();
    expect(round.stage).toBe('result');
    expect(round.result).toEqual({ kind: 'returned', stakedMinor: 1_000, paidMinor: 975, netMinor: -25 });
    expect(win).not.toHaveBeenCalled();
  });

  it('Banker 10.00 alone wins 9.50 net and plays the jingle once', () => {
    const round = useRoundStore();
    round.show(banker({ banker: 1_000 }, { banker: 1_950 }));
    vi.runAllTimers();
    expect(round.result).toMatchObject({ kind: 'win', netMinor: 950 });
    expect(win).toHaveBeenCalledTimes(1);
  });

  it('a lost round is a silent loss', () => {
    const round = useRoundStore();
    round.show(banker({ player: 1_000 }, {}));
    vi.runAllTimers();
    expect(round.result).toMatchObject({ kind: 'loss', paidMinor: 0 });
    expect(win).not.toHaveBeenCalled();
  });

  it('a round still being dealt has no result yet', () => {
    const round = useRoundStore();
    round.show({ ...banker({ banker: 1_000 }, {}), status: 'in-progress' });
    expect(round.result).toBeNull();
  });
});
