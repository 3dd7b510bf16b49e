/**
 * What the kiosk does when the renderer process is gone: reload with exponential
 * backoff; after too many failures in a window of time, exit with a distinct code so
 * systemd (Restart=on-failure) restarts the whole app. Pure, so it is unit-tested.
 */
export const EXIT_RENDERER_CRASH_LOOP = 70; // EX_SOFTWARE
export const EXIT_STARTUP_FAILED = 78; // EX_CONFIG: the cabinet could not start (journal, config)

export interface CrashPolicyOptions {
  /** Failures allowed inside `windowMs` before the app exits. */
  readonly maxFailures: number;
  readonly windowMs: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

export const DEFAULT_CRASH_POLICY: CrashPolicyOptions = {
  maxFailures: 5,
  windowMs: 10 * 60_000,
  baseDelayMs: 500,
  maxDelayMs: 15_000,
};

export type CrashDecision =
  { readonly action: 'reload'; readonly delayMs: number } | { readonly action: 'exit'; readonly code: number };

export interface CrashPolicy {
  /** Records a renderer failure at `nowMs` and decides what to do. */
  onFailure(nowMs: number): CrashDecision;
}

export function createCrashPolicy(options: CrashPolicyOptions = DEFAULT_CRASH_POLICY): CrashPolicy {
  let failures: number[] = [];
  return {
    onFailure(nowMs) {
      failures = failures.filter((t) => nowMs - t < options.windowMs);
      failures.push(nowMs);
      if (failures.length > options.maxFailures) return { action: 'exit', code: EXIT_RENDERER_CRASH_LOOP };
      const delayMs = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (failures.length - 1));
      return { action: 'reload', delayMs };
    },
  };
}
