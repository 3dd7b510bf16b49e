/**
 * Who is at the table (docs/stadium.md#presence): every terminal announces its id on `stadium.presence.<table>.<id>`
 * every PRESENCE_PERIOD_MS with a core (unstored) publish, and counts the distinct ids it heard within the last
 * PRESENCE_SPAN periods, its own included. A terminal that stops announcing drops out of the count within that span.
 * Presence never leaves the broker's memory: nothing is stored, nothing is acked.
 */
import type { Broker } from './broker.ts';
import type { TerminalClock } from './terminal-timers.ts';

export const PRESENCE_PERIOD_MS = 2_000;
/** Periods an id counts after it was last heard: two announcements may be lost before it drops out. */
export const PRESENCE_SPAN = 3;

export function presenceSubject(table: string, terminal: string): string {
  return `stadium.presence.${table}.${terminal}`;
}

export interface PresenceParts {
  readonly broker: Broker;
  readonly clock: TerminalClock;
  readonly table: string;
  readonly terminal: string;
  /** The count changed. */
  readonly changed: (terminals: number) => void;
  /** Every period, after the announcement (the link's retries ride on it). */
  readonly tick: () => void;
}

export class Presence {
  private readonly parts: PresenceParts;
  private readonly heard = new Map<string, number>();
  private counted = 0;
  private unsubscribe: () => void = () => undefined;
  private cancelTick: () => void = () => undefined;
  private stopped = false;

  constructor(parts: PresenceParts) {
    this.parts = parts;
  }

  start(): void {
    const { broker, table, terminal } = this.parts;
    this.unsubscribe = broker.subscribe(presenceSubject(table, '*'), (subject) => {
      this.heard.set(subject.slice(subject.lastIndexOf('.') + 1), this.parts.clock.now());
      this.recount();
    });
    const announce = (): void => {
      if (this.stopped) return;
      try {
        broker.announce(presenceSubject(table, terminal), new Uint8Array());
      } catch {
        // The client buffers while it reconnects; a closed one is stopping anyway.
      }
      this.recount();
      this.parts.tick();
      this.cancelTick = this.parts.clock.after(PRESENCE_PERIOD_MS, announce);
    };
    announce();
  }

  /** Terminals heard within the span. */
  count(): number {
    return this.counted;
  }

  stop(): void {
    this.stopped = true;
    this.cancelTick();
    this.unsubscribe();
  }

  private recount(): void {
    const since = this.parts.clock.now() - PRESENCE_SPAN * PRESENCE_PERIOD_MS;
    for (const [id, at] of this.heard) if (at < since) this.heard.delete(id);
    if (this.heard.size === this.counted) return;
    this.counted = this.heard.size;
    this.parts.changed(this.counted);
  }
}
