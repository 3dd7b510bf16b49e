/** A round's two timers at a terminal (docs/stadium.md#the-link), on a clock the test moves by hand. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RoundTimers, type TerminalClock } from './terminal-timers.ts';

/** A clock that moves only when told, firing what falls due in time order. */
function manualClock(): TerminalClock & { advance(ms: number): void } {
  let now = 0;
  let pending: Array<{ at: number; fn: () => void; live: boolean }> = [];
  return {
    now: () => now,
    after: (ms, fn) => {
      const timer = { at: now + ms, fn, live: true };
      pending.push(timer);
      return () => void (timer.live = false);
    },
    advance: (ms) => {
      const until = now + ms;
      for (;;) {
        const due = pending.filter((t) => t.live && t.at <= until).sort((a, b) => a.at - b.at)[0];
        if (due === undefined) break;
        now = due.at;
        due.live = false;
        due.fn();
      }
      pending = pending.filter((t) => t.live);
      now = until;
    },
  };
}

function timersOn(clock: TerminalClock, closeMarginMs: number, resultTimeoutMs: number) {
  const calls: string[] = [];
  const timers = new RoundTimers({
    port: {
      stadiumOpen: (round, ms) => void calls.push(`open ${round} ${ms} @${clock.now()}`),
      stadiumClose: (round) => void calls.push(`close ${round} @${clock.now()}`),
      stadiumVoid: (round, cause) => {
        calls.push(`void ${round} ${cause} @${clock.now()}`);
        return 'recorded';
      },
    },
    clock,
    closeMarginMs,
    resultTimeoutMs,
    failed: (what) => void calls.push(`failed ${what}`),
    timedOut: (round) => void calls.push(`silent ${round}`),
  });
  return { timers, calls };
}

describe('RoundTimers', () => {
  it('closes the margin before the table, and voids after the result timeout when nothing concluded the round', () => {
    const clock = manualClock();
    const { timers, calls } = timersOn(clock, 500, 10_000);
    timers.opened(7, 15_000);
    clock.advance(30_000);
    expect(calls).toEqual(['open 7 15000 @0', 'close 7 @14500', 'void 7 result-timeout @24500', 'silent 7']);
  });

  it('takes the same open heard twice once, even after its round concluded, and never an older one', () => {
    const clock = manualClock();
    const { timers, calls } = timersOn(clock, 500, 10_000);
    timers.opened(7, 15_000);
    timers.opened(7, 15_000);
    clock.advance(16_000);
    timers.concluded(7);
    timers.opened(7, 15_000);
    timers.opened(6, 15_000);
    expect(calls).toEqual(['open 7 15000 @0', 'close 7 @14500']);
  });

  it('gives a round locked before a restart its result timeout from the start, never a close, and no lag', () => {
    const clock = manualClock();
    const { timers, calls } = timersOn(clock, 500, 10_000);
    clock.advance(3_000);
    timers.resumedLocked(7);
    // Its open, heard again, opens nothing: the round is past its close.
    timers.opened(7, 15_000);
    clock.advance(9_999);
    expect(calls).toEqual([]);
    clock.advance(1);
    expect(calls).toEqual(['void 7 result-timeout @13000', 'silent 7']);
  });

  it('stops the timeout of a round locked before a restart when its conclusion arrives', () => {
    const clock = manualClock();
    const { timers, calls } = timersOn(clock, 500, 10_000);
    timers.resumedLocked(7);
    clock.advance(4_000);
    expect(timers.concluded(7)).toBeNull();
    clock.advance(60_000);
    expect(calls).toEqual([]);
  });

  it('never closes after the conclusion, never voids a concluded round, and measures the lag from the table close', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 1_000, max: 60_000 }),
        fc.integer({ min: 0, max: 150_000 }),
        (closesInMs, margin, timeout, conclusionAt) => {
          const clock = manualClock();
          const { timers, calls } = timersOn(clock, margin, timeout);
          timers.opened(1, closesInMs);
          clock.advance(conclusionAt);
          const lag = timers.concluded(1);
          const closeAt = Math.max(0, closesInMs - margin);
          const closed = calls.some((c) => c.startsWith('close 1'));
          const voided = calls.some((c) => c.startsWith('void 1'));
          expect(closed).toBe(conclusionAt >= closeAt);
          expect(voided).toBe(conclusionAt >= closeAt + timeout);
          expect(lag).toBe(voided ? null : Math.max(0, conclusionAt - closesInMs));
          clock.advance(200_000);
          // Nothing fires after the conclusion.
          expect(calls.filter((c) => c.startsWith('close') || c.startsWith('void'))).toHaveLength(
            Number(closed) + Number(voided),
          );
        },
      ),
    );
  });
});
