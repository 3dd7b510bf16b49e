/**
 * The note path of the modelled unit, driven by a clock (docs/protocols/essp-device-model.md#a-note-through-the-unit):
 *
 *   bezel queue → reading (READ 0x00) → escrow (READ ch, once) → the next POLL accepts → stacking (STACKING)
 *     → NOTE_CREDIT ch at the credit point → STACKED when it is in the cashbox
 *   escrow → REJECT, or no poll within the escrow time-out → rejecting (REJECTING) → REJECTED
 *   reading → a channel the host inhibited, or a note the unit does not recognise → rejecting → REJECTED
 *
 * In escrow every command other than a poll restarts the time-out (GA138, Hold). Faults: safe and unsafe
 * jams, stacker full, cashbox removed / replaced, note path open, fraud. At power-up a note that was in the path
 * comes out of the front (NOTE_CLEARED_FROM_FRONT) unless it was already on its way into the cashbox before
 * the credit point (NOTE_CLEARED_INTO_CASHBOX, an ACK event, the only credit it gets).
 * All times come from the injected clock and the timings, so tests step time instead of sleeping.
 */
import { eventOf, type EventName, type PollEvent } from './event-table.ts';
import type { EventQueue } from './event-queue.ts';

export interface NoteTimings {
  /** From insertion to the validation result. */
  readonly readingMs: number;
  /** Time in escrow with no command before the note is handed back (GA138: the 10 s poll time-out). */
  readonly escrowTimeoutMs: number;
  /** From the accepting poll to NOTE_CREDIT (the note can no longer be pulled back). */
  readonly creditAfterMs: number;
  /** From the accepting poll to STACKED. */
  readonly stackingMs: number;
  /** REJECTING lasts this long before REJECTED. */
  readonly rejectingMs: number;
}

export const DEFAULT_TIMINGS: NoteTimings = {
  readingMs: 400,
  escrowTimeoutMs: 10_000,
  creditAfterMs: 600,
  stackingMs: 1_200,
  rejectingMs: 800,
};

/**
 * A unit that moves a note about five times as fast: the same stages, events and escrow time-out, so the driver
 * meets the same protocol. The browser test host uses it for tests that are not about the note path itself
 * (docs/testing.md#one-host-per-worker).
 */
export const QUICK_TIMINGS: NoteTimings = {
  ...DEFAULT_TIMINGS,
  readingMs: 80,
  creditAfterMs: 100,
  stackingMs: 250,
  rejectingMs: 160,
};

export type NoteStage = 'reading' | 'escrow' | 'stacking' | 'credited' | 'rejecting';

export interface NoteInPath {
  /** 0 until the unit has recognised the note. */
  readonly channel: number;
  readonly stage: NoteStage;
  /** When the stage began (clock ms). */
  readonly since: number;
  /** In escrow: when the note goes back if no command arrives. */
  readonly deadline: number;
  /** In escrow: the host has been shown READ ch. */
  readonly shown: boolean;
}

interface Inserted {
  readonly channel: number;
  /** A reject code when the unit will not recognise this note. */
  readonly rejectCode?: number;
}

export type Jam = 'safe' | 'unsafe' | null;

/** Reject codes of GA138's table used by the model. */
export const REJECT = {
  ACCEPTED: 0x00,
  AVERAGE_FAIL: 0x02,
  REJECT_BY_HOST: 0x08,
  DISABLED_BY_HOST: 0x0c,
  ESCROW_TIMEOUT: 0x13,
} as const;

export class NotePath {
  #bezel: Inserted[] = [];
  /** `identity` is the note's real channel, known to the unit only once it has read it. */
  #note: (NoteInPath & { identity: number; rejectCode: number; sourceRejectCode?: number }) | null = null;
  jam: Jam = null;
  stackerFull = false;
  cashboxOut = false;
  pathOpen = false;
  lastRejectCode: number = REJECT.ACCEPTED;
  readonly stats = { credits: 0, returned: 0, stacked: 0, jammed: 0, frauds: 0 };

  readonly timings: NoteTimings;
  readonly queue: EventQueue;

  constructor(timings: NoteTimings, queue: EventQueue) {
    this.timings = timings;
    this.queue = queue;
  }

  get note(): NoteInPath | null {
    if (!this.#note) return null;
    const { channel, stage, since, deadline, shown } = this.#note;
    return { channel, stage, since, deadline, shown };
  }

  get waiting(): number[] {
    return this.#bezel.map((n) => n.channel);
  }

  insert(channel: number, rejectCode?: number): void {
    this.#bezel.push(rejectCode === undefined ? { channel } : { channel, rejectCode });
  }

  /** A fault that stops note entry (the note in the path finishes what it was doing). */
  get blocked(): boolean {
    return this.jam !== null || this.stackerFull || this.cashboxOut || this.pathOpen;
  }

  /**
   * Moves the note on to `now`. `mayStart` says whether a new note may enter (enabled, a channel open, not
   * initialising, no ACK event pending); `inhibited` whether a channel is closed by the host.
   */
  advance(now: number, mayStart: boolean, inhibited: (channel: number) => boolean): void {
    for (let guard = 0; guard < 8; guard++) {
      const note = this.#note;
      if (!note) {
        if (!mayStart || this.blocked || this.#bezel.length === 0) return;
        const next = this.#bezel.shift()!;
        this.#note = {
          channel: 0,
          stage: 'reading',
          since: now,
          deadline: 0,
          shown: false,
          identity: next.channel,
          rejectCode: REJECT.ACCEPTED,
          ...(next.rejectCode === undefined ? {} : { sourceRejectCode: next.rejectCode }),
        };
        return;
      }
      const t = this.timings;
      switch (note.stage) {
        case 'reading': {
          const at = note.since + t.readingMs;
          if (now < at) return;
          if (note.sourceRejectCode !== undefined) this.#reject(at, note.sourceRejectCode);
          else if (inhibited(note.identity)) this.#reject(at, REJECT.DISABLED_BY_HOST);
          else
            this.#note = {
              ...note,
              channel: note.identity,
              stage: 'escrow',
              since: at,
              deadline: at + t.escrowTimeoutMs,
            };
          break;
        }
        case 'escrow':
          if (now <= note.deadline) return;
          this.#reject(note.deadline, REJECT.ESCROW_TIMEOUT);
          break;
        case 'stacking': {
          const at = note.since + t.creditAfterMs;
          if (now < at) return;
          this.queue.add(eventOf('NOTE_CREDIT', note.channel));
          this.stats.credits++;
          this.#note = { ...note, stage: 'credited' };
          break;
        }
        case 'credited':
          if (now < note.since + t.stackingMs) return;
          this.queue.add(eventOf('STACKED'));
          this.stats.stacked++;
          this.#note = null;
          break;
        case 'rejecting':
          if (now < note.since + t.rejectingMs) return;
          this.queue.add(eventOf('REJECTED'));
          this.stats.returned++;
          this.#note = null;
          break;
      }
    }
  }

  #reject(at: number, code: number): void {
    const note = this.#note!;
    this.lastRejectCode = code;
    this.#note = { ...note, stage: 'rejecting', since: at, deadline: 0, rejectCode: code };
  }

  /**
   * A poll: the events of the states that last, and the escrow decision. The first poll after the note
   * reached escrow shows READ ch; the poll after that accepts it.
   */
  onPoll(now: number): PollEvent[] {
    const note = this.#note;
    const events: PollEvent[] = [];
    if (note?.stage === 'reading') events.push(eventOf('READ', 0));
    if (note?.stage === 'escrow') {
      if (!note.shown) {
        this.#note = { ...note, shown: true, deadline: now + this.timings.escrowTimeoutMs };
        events.push(eventOf('READ', note.channel));
      } else {
        this.#note = { ...note, stage: 'stacking', since: now, deadline: 0 };
        events.push(eventOf('STACKING'));
      }
    } else if (note?.stage === 'stacking' || note?.stage === 'credited') events.push(eventOf('STACKING'));
    if (note?.stage === 'rejecting') events.push(eventOf('REJECTING'));
    return events;
  }

  /** Any command but a poll: a note in escrow is held for another time-out. */
  onOtherCommand(now: number): void {
    if (this.#note?.stage === 'escrow') this.#note = { ...this.#note, deadline: now + this.timings.escrowTimeoutMs };
  }

  /** HOLD: true when a note is in escrow (its time-out restarts through onOtherCommand). */
  get inEscrow(): boolean {
    return this.#note?.stage === 'escrow';
  }

  /** REJECT: true when there was a note in escrow to hand back. */
  rejectByHost(now: number): boolean {
    if (this.#note?.stage !== 'escrow') return false;
    this.#reject(now, REJECT.REJECT_BY_HOST);
    return true;
  }

  /** The lasting fault events, for every poll while they last. */
  faultEvents(): PollEvent[] {
    const names: EventName[] = [];
    if (this.jam === 'safe') names.push('SAFE_JAM');
    if (this.jam === 'unsafe') names.push('UNSAFE_JAM');
    if (this.stackerFull) names.push('STACKER_FULL');
    if (this.cashboxOut) names.push('CASHBOX_REMOVED');
    if (this.pathOpen) names.push('NOTE_PATH_OPEN');
    return names.map((name) => eventOf(name));
  }

  /** A jam: the note in the path is stuck. Before the credit point it is never credited. */
  setJam(kind: 'safe' | 'unsafe'): void {
    this.jam = kind;
    if (this.#note && this.#note.stage !== 'credited') this.stats.jammed++;
    this.#note = null;
  }

  setCashboxOut(out: boolean): void {
    if (this.cashboxOut && !out) this.queue.add(eventOf('CASHBOX_REPLACED'));
    this.cashboxOut = out;
  }

  /** Fraud detected on the note in the path (or on none: channel 0); the note gives no credit. */
  fraud(): void {
    const channel = this.#note?.channel ?? 0;
    if (this.#note && this.#note.stage !== 'credited') this.#note = null;
    this.stats.frauds++;
    this.queue.add(eventOf('FRAUD_ATTEMPT', channel));
  }

  /**
   * Power comes back: the unit checks its path. A note before the stacker comes out of the front; one on its
   * way into the cashbox before the credit point is cleared into it and reported for credit; one already
   * credited ends in the cashbox without a further event. A jam was cleared by whoever opened the unit.
   */
  powerUp(): void {
    const note = this.#note;
    this.#note = null;
    this.jam = null;
    if (!note) return;
    if (note.stage === 'stacking') {
      this.queue.add(eventOf('NOTE_CLEARED_INTO_CASHBOX', note.channel));
      this.stats.credits++;
    } else if (note.stage !== 'credited') {
      this.queue.add(eventOf('NOTE_CLEARED_FROM_FRONT', note.channel));
      this.stats.returned++;
    }
  }
}
