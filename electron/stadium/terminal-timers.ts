/**
 * A terminal's two timers per table round (docs/stadium.md#the-link): its own close, `closesInMs − closeMarginMs`
 * after the open arrived, and the result timeout, `resultTimeoutMs` after that close. Both count on this machine's
 * monotonic clock from the open's arrival: only durations travel, so no two clocks need agree. A conclusion cancels
 * what is left of its round; a round whose conclusion beat this terminal's close is never closed (no bet is locked
 * after its cards exist). A round locked before this terminal restarted has only its result timeout, counted afresh
 * from the start: the old clock is gone, and waiting longer than the timeout is the safe side of it.
 */
import type { StadiumTerminalPort } from '../core/model/stadium-terminal.ts';

/** The clock and timers the link runs on; tests may give their own, production gives terminalClock. */
export interface TerminalClock {
  /** Milliseconds on a clock that never goes back. */
  now(): number;
  /** Calls `fn` once after `ms`; returns the cancel. */
  after(ms: number, fn: () => void): () => void;
}

export const terminalClock: TerminalClock = {
  now: () => performance.now(),
  after: (ms, fn) => {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
};

interface RoundTimer {
  /** When the open arrived and how long the table's window was: the table's close as this terminal counts it; null for a round locked before a restart. */
  readonly tableCloseAt: number | null;
  cancel: () => void;
}

export interface RoundTimersParts {
  readonly port: Pick<StadiumTerminalPort, 'stadiumOpen' | 'stadiumClose' | 'stadiumVoid'>;
  readonly clock: TerminalClock;
  readonly closeMarginMs: number;
  readonly resultTimeoutMs: number;
  /** A port call threw (the journal failed): logged; the core has raised its own fault. */
  readonly failed: (what: string, error: unknown) => void;
  /** The result timeout ran out: the table (or the way to it) is silent. */
  readonly timedOut: (round: number) => void;
}

export class RoundTimers {
  private readonly parts: RoundTimersParts;
  private readonly rounds = new Map<number, RoundTimer>();
  /** The newest round heard open: round numbers only rise, so an open at or below it is one heard before. */
  private newestOpened = 0;

  constructor(parts: RoundTimersParts) {
    this.parts = parts;
  }

  /** The table opened `round` and its open arrived now; `closesInMs` is the table's window. */
  opened(round: number, closesInMs: number): void {
    const { port, clock, closeMarginMs } = this.parts;
    // The same open heard twice (a publish the table sent again): a round opens once, even after it concluded.
    if (round <= this.newestOpened) return;
    this.newestOpened = round;
    const timer: RoundTimer = { tableCloseAt: clock.now() + closesInMs, cancel: () => undefined };
    this.rounds.set(round, timer);
    if (!this.call(`opening round ${round}`, () => port.stadiumOpen(round, closesInMs))) return;
    // A window shorter than the margin takes no bets; the terminal still waits for its conclusion.
    const closeIn = Math.max(0, closesInMs - closeMarginMs);
    timer.cancel = clock.after(closeIn, () => {
      this.call(`closing round ${round}`, () => port.stadiumClose(round));
      this.armTimeout(round, timer);
    });
  }

  /**
   * This terminal started with bets locked in `round` (its journal says so): the round's result timeout starts now,
   * so a table or broker that never answers again still ends in a refund (docs/stadium.md#terminals).
   */
  resumedLocked(round: number): void {
    this.newestOpened = Math.max(this.newestOpened, round);
    const timer: RoundTimer = { tableCloseAt: null, cancel: () => undefined };
    this.rounds.set(round, timer);
    this.armTimeout(round, timer);
  }

  private armTimeout(round: number, timer: RoundTimer): void {
    const { port, clock, resultTimeoutMs } = this.parts;
    timer.cancel = clock.after(resultTimeoutMs, () => {
      this.rounds.delete(round);
      this.call(`voiding round ${round} after the result timeout`, () => port.stadiumVoid(round, 'result-timeout'));
      this.parts.timedOut(round);
    });
  }

  /**
   * The conclusion of `round` arrived: its timers stop. Returns how late it came after the table's close as this
   * terminal counted it (the lag), or null when this terminal never heard the round open (this run).
   */
  concluded(round: number): number | null {
    const timer = this.rounds.get(round);
    if (timer === undefined) return null;
    timer.cancel();
    this.rounds.delete(round);
    if (timer.tableCloseAt === null) return null;
    return Math.max(0, Math.round(this.parts.clock.now() - timer.tableCloseAt));
  }

  stop(): void {
    for (const timer of this.rounds.values()) timer.cancel();
    this.rounds.clear();
  }

  private call(what: string, act: () => void): boolean {
    try {
      act();
      return true;
    } catch (error) {
      this.parts.failed(what, error);
      return false;
    }
  }
}
