import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { Card } from '../../../electron/core/cards/card.ts';
import type { RoundRecord } from '../../../electron/core/model/round-record.ts';

vi.mock('../composables/useSound.ts', () => ({
  useSound: () => new Proxy({}, { get: () => () => {} }),
}));
const { useRoundStore } = await import('./useRoundStore.ts');

const c = (rank: Card['rank'], suit: Card['suit']): Card => ({ rank, suit });
const P = [c('K', 'H'), c('Q', 'D')];
const B = [c('9', 'S'), c('10', 'C')];

const settled: RoundRecord = {
  roundId: 7,
  status: 'settled',
  demo: false,
  bets: { banker: 1_000 },
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
  returns: { banker: 1_950 },
  creditsBeforeMinor: 10_000,
  creditsAfterMinor: 10_950,
  startedAt: '2026-12-01T00:00:00Z',
  endedAt: '2026-12-01T00:00:01Z',
  refundedMinor: 0,
  voidCode: null,
};
const voided: RoundRecord = {
  ...settled,
  roundId: 8,
  status: 'voided',
  cards: [],
  outcome: null,
  returns: {},
  creditsAfterMinor: 10_950,
  voidCode: { code: 'rng-fault', source: 'rng', reason: { code: 'rng-deal-failure' } },
  refundedMinor: 1_000,
};

/** The cabinet's browser storage, where the screen remembers which void notice the player has read. */
const stored = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => stored.get(k) ?? null,
  setItem: (k: string, v: string) => void stored.set(k, v),
});

beforeEach(() => {
  setActivePinia(createPinia());
  stored.clear();
});

describe('a reloaded screen shows the last round as main recorded it', () => {
  it('a settled round comes back on the felt as it ended: every card, the result, no replay', () => {
    const round = useRoundStore();
    round.restore(settled, true);
    expect(round.stage).toBe('result');
    expect(round.shown).toEqual({ player: P, banker: B });
    expect(round.result?.kind).toBe('win');
    expect(round.hold).toBeNull();
    expect(round.busy).toBe(false);
  });

  it("a round already in main's history when the screen loaded is not replayed when main reports it again", () => {
    const round = useRoundStore();
    round.rememberShown([settled]);
    round.show(settled);
    expect(round.stage).toBe('none');
    expect(round.round).toBeNull();
  });

  it('nothing comes back over a layout the player has started', () => {
    const round = useRoundStore();
    round.restore(settled, false);
    expect(round.stage).toBe('none');
    expect(round.round).toBeNull();
  });

  it('after NEW BET the restored round stays off the felt, however often main reports it again', () => {
    const round = useRoundStore();
    round.restore(settled, true);
    round.clearTable();
    round.restore(settled, true);
    expect(round.stage).toBe('none');
  });

  it('a voided round shows its refund notice; once read, the felt still says what was refunded', () => {
    const round = useRoundStore();
    round.restore(voided, true);
    expect(round.voided?.roundId).toBe(8);
    round.dismissVoid();
    expect(round.voided).toBeNull();
    expect(round.lastVoid?.refundedMinor).toBe(1_000);
  });

  it('after a second reload the notice already read is not shown again, but the refund is still on the felt', () => {
    useRoundStore().restore(voided, true);
    useRoundStore().dismissVoid();
    setActivePinia(createPinia());
    const reloaded = useRoundStore();
    reloaded.restore(voided, true);
    expect(reloaded.voided).toBeNull();
    expect(reloaded.lastVoid?.roundId).toBe(8);
    reloaded.clearTable();
    expect(reloaded.lastVoid).toBeNull();
  });

  it('a new round takes the refund line off the felt', () => {
    const round = useRoundStore();
    round.restore(voided, true);
    round.dismissVoid();
    round.show({ ...settled, roundId: 9 });
    expect(round.lastVoid).toBeNull();
  });
});
