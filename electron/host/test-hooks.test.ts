import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestHooks } from './test-hooks.ts';

describe('the test clock', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs with the wall clock plus the offset moved, and stops running by itself once held', () => {
    vi.useFakeTimers({ now: new Date('2026-12-07T12:00:00Z') });
    const hooks = createTestHooks({}, () => undefined);
    hooks.advanceClock(15 * 60_000);
    vi.setSystemTime(new Date('2026-12-07T12:01:00Z'));
    expect(hooks.clock().toISOString()).toBe('2026-12-07T12:16:00.000Z');

    expect(hooks.advanceClock(15 * 60_000, true)).toBe(30 * 60_000);
    vi.setSystemTime(new Date('2026-12-07T12:05:00Z'));
    // Held at 12:01: four minutes of the machine's own time do not show.
    expect(hooks.clock().toISOString()).toBe('2026-12-07T12:31:00.000Z');
    hooks.advanceClock(60_000);
    expect(hooks.clock().toISOString()).toBe('2026-12-07T12:32:00.000Z');
  });

  it('runs again, on time, after a reset (a new cabinet)', () => {
    vi.useFakeTimers({ now: new Date('2026-12-07T12:00:00Z') });
    const hooks = createTestHooks({}, () => undefined);
    hooks.advanceClock(60_000, true);
    hooks.wrapRandom({ nextInt: () => 0, beforeShuffle: () => undefined });
    vi.setSystemTime(new Date('2026-12-07T13:00:00Z'));
    expect(hooks.clock().toISOString()).toBe('2026-12-07T13:00:00.000Z');
  });
});
