/**
 * What the host does with a note (docs/protocols/essp.md#credit-rules, docs/cabinet-rules.md#bill-validator):
 *
 * - escrow (READ_NOTE ch > 0): written down first (note-tracker.ts), then HOLD while deciding; REJECT when the
 *   channel is not accepted (venue configuration, currency), the cabinet cannot take money now, or
 *   cabinet.canAcceptBill refuses (credit limit). Otherwise the next poll lets the acceptor stack it.
 * - credit only on CREDIT_NOTE (or NOTE_CLEARED_INTO_CASHBOX at power-up) for the channel of the recorded
 *   escrow, under the escrow's event key; an unacknowledged repeat maps to the same key (journaled once); any
 *   other credit without its escrow, also one after the ACK, is refused and raised as an anomaly ("count the
 *   cashbox").
 * - a new session while a recorded note may still sit in escrow (renegotiation, host restart): the note is
 *   decided again before the first poll, because the first poll would accept it (resumeEscrow).
 */
import type { CabinetSnapshot, DevicePort } from '../../core/cabinet/cabinet-api.ts';
import { AcceptorCounters, type RejectReason, type TestNote } from './acceptor-diagnostics.ts';
import type { NoteTracker } from './note-tracker.ts';
import { SspReplyError, type SspMaster } from './ssp-master.ts';
import { Command, eventName, type PollEvent, type SetupInfo } from './ssp-protocol.ts';

export interface EscrowMetrics {
  credits: number;
  duplicateCredits: number;
  rejects: number;
  /** Time from receiving a CREDIT_NOTE reply to creditBill returning (committed). */
  readonly creditLatencyMs: number[];
}

/** The cabinet side of the enable policy: no tilt, round phase idle or betting, not in demo mode. */
export function cabinetTakesMoney(snapshot: CabinetSnapshot | null): boolean {
  if (!snapshot) return false;
  return snapshot.tilts.length === 0 && !snapshot.demo && (snapshot.phase === 'idle' || snapshot.phase === 'betting');
}

export interface EscrowPolicyOptions {
  readonly tracker: NoteTracker;
  readonly setup: SetupInfo;
  /** Channels the venue accepts in the cabinet's currency (bill-acceptor-config.ts acceptedChannels). */
  readonly acceptedChannels: readonly number[];
  readonly cabinet: Pick<DevicePort, 'canAcceptBill' | 'creditBill'>;
  readonly metrics: EscrowMetrics;
  /** The diagnostics counters (notes in, rejects by reason); a private set when absent. */
  readonly counters?: AcceptorCounters;
  /** Note test mode: a note at escrow is read, reported and returned, never recorded, stacked or credited. */
  testMode?(): boolean;
  /** A note was read in test mode. */
  testNote?(note: Omit<TestNote, 'at'>): void;
  /** The enable policy: false while the cabinet cannot take money or the acceptor has a condition. */
  canTakeMoney(): boolean;
  /** A credit without its escrow: the credit-anomaly fault. */
  anomaly(reason: string): void;
  emit(type: string, detail: string): void;
}

/** Why a note must go back, for the counters and the event line. */
export interface RejectDecision {
  readonly reason: RejectReason;
  readonly text: string;
}

export class EscrowPolicy {
  readonly #options: EscrowPolicyOptions;
  readonly #counters: AcceptorCounters;
  /** The host sent REJECT for the note now on its way back (so its 0xEC is not counted again). */
  #hostRejected = false;
  /** A test-mode note is in escrow or on its way back: its repeated READ_NOTE is not read twice. */
  #testNotePending = false;

  constructor(options: EscrowPolicyOptions) {
    this.#options = options;
    this.#counters = options.counters ?? new AcceptorCounters();
  }

  get tracker(): NoteTracker {
    return this.#options.tracker;
  }

  /** Why a note of `channel` worth `valueMinor` must go back, or null when it may be stacked. */
  decide(channel: number, valueMinor: number): RejectDecision | null {
    if (!this.#options.acceptedChannels.includes(channel))
      return { reason: 'channel-not-accepted', text: `channel ${channel} is not accepted by the venue configuration` };
    if (!this.#options.canTakeMoney())
      return { reason: 'cabinet-not-taking-money', text: 'the cabinet cannot take money now' };
    const decision = this.#options.cabinet.canAcceptBill(valueMinor);
    return decision.accept ? null : { reason: 'cabinet-refused', text: decision.reason };
  }

  /** READ_NOTE with channel > 0: record, HOLD, decide, REJECT or let it stack (test mode: read and REJECT). */
  async escrow(master: Pick<SspMaster, 'command'>, channel: number): Promise<void> {
    const { tracker, metrics, emit } = this.#options;
    const counters = this.#counters;
    const valueMinor = this.#options.setup.channelValuesMinor[channel - 1] ?? 0;
    if (this.#testNotePending) return; // the same test note reported again
    if (this.#options.testMode?.() === true) {
      // Never written to the tracker: nothing about this note may ever lead to a credit.
      this.#testNotePending = true;
      this.#options.testNote?.({ channel, valueMinor });
      counters.reject('test-mode');
      emit('test-note', `test mode: note channel ${channel} (${valueMinor}) read and returned, not credited`);
      await this.#reject(master);
      return;
    }
    // Written down before the acceptor hears from us: a stacked note after a crash still finds its escrow.
    let fresh: boolean;
    try {
      fresh = tracker.escrow(channel, valueMinor);
    } catch (error) {
      // Cannot record the note (disk full, read-only…): never let it be stacked without a record.
      emit('error', `cannot record the escrow: ${error instanceof Error ? error.message : String(error)}`);
      this.#hostRejected = true;
      await master.command(Uint8Array.of(Command.REJECT)).catch(() => undefined);
      metrics.rejects++;
      counters.reject('not-recorded');
      return;
    }
    if (!fresh) return; // the same escrow reported again: already decided
    await master.command(Uint8Array.of(Command.HOLD)).catch((error: unknown) => {
      if (!(error instanceof SspReplyError)) throw error; // the note moved on meanwhile: the next poll tells
    });
    const decision = this.decide(channel, valueMinor);
    if (decision) {
      metrics.rejects++;
      counters.reject(decision.reason);
      emit('reject', `note channel ${channel} (${valueMinor}) rejected: ${decision.text}`);
      await this.#reject(master);
    } else {
      emit('escrow', `note channel ${channel} (${valueMinor}) accepted, stacking`);
    }
  }

  async #reject(master: Pick<SspMaster, 'command'>): Promise<void> {
    this.#hostRejected = true;
    await master.command(Uint8Array.of(Command.REJECT)).catch((error: unknown) => {
      if (!(error instanceof SspReplyError)) throw error;
    });
  }

  /**
   * A new session while the tracker still holds an escrow record: the note may still be in escrow (every command
   * but a poll keeps it held, GA138 HOLD), and the first POLL_WITH_ACK would stack it. So it is decided again now:
   * REJECT when it may no longer be taken; otherwise the poll stacks it and its CREDIT_NOTE finds the record, the
   * same key. A REJECT the unit refuses (the note had moved on) changes nothing: the next poll says where it is.
   */
  async resumeEscrow(master: Pick<SspMaster, 'command'>): Promise<void> {
    const note = this.#options.tracker.state.note;
    if (!note || note.stage !== 'escrow') return;
    const decision = this.decide(note.channel, note.valueMinor);
    if (!decision) {
      this.#options.emit('escrow', `${note.key}: still accepted after the new session, stacking`);
      return;
    }
    this.#options.metrics.rejects++;
    this.#counters.reject(decision.reason);
    this.#options.emit('reject', `${note.key} rejected after the new session: ${decision.text}`);
    await this.#reject(master);
  }

  /** BARCODE_TICKET_VALIDATED: a ticket in escrow. The cabinet redeems no tickets, so it goes back at once. */
  async ticket(master: Pick<SspMaster, 'command'>): Promise<void> {
    this.#options.emit('reject', 'barcode ticket rejected: the cabinet takes notes only');
    await this.#reject(master);
  }

  /** NOTE_REJECTED / NOTE_CLEARED_FROM_FRONT: the note went back to the player. */
  returned(): void {
    if (!this.#hostRejected && !this.#testNotePending) this.#counters.reject('acceptor');
    this.#hostRejected = false;
    this.#testNotePending = false;
    this.#options.tracker.returned();
  }

  /** CREDIT_NOTE / NOTE_CLEARED_INTO_CASHBOX: credits the recorded escrow's note once, or refuses. */
  credit(event: PollEvent, received: number): void {
    const { tracker, metrics, emit, cabinet } = this.#options;
    const channel = event.channel ?? 0;
    const decision = tracker.credit(channel);
    if (!decision.credit) {
      emit('credit-refused', `${eventName(event.code)}: ${decision.reason}`);
      this.#options.anomaly(decision.reason);
      return;
    }
    const credited = cabinet.creditBill({ valueMinor: decision.valueMinor, channel, eventKey: decision.key });
    if (credited) {
      metrics.credits++;
      this.#counters.notesIn++;
      metrics.creditLatencyMs.push(performance.now() - received);
      emit('credit', `${decision.key}: channel ${channel}, ${decision.valueMinor} credited`);
    } else {
      metrics.duplicateCredits++;
      emit('duplicate', `${decision.key} was already credited (repeated ${eventName(event.code)})`);
    }
  }

  /** EVENT_ACK went through: the acceptor has forgotten the credit. */
  acked(): void {
    this.#options.tracker.acked();
  }
}
