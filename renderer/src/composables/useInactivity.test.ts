import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { effectScope, nextTick, ref } from 'vue';
import { inactivityClock, inactivityWatched, STILL_PLAYING_S, type InactivityConditions } from './useInactivity.ts';

const playing: InactivityConditions = {
  tableTotalMinor: 500,
  creditsMinor: 2_000,
  roundBusy: false,
  tilted: false,
  staffMenu: false,
  attract: false,
  connected: true,
};

describe('the idle clock runs only for a player with something on the machine, never during anything else', () => {
  it('runs with bets or credit on the table', () => {
    expect(inactivityWatched(playing)).toBe(true);
    expect(inactivityWatched({ ...playing, tableTotalMinor: 0 })).toBe(true);
    expect(inactivityWatched({ ...playing, creditsMinor: 0 })).toBe(true);
    expect(inactivityWatched({ ...playing, tableTotalMinor: 0, creditsMinor: 0 })).toBe(false);
  });
  it('never runs during a round, a lock or tilt, the staff menu, attract mode or a lost connection', () => {
    fc.assert(
      fc.property(
        fc.record({
          roundBusy: fc.boolean(),
          tilted: fc.boolean(),
          staffMenu: fc.boolean(),
          attract: fc.boolean(),
          connected: fc.boolean(),
        }),
        (c) => {
          const busy = c.roundBusy || c.tilted || c.staffMenu || c.attract || !c.connected;
          expect(inactivityWatched({ ...playing, ...c })).toBe(!busy);
        },
      ),
    );
  });
});

describe('"Still playing?" asks after the idle time, a touch answers it, the countdown clears the bets', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const touch = () => ({ type: 'pointerdown', preventDefault: vi.fn(), stopPropagation: vi.fn() });
  function setup(afterMs = 30_000) {
    const scope = effectScope();
    const watched = ref(true);
    const after = ref(afterMs);
    const expired = vi.fn();
    const clock = scope.run(() => inactivityClock({ afterMs: after, watched, expired }))!;
    clock.start();
    return { scope, watched, after, expired, clock };
  }

  it('asks after the idle time and counts down from 30 s; a touch dismisses it and presses nothing under it', () => {
    const { clock, expired, scope } = setup();
    vi.advanceTimersByTime(29_999);
    expect(clock.asking.value).toBe(false);
    vi.advanceTimersByTime(1);
    expect(clock.asking.value).toBe(true);
    expect(clock.secondsLeft.value).toBe(STILL_PLAYING_S);
    vi.advanceTimersByTime(10_000);
    expect(clock.secondsLeft.value).toBe(STILL_PLAYING_S - 10);

    const answer = touch();
    clock.input(answer);
    expect(clock.asking.value).toBe(false);
    expect(answer.stopPropagation).toHaveBeenCalled();
    const click = { preventDefault: vi.fn(), stopPropagation: vi.fn() };
    clock.click(click);
    expect(click.stopPropagation).toHaveBeenCalled();
    vi.advanceTimersByTime(STILL_PLAYING_S * 1000);
    expect(expired).not.toHaveBeenCalled();
    scope.stop();
  });

  it('a touch before the idle time restarts it', () => {
    const { clock, scope } = setup();
    vi.advanceTimersByTime(20_000);
    clock.input(touch());
    vi.advanceTimersByTime(20_000);
    expect(clock.asking.value).toBe(false);
    vi.advanceTimersByTime(10_000);
    expect(clock.asking.value).toBe(true);
    scope.stop();
  });

  it('when the countdown runs out, it clears once and closes the question', () => {
    const { clock, expired, scope } = setup();
    vi.advanceTimersByTime(30_000 + STILL_PLAYING_S * 1000 - 1);
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(clock.asking.value).toBe(false);
    scope.stop();
  });

  it('stops asking at once when a round, a tilt or the staff menu begins, and does not clear', async () => {
    const { clock, expired, watched, scope } = setup();
    vi.advanceTimersByTime(30_000);
    expect(clock.asking.value).toBe(true);
    watched.value = false;
    await nextTick();
    expect(clock.asking.value).toBe(false);
    vi.advanceTimersByTime(600_000);
    expect(clock.asking.value).toBe(false);
    expect(expired).not.toHaveBeenCalled();
    scope.stop();
  });

  it('a new idle time from the venue config restarts the clock with it', async () => {
    const { clock, after, scope } = setup(120_000);
    vi.advanceTimersByTime(50_000);
    after.value = 45_000;
    await nextTick();
    vi.advanceTimersByTime(44_999);
    expect(clock.asking.value).toBe(false);
    vi.advanceTimersByTime(1);
    expect(clock.asking.value).toBe(true);
    scope.stop();
  });
});
