/**
 * Crash injection for the chaos and recovery children: a StatementObserver that
 * SIGKILLs this process right after the nth journal statement since open, so kills
 * land inside transactions, right after COMMIT and inside recovery
 * (docs/cabinet-rules.md#power-loss). Test-only: production opens the journal
 * without an observer.
 */
import type { StatementInfo, StatementObserver } from '../../storage/database.ts';

/** SIGKILLs this process and never returns. */
export function sigkillSelf(): never {
  process.kill(process.pid, 'SIGKILL');
  // SIGKILL is not deliverable synchronously on every platform: never run on past it.
  for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
}

function wholeNumber(what: string, n: number): number {
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`${what} must be a whole number ≥ 1, got ${String(n)}`);
  return n;
}

export interface StatementKillerOptions {
  /** Kill right after this statement (1 = the first since open). Absent: disarmed until `armAfter`. */
  readonly killAtStatement?: number;
  /** Told where the kill lands, just before it (must be synchronous). */
  readonly onBeforeKill?: (where: StatementInfo) => void;
  /** How to die (tests of the killer itself pass a stand-in). */
  readonly kill?: () => never;
}

export class StatementKiller implements StatementObserver {
  private killAt: number | null;
  private seen = 0;
  private readonly onBeforeKill: ((where: StatementInfo) => void) | undefined;
  private readonly kill: () => never;

  constructor(options: StatementKillerOptions = {}) {
    this.killAt =
      options.killAtStatement === undefined ? null : wholeNumber('killAtStatement', options.killAtStatement);
    this.onBeforeKill = options.onBeforeKill;
    this.kill = options.kill ?? sigkillSelf;
  }

  /** Statements seen since the journal was opened. */
  get statements(): number {
    return this.seen;
  }

  /** Arms (or re-arms) the kill `n` statements from now: n = 1 dies after the next one. */
  armAfter(n: number): void {
    this.killAt = this.seen + wholeNumber('armAfter', n);
  }

  afterStatement(info: StatementInfo): void {
    this.seen = info.statement;
    if (this.killAt !== null && info.statement >= this.killAt) {
      this.onBeforeKill?.(info);
      this.kill();
    }
  }
}
