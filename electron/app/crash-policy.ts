/**
 * The kiosk's exit codes and what systemd does with each (docs/cabinet-rules.md#damaged-journal, "Exit codes and
 * the systemd unit"; build/linux/baccarat-kiosk.service), and what the kiosk does when the renderer process is
 * gone: reload with exponential backoff; after too many failures in a window of time, exit with a distinct code
 * so systemd (Restart=on-failure) restarts the whole app. Pure, so it is unit-tested.
 */
/**
 * A refused setting (a bad BACCARAT_JOURNAL or BACCARAT_CONFIG): no restart can fix it, so the unit's
 * RestartPreventExitStatus stops there, one stop instead of a restart loop.
 */
export const EXIT_REFUSED_SETTING = 2;
export const EXIT_RENDERER_CRASH_LOOP = 70; // EX_SOFTWARE
/**
 * An error nothing handled (uncaughtException, unhandledRejection; process-crash-handler.ts): journaled as far as the
 * journal lets it, then this code. EX_TEMPFAIL: a restart is the retry, and start-up recovery voids an open round.
 */
export const EXIT_PROCESS_CRASH = 75;
/**
 * EX_CONFIG: the cabinet could not start for another reason (a journal the disk would not open, a device stack
 * that failed). It may be transient, so systemd restarts it; the start limit bounds a fault that stays.
 */
export const EXIT_STARTUP_FAILED = 78;
/**
 * EX_IOERR: the whole-file check found the running journal damaged (docs/cabinet-rules.md#damaged-journal): play is
 * already stopped and the marker written; the restart is what moves the file aside and locks the fresh journal.
 */
export const EXIT_JOURNAL_DAMAGED = 74;

/** Every non-zero code the kiosk exits with, and whether systemd restarts it (the unit test holds the unit to it). */
export const KIOSK_EXIT_CODES: readonly { readonly code: number; readonly restart: boolean }[] = [
  { code: EXIT_REFUSED_SETTING, restart: false },
  { code: EXIT_RENDERER_CRASH_LOOP, restart: true },
  { code: EXIT_PROCESS_CRASH, restart: true },
  { code: EXIT_STARTUP_FAILED, restart: true },
  { code: EXIT_JOURNAL_DAMAGED, restart: true },
];

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
