/**
 * The money flow of one ID-003 unit (docs/protocols/id003.md#credit-rules,
 * docs/cabinet-rules.md#bill-validator):
 *
 * - ESCROW(code): the note is written down first (note-tracker.ts, the same on-disk scheme and eventKey as the
 *   eSSP driver), then the decision goes out at once — STACK-1, or RETURN when the code is not an accepted
 *   channel, the cabinet cannot take money, or canAcceptBill refuses. The decision is kept per note, so a
 *   repeated ESCROW (our STACK-1 was lost) gets the same answer. Deciding is synchronous, so no HOLD is needed.
 * - VEND_VALID is the only credit: creditBill under the escrow's key, journaled, and only then ACK. A repeat
 *   (the ACK was lost) maps to the same key and the cabinet journals it once. The record counts as acknowledged
 *   when the unit reports anything else (STACKED, IDLING…); a VEND_VALID after that, or without any escrow, or
 *   for a note the host told to return, is a credit anomaly: latched fault, nothing credited, still ACKed so
 *   the unit does not stall.
 * - STACKED credits nothing. A note that leaves without VEND_VALID (IDLING, DISABLED or the next ACCEPTING with
 *   the record still at escrow) is closed as returned.
 * - Power-up: a credited note is in the cashbox (closed). An escrowed, uncredited note found in the stacker
 *   (POWER UP WITH BILL IN STACKER, or a plain power-up after STACKING was seen) is never credited: the
 *   `uncredited-bill-in-stacker` fault sends an attendant to count the cashbox. Otherwise (in the acceptor, or
 *   gone) it is returned by the RESET that follows.
 */
import type { DevicePort } from '../../../core/cabinet/cabinet-api.ts';
import type { AcceptorCounters, RejectReason, TestNote } from '../acceptor-diagnostics.ts';
import type { NoteTracker } from '../note-tracker.ts';
import type { Id003Channel } from './id003-denominations.ts';
import { Command, Status, rejectReason } from './id003-protocol.ts';
import { Id003ReplyError } from './id003-master.ts';

export interface Id003Metrics {
  credits: number;
  duplicateCredits: number;
  rejects: number;
  /** VEND_VALID received → creditBill returned (committed). */
  readonly creditLatencyMs: number[];
  /** Status replies received. */
  polls: number;
}

/** What the money flow sends to the unit. */
export interface Id003Unit {
  operate(command: number): Promise<void>;
  sendAck(): Promise<void>;
}

export interface Id003EscrowOptions {
  readonly tracker: NoteTracker;
  readonly channels: readonly Id003Channel[];
  readonly acceptedChannels: readonly number[];
  readonly cabinet: Pick<DevicePort, 'canAcceptBill' | 'creditBill'>;
  readonly metrics: Id003Metrics;
  readonly counters: AcceptorCounters;
  testMode(): boolean;
  testNote(note: Omit<TestNote, 'at'>): void;
  /** The enable policy: false while the cabinet cannot take money or the unit has a condition. */
  canTakeMoney(): boolean;
  anomaly(condition: 'credit-anomaly' | 'uncredited-bill-in-stacker', reason: string): void;
  emit(type: string, detail: string): void;
}

export class Id003Escrow {
  readonly #options: Id003EscrowOptions;
  /** The answer given to the recorded note (by its number), so a repeated ESCROW gets the same one. */
  #decision: { seq: number; stack: boolean; reason: RejectReason | null } | null = null;
  /** STACKING was seen for this note number: it may be in the cashbox even without VEND_VALID. */
  #stackingSeq: number | null = null;
  /** A note not recorded (test mode, unknown code, not recordable) is on its way back. */
  #unrecordedReturn = false;

  constructor(options: Id003EscrowOptions) {
    this.#options = options;
  }

  get tracker(): NoteTracker {
    return this.#options.tracker;
  }

  /** ESCROW with its denomination code. */
  async escrow(unit: Id003Unit, code: number | undefined): Promise<void> {
    const { tracker, counters, emit } = this.#options;
    const channel = this.#options.channels.find((c) => c.code === code);
    if (this.#unrecordedReturn) return this.#send(unit, Command.RETURN);
    if (this.#options.testMode()) {
      this.#unrecordedReturn = true;
      this.#options.testNote({ channel: channel?.channel ?? 0, valueMinor: channel?.valueMinor ?? 0 });
      counters.reject('test-mode');
      emit('test-note', `test mode: note code ${hexOf(code)} read and returned, not credited`);
      return this.#send(unit, Command.RETURN);
    }
    if (!channel || !this.#options.acceptedChannels.includes(channel.channel)) {
      // Nothing to credit, so nothing to record: the note goes back.
      this.#unrecordedReturn = true;
      this.#reject('channel-not-accepted', `note code ${hexOf(code)} is not an accepted channel`);
      return this.#send(unit, Command.RETURN);
    }
    try {
      tracker.escrow(channel.channel, channel.valueMinor);
    } catch (error) {
      this.#unrecordedReturn = true;
      emit('error', `cannot record the escrow: ${error instanceof Error ? error.message : String(error)}`);
      this.#reject('not-recorded', 'the escrow could not be recorded');
      return this.#send(unit, Command.RETURN);
    }
    const note = tracker.state.note!;
    if (this.#decision?.seq !== note.seq) {
      const refusal = this.#decide(channel.valueMinor, channel.channel);
      this.#decision = { seq: note.seq, stack: refusal === null, reason: refusal?.reason ?? null };
      if (refusal)
        this.#reject(refusal.reason, `note channel ${channel.channel} (${channel.valueMinor}): ${refusal.text}`);
      else emit('escrow', `${note.key}: channel ${channel.channel} (${channel.valueMinor}) accepted, stacking`);
    }
    await this.#send(unit, this.#decision.stack ? Command.STACK_1 : Command.RETURN);
  }

  #decide(valueMinor: number, channel: number): { reason: RejectReason; text: string } | null {
    if (!this.#options.acceptedChannels.includes(channel)) {
      return { reason: 'channel-not-accepted', text: 'not accepted by the venue configuration' };
    }
    if (!this.#options.canTakeMoney())
      return { reason: 'cabinet-not-taking-money', text: 'the cabinet cannot take money now' };
    const decision = this.#options.cabinet.canAcceptBill(valueMinor);
    return decision.accept ? null : { reason: 'cabinet-refused', text: decision.reason };
  }

  #reject(reason: RejectReason, text: string): void {
    this.#options.metrics.rejects++;
    this.#options.counters.reject(reason);
    this.#options.emit('reject', `returned: ${text}`);
  }

  async #send(unit: Id003Unit, command: number): Promise<void> {
    try {
      await unit.operate(command);
    } catch (error) {
      // INVALID COMMAND: the note moved on meanwhile; the next status tells where it is.
      if (!(error instanceof Id003ReplyError)) throw error;
    }
  }

  /** STACKING. */
  stacking(): void {
    const note = this.#options.tracker.state.note;
    if (note?.stage === 'escrow') this.#stackingSeq = note.seq;
  }

  /** VEND_VALID: credit the recorded escrow once, then ACK. */
  async vendValid(unit: Id003Unit, received: number): Promise<void> {
    const { tracker, cabinet, metrics, emit } = this.#options;
    const note = tracker.state.note;
    if (!note || note.stage === 'acked') {
      this.#options.anomaly(
        'credit-anomaly',
        note ? `a valid note after ${note.key} was settled, without a new escrow` : 'a valid note without any escrow',
      );
    } else if (this.#decision?.seq === note.seq && !this.#decision.stack) {
      this.#options.anomaly('credit-anomaly', `a valid note for ${note.key}, which the host told the unit to return`);
      tracker.returned();
    } else {
      const decision = tracker.credit(note.channel);
      if (decision.credit) {
        // Committed to the journal before the unit may forget the note; a throw leaves it un-ACKed (repeats).
        const credited = cabinet.creditBill({
          valueMinor: decision.valueMinor,
          channel: note.channel,
          eventKey: decision.key,
        });
        if (credited) {
          metrics.credits++;
          this.#options.counters.notesIn++;
          metrics.creditLatencyMs.push(performance.now() - received);
          emit('credit', `${decision.key}: channel ${note.channel}, ${decision.valueMinor} credited`);
        } else {
          metrics.duplicateCredits++;
          emit('duplicate', `${decision.key} was already credited (repeated VEND_VALID)`);
        }
      } else {
        this.#options.anomaly('credit-anomaly', decision.reason);
      }
    }
    await unit.sendAck();
  }

  /** Any status but VEND_VALID: the unit has moved on, so the last ACK arrived; an idle unit holds no note. */
  settle(status: number): void {
    const tracker = this.#options.tracker;
    const note = tracker.state.note;
    if (note?.stage === 'credited') tracker.acked();
    // Idle, or taking in the next note: the previous note is no longer in the unit.
    const gone = status === Status.IDLING || status === Status.DISABLED || status === Status.ACCEPTING;
    if (gone || status === Status.RETURNING) this.#unrecordedReturn = false;
    if (note?.stage === 'escrow' && gone) {
      tracker.returned();
      this.#options.emit(
        'returned',
        `${note.key}: the note left the unit without a valid-note report; nothing credited`,
      );
    }
  }

  /** REJECTING with its reason: the unit refused the note itself. */
  rejecting(reasonCode: number | undefined): void {
    this.#options.counters.reject('acceptor');
    this.#options.emit('reject', `the unit rejected a note: ${rejectReason(reasonCode)}`);
    this.#close();
  }

  /** RETURNING: the note goes back to the player. */
  returning(): void {
    const note = this.#options.tracker.state.note;
    if (note?.stage === 'escrow' && this.#decision?.seq !== note.seq) this.#options.counters.reject('acceptor');
    this.#close();
  }

  #close(): void {
    const note = this.#options.tracker.state.note;
    if (note?.stage !== 'escrow') return;
    this.#options.tracker.returned();
    this.#options.emit('returned', `${note.key}: note returned to the player`);
  }

  /** A power-up status, before the RESET that follows it. */
  powerUp(status: number): void {
    const { tracker, emit } = this.#options;
    const note = tracker.state.note;
    this.#unrecordedReturn = false;
    if (!note) return;
    if (note.stage === 'credited') {
      tracker.acked();
      emit('power-up', `${note.key} was credited before the power-up; it is in the cashbox`);
    } else if (note.stage === 'escrow') {
      const inStacker = status === Status.POWER_UP_BILL_IN_STACKER || this.#stackingSeq === note.seq;
      tracker.returned();
      if (inStacker) {
        this.#options.anomaly(
          'uncredited-bill-in-stacker',
          `${note.key} (channel ${note.channel}, ${note.valueMinor}) may be in the cashbox but was never credited`,
        );
      } else {
        emit(
          'returned',
          `${note.key}: power-up with the note in the acceptor or gone; it is returned, nothing credited`,
        );
      }
    }
    this.#decision = null;
    this.#stackingSeq = null;
  }
}

function hexOf(code: number | undefined): string {
  return code === undefined ? '(none)' : `0x${code.toString(16).padStart(2, '0')}`;
}
