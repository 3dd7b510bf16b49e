/**
 * What the unit has to tell the host between polls (docs/protocols/essp-device-model.md#poll-and-poll-with-ack).
 *
 * - POLL (0x07) reports every queued event once; afterwards it is gone, whether or not it is an ACK event.
 * - POLL_WITH_ACK (0x56) reports every queued event; the ones GA138 marks "poll with ack" stay queued and are
 *   repeated in every POLL_WITH_ACK reply until EVENT_ACK, the others are reported once.
 * - EVENT_ACK (0x57) clears the ACK events the host has been shown; an ACK event still queued blocks the
 *   next note ("the BNV will not allow any further note actions until the event has been cleared").
 * - Events of a higher protocol version than the host set, or that the product does not have, are not queued.
 * - INITIALISING (0xB6) is shown only to POLL_WITH_ACK; while the unit is still starting up an EVENT_ACK does
 *   not clear it (the condition lasts); if no POLL_WITH_ACK saw it before start-up ended it is dropped.
 * States that last (reading, stacking, jams, stacker full …) are not queued: the note path adds them to each
 * reply while they last.
 */
import { EVENTS, eventBytes, reportable, type PollEvent, type Product } from './event-table.ts';

interface Queued {
  readonly event: PollEvent;
  shown: boolean;
}

export type PollKind = 'poll' | 'poll-with-ack';

export class EventQueue {
  #queued: Queued[] = [];
  readonly #protocol: () => number;
  readonly #product: Product;

  constructor(protocolVersion: () => number, product: Product) {
    this.#protocol = protocolVersion;
    this.#product = product;
  }

  add(event: PollEvent): void {
    if (event.spec === EVENTS.INITIALISING || reportable(event, this.#protocol(), this.#product)) {
      this.#queued.push({ event, shown: false });
    }
  }

  /**
   * The queued events this poll reports, in the order they happened. `withholdCredit` keeps credit events
   * queued and out of the reply (a reply in clear never carries credit).
   */
  take(kind: PollKind, withholdCredit = false): PollEvent[] {
    const out: PollEvent[] = [];
    const keep: Queued[] = [];
    for (const item of this.#queued) {
      const { spec } = item.event;
      const isInitialising = spec === EVENTS.INITIALISING;
      const visible = isInitialising
        ? kind === 'poll-with-ack' && reportable(item.event, this.#protocol(), this.#product)
        : !(withholdCredit && isCredit(item.event));
      if (!visible) {
        keep.push(item);
        continue;
      }
      out.push(item.event);
      item.shown = true;
      if (kind === 'poll-with-ack' && spec.needsAck) keep.push(item);
    }
    this.#queued = keep;
    return out;
  }

  /** EVENT_ACK: the shown ACK events are cleared, except INITIALISING while start-up lasts. */
  acknowledge(stillInitialising: boolean): number {
    const before = this.#queued.length;
    this.#queued = this.#queued.filter(
      (item) => !item.shown || (item.event.spec === EVENTS.INITIALISING && stillInitialising),
    );
    for (const item of this.#queued) if (item.event.spec === EVENTS.INITIALISING) item.shown = false;
    return before - this.#queued.length;
  }

  /** Start-up ended: an INITIALISING no POLL_WITH_ACK has seen is of no use to anyone. */
  initialisingEnded(): void {
    this.#queued = this.#queued.filter((item) => item.event.spec !== EVENTS.INITIALISING || item.shown);
  }

  /** ACK events waiting for EVENT_ACK (shown or not): while there are any, no new note is taken. */
  get pendingAck(): number {
    return this.#queued.filter((item) => item.event.spec.needsAck).length;
  }

  clear(): void {
    this.#queued = [];
  }

  peek(): readonly PollEvent[] {
    return this.#queued.map((item) => item.event);
  }
}

export function isCredit(event: PollEvent): boolean {
  return event.spec === EVENTS.NOTE_CREDIT || event.spec === EVENTS.NOTE_CLEARED_INTO_CASHBOX;
}

/** The DATA of a poll reply: OK, then each event's code and data byte. */
export function encodePollReply(events: readonly PollEvent[]): Uint8Array {
  return Uint8Array.from([0xf0, ...events.flatMap(eventBytes)]);
}
