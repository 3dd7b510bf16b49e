/**
 * The cabinet's session clock (docs/responsible-gaming.md#the-reality-check): a timer that looks at the session every
 * few seconds, so a reality check or a time limit comes due on an idle table too. The cabinet is synchronous, so the
 * look never falls inside a round; the review itself keeps off an open one.
 */
import type { CabinetContext } from './cabinet-context.ts';

/** How often the session is looked at: a reality check is shown at most this late. */
export const SESSION_CLOCK_EVERY_MS = 5_000;

const timers = new WeakMap<CabinetContext, ReturnType<typeof setInterval>>();

export function startSessionClock(review: () => void, ctx: CabinetContext, everyMs = SESSION_CLOCK_EVERY_MS): void {
  if (timers.has(ctx)) return;
  const timer = setInterval(() => {
    try {
      review();
    } catch {
      // A journal refusing the write is already the storage-fault tilt (guardStorage); the next look tries again.
    }
  }, everyMs);
  // The clock never keeps a process alive on its own (a tool or a test that forgot to close the cabinet).
  timer.unref?.();
  timers.set(ctx, timer);
}

export function stopSessionClock(ctx: CabinetContext): void {
  const timer = timers.get(ctx);
  if (timer !== undefined) clearInterval(timer);
  timers.delete(ctx);
}
