/**
 * Waits in tests: until a condition holds, checked every few milliseconds; the deadline only bounds a failure
 * (the test then fails naming what it waited for). Never a fixed sleep, never a timing assertion.
 */
import { setInterval as every } from 'node:timers/promises';

const CHECK_EVERY_MS = 10;

export interface UntilOptions {
  readonly timeoutMs?: number;
  /** Appended to the failure message (e.g. the last driver events). */
  readonly context?: () => string;
}

export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  options: UntilOptions | number = {},
): Promise<void> {
  const { timeoutMs = 15_000, context } = typeof options === 'number' ? { timeoutMs: options } : options;
  const deadline = Date.now() + timeoutMs;
  if (await check()) return;
  for await (const _ of every(CHECK_EVERY_MS)) {
    if (await check()) return;
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for: ${what}${context ? `\n${context()}` : ''}`);
    }
  }
}
