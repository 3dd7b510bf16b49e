/**
 * The device model of an ITL NV9/NV200-style banknote validator: the SSP/eSSP slave as a pure state machine.
 * It turns one received frame into one reply (or silence) and knows nothing of ports, processes or sockets;
 * bill-acceptor-process.ts puts it on a pseudo-terminal, the in-memory line of the tests
 * (electron/testing/bill-acceptor-harness.ts) calls it directly.
 *
 * Behaviour modelled (docs/protocols/essp.md, docs/cabinet-rules.md#bill-validator):
 * - sequence flag: a command with the same flag as the previous one is a repeat and gets the stored reply
 *   (docs/protocols/essp.md#sequence-bit);
 * - eSSP: DH key exchange, then money commands must arrive encrypted (else 0xFA key not set)
 *   (docs/protocols/essp.md#essp-encryption);
 * - a note goes reading → escrow (READ_NOTE ch) → held while the host sends HOLD (each HOLD restarts the escrow
 *   timeout) → stacked on the next poll without HOLD, or returned on REJECT / escrow timeout;
 * - CREDIT_NOTE (and NOTE_CLEARED_INTO_CASHBOX) repeat in every POLL_WITH_ACK reply until EVENT_ACK; no new note
 *   is taken while one is un-ACKed;
 * - jams, stacker full and cashbox out are reported on every poll while they last;
 * - identity: GET_SERIAL_NUMBER, GET_FIRMWARE_VERSION and GET_DATASET_VERSION (or 0xF2 for an older unit);
 * - power cycle: a note in escrow comes back out of the front (0xE1), a note being stacked ends in the cashbox
 *   (0xE2); the key and the enable state are lost (docs/cabinet-rules.md#power-loss).
 * Fault injection for the link tests: duplicated events, a lost EVENT_ACK (line faults such as garbage or a bad
 * CRC belong to the process, which owns the wire).
 *
 * Length: a little over 400 lines because it is one state machine (sequence memory, session, note
 * path, ACK queue) whose private states are read together; what could stand alone already does: the
 * unit's identity and options (bill-acceptor-unit.ts), the control lines (bill-acceptor-controls.ts)
 * and the wire (bill-acceptor-process.ts).
 */
import { SEQ_FLAG, type SspFrame } from '../../devices/serial/ssp-framing.ts';
import {
  DhParty,
  EncryptionError,
  EsspSession,
  STEX,
  aesKey,
  isPrime64,
  parseFixedKey,
  readU64le,
  u64le,
} from '../../devices/bill-acceptor/essp-crypto.ts';
import {
  Command,
  Event,
  Reply,
  encodePollEvents,
  encodeSetupReply,
  type PollEvent,
} from '../../devices/bill-acceptor/ssp-protocol.ts';
import {
  DEFAULT_CHANNELS_MAJOR,
  DEFAULT_DATASET_VERSION,
  DEFAULT_FIRMWARE_VERSION,
  DEFAULT_SERIAL,
  type SlaveOptions,
} from './bill-acceptor-unit.ts';

type NoteStage = 'reading' | 'escrow' | 'stacking' | 'rejecting';
interface Note {
  channel: number;
  stage: NoteStage;
  reported: boolean;
  held: boolean;
  deadline: number;
}

export class BillAcceptorSlave {
  readonly channelsMajor: readonly number[];
  readonly #country: string;
  readonly #fixedKey: bigint;
  readonly #serial: number;
  readonly #firmwareVersion: string | null;
  readonly #datasetVersion: string | null;
  readonly #escrowTimeoutMs: number;
  readonly #now: () => number;
  readonly #log: (line: string) => void;

  #lastSeqFlag: number | null = null;
  #lastReply: Uint8Array | null = null;
  #generator: bigint | null = null;
  #modulus: bigint | null = null;
  #session: EsspSession | null = null;
  #enabled = false;
  #inhibitMask = 0;
  #note: Note | null = null;
  #queue: number[] = [];
  /** Events that need EVENT_ACK; repeated in every POLL_WITH_ACK reply until then. */
  #unacked: PollEvent[] = [];
  #ackable = false;
  #oneShot: PollEvent[] = [PollEventOf(Event.SLAVE_RESET)];
  #jam: 'safe' | 'unsafe' | null = null;
  #stackerFull = false;
  #cashboxOut = false;
  #duplicateNext = false;
  #ghostRepeat: PollEvent[] | null = null;
  /** EVENT_ACK packets to swallow (received, never answered, not acted on): a lost ACK. */
  #loseAcks = 0;
  readonly stats = { credits: 0, returned: 0, polls: 0, repeats: 0, rejectedCommands: 0 };

  constructor(options: SlaveOptions) {
    this.channelsMajor = options.channelsMajor ?? DEFAULT_CHANNELS_MAJOR;
    if (this.channelsMajor.length < 1 || this.channelsMajor.length > 16) throw new RangeError('1..16 channels');
    this.#country = options.countryCode ?? 'EUR';
    this.#fixedKey = parseFixedKey(options.fixedKeyHex, { allowPublishedDefault: true });
    this.#serial = options.serialNumber ?? DEFAULT_SERIAL;
    this.#firmwareVersion = options.firmwareVersion === undefined ? DEFAULT_FIRMWARE_VERSION : options.firmwareVersion;
    this.#datasetVersion = options.datasetVersion === undefined ? DEFAULT_DATASET_VERSION : options.datasetVersion;
    this.#escrowTimeoutMs = options.escrowTimeoutMs ?? 10_000;
    this.#now = options.now ?? Date.now;
    this.#log = options.log ?? (() => undefined);
  }

  // ── controls (bill-acceptor-controls.ts maps the control lines onto these) ──────────────────────────────

  insert(channel: number): void {
    if (!Number.isInteger(channel) || channel < 1 || channel > this.channelsMajor.length) {
      throw new RangeError(`channel must be 1..${this.channelsMajor.length}`);
    }
    this.#queue.push(channel);
    this.#log(`queued note channel ${channel}`);
  }

  jam(kind: 'safe' | 'unsafe' = 'safe'): void {
    this.#jam = kind;
    if (this.#note && kind === 'unsafe') this.#note = null; // stuck in the path: no credit, no return
  }
  clearJam(): void {
    this.#jam = null;
  }
  setStackerFull(full: boolean): void {
    this.#stackerFull = full;
  }
  setCashboxOut(out: boolean): void {
    if (this.#cashboxOut && !out) this.#oneShot.push(PollEventOf(Event.CASHBOX_REPLACED));
    this.#cashboxOut = out;
  }
  fraud(): void {
    const channel = this.#note?.channel ?? 1;
    this.#note = null;
    this.#oneShot.push({ code: Event.FRAUD_ATTEMPT, channel });
  }
  duplicateEvents(): void {
    this.#duplicateNext = true;
  }
  /** The next EVENT_ACK (and its retransmissions) is lost on the line: the credit must repeat, not double. */
  loseAck(): void {
    this.#loseAcks = 3;
  }

  /** Power loss and restart: key, enable state and the sequence memory are lost; a note in the path is cleared. */
  powerCycle(): void {
    const note = this.#note;
    this.#note = null;
    this.#session = null;
    this.#generator = this.#modulus = null;
    this.#enabled = false;
    this.#inhibitMask = 0;
    this.#lastSeqFlag = null;
    this.#lastReply = null;
    this.#oneShot = [PollEventOf(Event.SLAVE_RESET)];
    this.#jam = null; // the technician cleared the note path before powering up
    if (note) {
      if (note.stage === 'stacking') {
        // Already past the point of no return: it is in the cashbox and must be reported so (ACK needed).
        this.#unacked.push({ code: Event.NOTE_CLEARED_INTO_CASHBOX, channel: note.channel });
        this.#log(`power-up: note channel ${note.channel} cleared into the cashbox`);
      } else {
        this.#oneShot.push({ code: Event.NOTE_CLEARED_FROM_FRONT, channel: note.channel });
        this.stats.returned++;
        this.#log(`power-up: note channel ${note.channel} returned from the front`);
      }
    }
  }

  status(): Record<string, unknown> {
    return {
      enabled: this.#enabled,
      encrypted: this.#session !== null,
      note: this.#note ? { ...this.#note } : null,
      queued: [...this.#queue],
      unacked: this.#unacked.length,
      jam: this.#jam,
      stackerFull: this.#stackerFull,
      cashboxOut: this.#cashboxOut,
      ...this.stats,
    };
  }

  // ── the wire ──────────────────────────────────────────────────────────────────────────────────────────────

  /** Handles one received frame; returns the reply DATA (to frame with the same SEQ/ID) or null for silence. */
  handle(frame: SspFrame): Uint8Array | null {
    const flag = frame.seqId & SEQ_FLAG;
    const plainCode = frame.data[0];
    if (plainCode === Command.SYNC) {
      this.#lastSeqFlag = flag;
      this.#lastReply = Uint8Array.of(Reply.OK);
      return this.#lastReply;
    }
    if (this.#lastSeqFlag !== null && flag === this.#lastSeqFlag && this.#lastReply) {
      this.stats.repeats++;
      return this.#lastReply; // a retransmission: never executed twice
    }
    const reply = this.#execute(frame.data);
    if (reply === null) return null;
    this.#lastSeqFlag = flag;
    this.#lastReply = reply;
    return reply;
  }

  #execute(data: Uint8Array): Uint8Array | null {
    if (data[0] === STEX) {
      if (!this.#session) return Uint8Array.of(Reply.KEY_NOT_SET);
      let inner: Uint8Array;
      try {
        inner = this.#session.unwrap(data);
      } catch (error) {
        this.#log(`refused encrypted packet: ${(error as EncryptionError).message}`);
        return null; // silence: the host times out and renegotiates
      }
      if (inner[0] === Command.EVENT_ACK && this.#loseAcks > 0) {
        this.#loseAcks--;
        this.#log('injected: EVENT_ACK lost');
        return null;
      }
      return this.#session.wrap(this.#command(inner, true));
    }
    return this.#command(data, false);
  }

  #command(data: Uint8Array, encrypted: boolean): Uint8Array {
    const code = data[0]!;
    const args = data.subarray(1);
    const ok = Uint8Array.of(Reply.OK);
    if (!KEYLESS_COMMANDS.has(code) && !encrypted) {
      this.stats.rejectedCommands++;
      return Uint8Array.of(Reply.KEY_NOT_SET);
    }
    switch (code) {
      case Command.SET_GENERATOR:
      case Command.SET_MODULUS: {
        if (args.length !== 8) return Uint8Array.of(Reply.WRONG_PARAMETERS);
        const value = readU64le(args);
        if (!isPrime64(value)) return Uint8Array.of(Reply.OUT_OF_RANGE);
        if (code === Command.SET_GENERATOR) this.#generator = value;
        else this.#modulus = value;
        return ok;
      }
      case Command.REQUEST_KEY_EXCHANGE: {
        if (args.length !== 8) return Uint8Array.of(Reply.WRONG_PARAMETERS);
        if (this.#generator === null || this.#modulus === null || this.#generator >= this.#modulus) {
          return Uint8Array.of(Reply.CANNOT_PROCESS);
        }
        const party = new DhParty({ generator: this.#generator, modulus: this.#modulus });
        let negotiated: bigint;
        try {
          negotiated = party.negotiated(readU64le(args));
        } catch {
          return Uint8Array.of(Reply.OUT_OF_RANGE);
        }
        // The reply to the exchange goes in clear; the new key applies from the next packet on.
        this.#session = new EsspSession(aesKey(this.#fixedKey, negotiated));
        this.#log('key exchange done');
        return Uint8Array.from([Reply.OK, ...u64le(party.intermediate)]);
      }
      case Command.SETUP_REQUEST:
        return encodeSetupReply({
          firmware: '0410',
          countryCode: this.#country,
          channelValuesMajor: this.channelsMajor,
          realValueMultiplier: 100,
          protocolVersion: 7,
        });
      case Command.GET_SERIAL_NUMBER: {
        const s = this.#serial;
        return Uint8Array.of(Reply.OK, (s >>> 24) & 0xff, (s >>> 16) & 0xff, (s >>> 8) & 0xff, s & 0xff);
      }
      case Command.GET_FIRMWARE_VERSION:
        return asciiReply(this.#firmwareVersion);
      case Command.GET_DATASET_VERSION:
        return asciiReply(this.#datasetVersion);
      case Command.SET_INHIBITS:
        if (args.length < 2) return Uint8Array.of(Reply.WRONG_PARAMETERS);
        this.#inhibitMask = args[0]! | (args[1]! << 8);
        return ok;
      case Command.ENABLE:
        this.#enabled = true;
        return ok;
      case Command.DISABLE:
        this.#enabled = false;
        return ok;
      case Command.HOLD:
        if (this.#note?.stage !== 'escrow') return Uint8Array.of(Reply.CANNOT_PROCESS);
        this.#note.held = true;
        this.#note.deadline = this.#now() + this.#escrowTimeoutMs;
        return ok;
      case Command.REJECT:
        if (this.#note?.stage === 'escrow' || this.#note?.stage === 'reading') {
          this.#note.stage = 'rejecting';
          this.#note.reported = false;
          return ok;
        }
        return Uint8Array.of(Reply.CANNOT_PROCESS);
      case Command.POLL_WITH_ACK:
        return this.#poll();
      case Command.EVENT_ACK:
        if (this.#ackable && this.#unacked.length > 0) {
          this.#log(`event ack (${this.#unacked.length} event(s))`);
          this.#unacked = [];
          this.#ackable = false;
        }
        return ok;
      case Command.HOST_PROTOCOL_VERSION:
        return ok;
      default:
        return Uint8Array.of(Reply.UNKNOWN_COMMAND);
    }
  }

  #poll(): Uint8Array {
    this.stats.polls++;
    const events: PollEvent[] = [...this.#oneShot];
    this.#oneShot = [];
    if (this.#ghostRepeat) {
      events.push(...this.#ghostRepeat);
      this.#ghostRepeat = null;
    }
    if (this.#unacked.length > 0) {
      events.push(...this.#unacked); // repeated until EVENT_ACK
      this.#ackable = true;
    } else {
      this.#advanceNote(events);
    }
    if (this.#jam === 'safe') events.push(PollEventOf(Event.SAFE_JAM));
    if (this.#jam === 'unsafe') events.push(PollEventOf(Event.UNSAFE_JAM));
    if (this.#stackerFull) events.push(PollEventOf(Event.STACKER_FULL));
    if (this.#cashboxOut) events.push(PollEventOf(Event.CASHBOX_REMOVED));
    if (!this.#enabled && !this.#note) events.push(PollEventOf(Event.DISABLED));
    // Duplicated events apply to the next reply that carries a credit (CREDIT_NOTE / cleared into cashbox).
    const carriesCredit = events.some(
      (e) => e.code === Event.CREDIT_NOTE || e.code === Event.NOTE_CLEARED_INTO_CASHBOX,
    );
    if (this.#duplicateNext && carriesCredit) {
      this.#duplicateNext = false;
      // Duplicated events: the same events twice in this reply, and the ack-needing ones once more after the ACK.
      const ackNeeding = events.filter(
        (e) => e.code === Event.CREDIT_NOTE || e.code === Event.NOTE_CLEARED_INTO_CASHBOX,
      );
      if (ackNeeding.length > 0) this.#ghostRepeat = ackNeeding;
      events.push(...events);
    }
    return encodePollEvents(events);
  }

  #advanceNote(events: PollEvent[]): void {
    const now = this.#now();
    if (!this.#note) {
      const blocked = !this.#enabled || this.#jam !== null || this.#stackerFull || this.#cashboxOut;
      if (blocked || this.#queue.length === 0) return;
      const channel = this.#queue.shift()!;
      if ((this.#inhibitMask & (1 << (channel - 1))) === 0) {
        // Inhibited channel: the acceptor itself refuses the note.
        this.#oneShot.push(PollEventOf(Event.NOTE_REJECTED));
        events.push(PollEventOf(Event.NOTE_REJECTING));
        this.stats.returned++;
        this.#log(`note channel ${channel} refused: channel inhibited`);
        return;
      }
      this.#note = { channel, stage: 'reading', reported: false, held: false, deadline: 0 };
      events.push({ code: Event.READ_NOTE, channel: 0 });
      return;
    }
    const note = this.#note;
    switch (note.stage) {
      case 'reading':
        note.stage = 'escrow';
        note.deadline = now + this.#escrowTimeoutMs;
        note.reported = true;
        note.held = false;
        events.push({ code: Event.READ_NOTE, channel: note.channel });
        return;
      case 'escrow':
        if (now > note.deadline) {
          note.stage = 'rejecting';
          note.reported = false;
          this.#log(`escrow timeout: returning note channel ${note.channel}`);
          this.#advanceNote(events);
          return;
        }
        if (note.held) {
          note.held = false;
          events.push({ code: Event.READ_NOTE, channel: note.channel });
          return;
        }
        note.stage = 'stacking';
        events.push(PollEventOf(Event.NOTE_STACKING));
        return;
      case 'stacking':
        this.#note = null;
        this.#unacked.push({ code: Event.CREDIT_NOTE, channel: note.channel });
        this.#ackable = true;
        this.stats.credits++;
        this.#log(`note channel ${note.channel} stacked: CREDIT_NOTE`);
        events.push({ code: Event.CREDIT_NOTE, channel: note.channel }, PollEventOf(Event.NOTE_STACKED));
        return;
      case 'rejecting':
        if (!note.reported) {
          note.reported = true;
          events.push(PollEventOf(Event.NOTE_REJECTING));
          return;
        }
        this.#note = null;
        this.stats.returned++;
        this.#log(`note channel ${note.channel} returned`);
        events.push(PollEventOf(Event.NOTE_REJECTED));
        return;
    }
  }
}

/** OK and the text as ASCII bytes, or 0xF2 (unknown command) when the modelled unit lacks the command. */
function asciiReply(text: string | null): Uint8Array {
  if (text === null) return Uint8Array.of(Reply.UNKNOWN_COMMAND);
  return Uint8Array.from([Reply.OK, ...Array.from(text, (c) => c.charCodeAt(0) & 0x7f)]);
}

/** Commands accepted in clear; everything else must arrive encrypted once eSSP is in use. */
const KEYLESS_COMMANDS = new Set<number>([
  Command.SET_GENERATOR,
  Command.SET_MODULUS,
  Command.REQUEST_KEY_EXCHANGE,
  Command.HOST_PROTOCOL_VERSION,
]);

function PollEventOf(code: number): PollEvent {
  return { code };
}
