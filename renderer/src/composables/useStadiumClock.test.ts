import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { effectScope, nextTick, shallowRef } from 'vue';
import type { StadiumView } from '../../../electron/core/model/stadium-terminal.ts';
import { CONNECTING_GRACE_MS } from '../format/stadium-scene.ts';
import { TICK_MS, useStadiumClock } from './useStadiumClock.ts';

const open: StadiumView = {
  broker: 'nats://127.0.0.1:4222',
  table: 'T1',
  link: 'connected',
  round: 7,
  window: 'open',
  closesInMs: 10_000,
  skipping: false,
  terminals: 4,
  lockedRound: null,
  lastConcludedRound: 6,
  lagMs: null,
  sitOut: null,
  rebetQueued: false,
  lastResult: null,
  terminalId: 't0123456789abcdef',
};

describe('the stadium countdown runs on the page’s own clock from each snapshot’s arrival', () => {
  // The clock reads performance.now() (monotonic: a wall-clock step on this machine moves no countdown).
  beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] }));
  afterEach(() => vi.useRealTimers());

  function setup(first: StadiumView | null) {
    const scope = effectScope();
    const view = shallowRef<StadiumView | null>(first);
    const scene = scope.run(() => useStadiumClock(view))!;
    return { scope, view, scene };
  }

  it('ticks down while the window is open, then says no more bets', () => {
    const { scene, scope } = setup(open);
    expect(scene.value).toMatchObject({ kind: 'open', seconds: 10, urgent: false });
    vi.advanceTimersByTime(4_000);
    expect(scene.value).toMatchObject({ kind: 'open', seconds: 6, urgent: false });
    vi.advanceTimersByTime(1_000);
    expect(scene.value).toMatchObject({ kind: 'open', seconds: 5, urgent: true });
    vi.advanceTimersByTime(5_000);
    expect(scene.value).toEqual({ kind: 'closing' });
    scope.stop();
  });

  it('a new snapshot restarts the count from its own duration, whatever the clock said before', async () => {
    const { scene, view, scope } = setup(open);
    vi.advanceTimersByTime(8_000);
    view.value = { ...open, closesInMs: 1_500 };
    await nextTick();
    expect(scene.value).toMatchObject({ kind: 'open', seconds: 2 });
    // The page reads its clock every TICK_MS: the figure is never more than one tick late.
    vi.advanceTimersByTime(1_500 + TICK_MS);
    expect(scene.value).toEqual({ kind: 'closing' });
    scope.stop();
  });

  it('the close’s snapshot with locked bets shows the table dealing, and nothing ticks any more', async () => {
    const { scene, view, scope } = setup(open);
    view.value = { ...open, window: 'closed', closesInMs: 0, lockedRound: 7 };
    await nextTick();
    expect(scene.value).toEqual({ kind: 'locked', round: 7 });
    expect(vi.getTimerCount()).toBe(0);
    scope.stop();
  });

  it('a link that stays connecting turns into the unreachable screen after a moment, across snapshots', async () => {
    const { scene, view, scope } = setup({ ...open, link: 'connecting' });
    vi.advanceTimersByTime(CONNECTING_GRACE_MS / 2);
    expect(scene.value.kind).toBe('open');
    view.value = { ...open, link: 'connecting', terminals: 5 };
    await nextTick();
    vi.advanceTimersByTime(CONNECTING_GRACE_MS / 2 + TICK_MS);
    expect(scene.value.kind).toBe('unreachable');
    view.value = { ...open, link: 'connected' };
    await nextTick();
    expect(scene.value.kind).toBe('open');
    scope.stop();
  });

  it('a cabinet that plays alone shows nothing of the stadium and runs no timer', () => {
    const { scene, scope } = setup(null);
    expect(scene.value).toEqual({ kind: 'alone' });
    expect(vi.getTimerCount()).toBe(0);
    scope.stop();
  });

  it('stops ticking when its screen goes away', () => {
    const { scope } = setup(open);
    expect(vi.getTimerCount()).toBe(1);
    scope.stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});
