import { describe, expect, it } from 'vitest';
import { createCrashPolicy, EXIT_RENDERER_CRASH_LOOP } from './crash-policy.ts';

const OPTIONS = { maxFailures: 3, windowMs: 60_000, baseDelayMs: 500, maxDelayMs: 1_500 };

describe('renderer crash policy (kiosk lifecycle: reload with backoff, then exit for systemd)', () => {
  it('reloads with growing, capped delays', () => {
    const policy = createCrashPolicy(OPTIONS);
    expect(policy.onFailure(0)).toEqual({ action: 'reload', delayMs: 500 });
    expect(policy.onFailure(1)).toEqual({ action: 'reload', delayMs: 1_000 });
    expect(policy.onFailure(2)).toEqual({ action: 'reload', delayMs: 1_500 });
  });
  it('exits with a non-zero code after repeated failures so systemd restarts the app', () => {
    const policy = createCrashPolicy(OPTIONS);
    for (let i = 0; i < 3; i++) policy.onFailure(i);
    expect(policy.onFailure(3)).toEqual({ action: 'exit', code: EXIT_RENDERER_CRASH_LOOP });
    expect(EXIT_RENDERER_CRASH_LOOP).not.toBe(0);
  });
  it('forgets failures older than the window', () => {
    const policy = createCrashPolicy(OPTIONS);
    for (let i = 0; i < 3; i++) policy.onFailure(i);
    expect(policy.onFailure(61_000)).toEqual({ action: 'reload', delayMs: 500 });
  });
});
