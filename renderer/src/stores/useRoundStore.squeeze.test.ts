import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { Card } from '../../../electron/core/cards/card.ts';
import type { RoundRecord } from '../../../electron/core/model/round-record.ts';
import { settledRecord } from '../../../electron/testing/round-record-fixture.ts';

/** The result sounds, as the round store plays them (no audio device in tests). */
const resultSound = vi.fn();
vi.mock('../composables/useSound.ts', async (importActual) => {
  const actual = await importActual<typeof import('../composables/useSound.ts')>();
  const quiet = () => {};
  return {
    ...actual,
    useSound: () => ({
      ...Object.fromEntries(Object.keys(actual.useSound()).map((k) => [k, quiet])),
      result: resultSound,
    }),
  };
});
const { useRoundStore } = await import('./useRoundStore.ts');
const { useSettingsStore } = await import('./useSettingsStore.ts');

const c = (rank: Card['rank'], suit: Card['suit']): Card => ({ rank, suit });

/** Player 2 3 4 (9) against Banker 5 K 6 (1): both hands draw a third card; Player wins. */
function drawing(bets: RoundRecord['bets']): RoundRecord {
  const player = [c('2', 'H'), c('3', 'D'), c('4', 'S')];
  const banker = [c('5', 'S'), c('K', 'C'), c('6', 'H')];
  return settledRecord({ player, banker, winner: 'player' }, { bets, returns: { player: 2 * (bets.player ?? 0) } });
}

function offered(timeLimitS = 20) {
  const settings = useSettingsStore();
  settings.setVenueSqueeze({ offered: true, timeLimitS });
  return settings;
}

beforeEach(() => {
  setActivePinia(createPinia());
  vi.useFakeTimers();
  resultSound.mockClear();
});

describe('the squeeze reveals what main already decided, and nothing tells the result before the cards', () => {
  it('lays the squeezed hand face down and waits: no result, no sound, meters held, no total for that hand', () => {
    offered();
    const round = useRoundStore();
    round.show(drawing({ player: 500, banker: 100 }));
    vi.advanceTimersByTime(10_000);
    expect(round.stage).toBe('dealing');
    expect(round.squeeze).toMatchObject({ side: 'player', slots: ['down', 'down'] });
    expect(round.shown.player).toHaveLength(2);
    expect(round.shown.banker).toHaveLength(2);
    expect(round.shown.player.length + round.shown.banker.length).toBe(4);
    expect(round.handDown).toEqual({ player: true, banker: false });
    expect(round.playerTotal).toBe(0);
    expect(round.bankerTotal).toBe(5);
    expect(round.hold).not.toBeNull();
    expect(resultSound).not.toHaveBeenCalled();
  });

  it('goes on once the player turns both cards, waits again for the third, then shows the result', () => {
    offered();
    const round = useRoundStore();
    round.show(drawing({ player: 500 }));
    vi.advanceTimersByTime(10_000);
    round.turnSqueezed(0);
    vi.advanceTimersByTime(10_000);
    expect(round.stage).toBe('dealing');
    expect(round.playerTotal).toBe(2);
    round.turnSqueezed(1);
    vi.advanceTimersByTime(1_000);
    expect(round.squeeze?.slots).toEqual(['up', 'up', 'down']);
    expect(round.shown.banker).toHaveLength(2);
    round.turnAllSqueezed();
    vi.runAllTimers();
    expect(round.stage).toBe('result');
    expect(round.shown.banker).toHaveLength(3);
    expect(round.playerTotal).toBe(9);
    expect(round.hold).toBeNull();
    expect(resultSound).toHaveBeenCalledTimes(1);
  });

  it("squeezes the Banker hand for the larger Banker bet; the Player's third card turns by itself", () => {
    offered();
    const round = useRoundStore();
    round.show(drawing({ player: 100, banker: 500 }));
    vi.advanceTimersByTime(10_000);
    round.turnAllSqueezed();
    vi.advanceTimersByTime(2_000);
    expect(round.shown.player).toHaveLength(3);
    expect(round.squeeze?.slots).toEqual(['up', 'up', 'down']);
    round.turnSqueezed(2);
    vi.runAllTimers();
    expect(round.stage).toBe('result');
  });

  it("the venue's time limit turns the cards still face down by themselves", () => {
    offered(5);
    const round = useRoundStore();
    round.show(drawing({ player: 500 }));
    vi.advanceTimersByTime(2_800);
    expect(round.squeeze?.endsAt).not.toBeNull();
    vi.advanceTimersByTime(4_999);
    expect(round.squeeze?.slots).toEqual(['down', 'down']);
    vi.advanceTimersByTime(1);
    expect(round.squeeze?.slots).toEqual(['up', 'up']);
    vi.runAllTimers();
    expect(round.stage).toBe('result');
  });
});

describe('each wait of the squeeze has its own time limit', () => {
  it('a third card laid after the first two were turned early gets the whole limit, not what was left', () => {
    offered(5);
    const round = useRoundStore();
    round.show(drawing({ player: 500 }));
    vi.advanceTimersByTime(2_800); // the first four cards are down; the first limit runs to 7.8 s
    round.turnAllSqueezed();
    vi.advanceTimersByTime(1_000); // the Player's third card is laid face down
    expect(round.squeeze?.slots).toEqual(['up', 'up', 'down']);
    vi.advanceTimersByTime(4_500); // past where the first limit would have run out
    expect(round.squeeze?.slots[2]).toBe('down');
    vi.advanceTimersByTime(1_000);
    expect(round.squeeze?.slots[2]).toBe('up');
  });
});

describe('when nothing is squeezed', () => {
  it.each([
    ['the venue does not offer it', { offer: false, fast: false, choose: true, bets: { player: 500 } }],
    ['the player switched it off', { offer: true, fast: false, choose: false, bets: { player: 500 } }],
    ['fast play is on', { offer: true, fast: true, choose: true, bets: { player: 500 } }],
    ['only the Tie is bet', { offer: true, fast: false, choose: true, bets: { tie: 500 } }],
  ])('%s: every card turns and the result follows', (_why, { offer, fast, choose, bets }) => {
    const settings = useSettingsStore();
    settings.setVenueSqueeze({ offered: offer, timeLimitS: 20 });
    settings.squeeze = choose;
    settings.fastPlay = fast;
    const round = useRoundStore();
    round.show(drawing(bets));
    expect(round.squeeze).toBeNull();
    vi.runAllTimers();
    expect(round.stage).toBe('result');
    expect(round.playerTotal).toBe(9);
  });
});

describe('the squeezed hand is not laid out ahead', () => {
  it('only the hand that turns by itself waits in its slots; the squeezed one comes face down for the player', () => {
    offered();
    const round = useRoundStore();
    round.show(drawing({ player: 500, banker: 100 }));
    expect(round.squeeze?.side).toBe('player');
    expect(round.coming?.player).toEqual([]);
    expect(round.coming?.banker).toHaveLength(3);
  });
});
