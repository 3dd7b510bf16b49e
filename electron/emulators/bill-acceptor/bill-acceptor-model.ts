/**
 * The device model of an ITL NV200 / NV9USB banknote validator, the SSP slave, built from the manufacturer's
 * manuals and not from this project's driver (docs/protocols/essp-device-model.md). It turns one received
 * packet into one reply or silence and knows nothing of ports or processes: bill-acceptor-process.ts puts it
 * on a pseudo-terminal, the in-memory line of the driver tests calls handle() directly.
 *
 * This file holds the packet rules and joins the parts, each in its own file under essp/:
 * - ssp-wire.ts: framing, CRC, byte stuffing;            - essp-packet.ts: the AES-128 packet;
 * - key-exchange.ts: the unit's side of Diffie–Hellman;  - essp-counter.ts: eCOUNT;
 * - event-table.ts / event-queue.ts: events, POLL and POLL_WITH_ACK; - note-path.ts: the note and the faults;
 * - command-handlers.ts: the command table and its replies.
 * Packet rules here: the sequence flag (a repeat gets the stored reply), SYNC, the eSSP gate (which commands
 * must be encrypted, KEY NOT SET, a wrong count is dropped, a wrong key puts the unit out of service until
 * RESET or power-up), start-up (SLAVE_RESET, INITIALISING) and the fault injections of the link tests.
 */
import {
  executeCommand,
  CMD,
  ENCRYPTION_REQUIRED,
  KEY_SETUP,
  REPLY,
  type UnitIdentity,
  type UnitPorts,
} from './essp/command-handlers.ts';
import { EsspCounter } from './essp/essp-counter.ts';
import { STEX, aesKeyOf, openEncrypted, sealEncrypted } from './essp/essp-packet.ts';
import { EVENTS, eventOf, reportable } from './essp/event-table.ts';
import { EventQueue, encodePollReply, type PollKind } from './essp/event-queue.ts';
import { LinkFaults } from './essp/link-faults.ts';
import { SlaveKeyExchange } from './essp/key-exchange.ts';
import { DEFAULT_TIMINGS, NotePath, REJECT } from './essp/note-path.ts';
import { ADDRESS_MASK, SEQUENCE_BIT, type SspPacket } from './essp/ssp-wire.ts';
import {
  DEFAULT_CHANNELS_MAJOR,
  DEFAULT_DATASET_VERSION,
  DEFAULT_FIRMWARE_VERSION,
  DEFAULT_INITIALISING_MS,
  DEFAULT_SERIAL,
  FACTORY_FIXED_KEY_HEX,
  parseFixedKeyHex,
  type SlaveOptions,
} from './bill-acceptor-unit.ts';

const OK = Uint8Array.of(REPLY.OK);
const KEY_NOT_SET = Uint8Array.of(REPLY.KEY_NOT_SET);

export class BillAcceptorSlave {
  readonly channelsMajor: readonly number[];
  readonly identity: UnitIdentity;
  readonly #notes: NotePath;
  readonly #queue: EventQueue;
  readonly #keys: SlaveKeyExchange;
  readonly #counter = new EsspCounter();
  readonly #ports: UnitPorts;
  readonly #now: () => number;
  readonly #log: (line: string) => void;
  readonly #forced: boolean;
  readonly #powerUpProtocol: number;
  readonly #initialisingMs: number;

  #fixedKey: bigint;
  #key: Uint8Array | null = null;
  #pendingKey: bigint | null = null;
  #outOfService = false;
  #restartPending = false;
  #lastFlag: number | null = null;
  #lastReply: Uint8Array | null = null;
  #protocolVersion: number;
  #enabled = false;
  #inhibitMask = 0;
  #display = true;
  #initialisingUntil = 0;
  #initialising = true;
  #channelDisableShown = false;
  /** The command being run came encrypted (a reply in clear never carries credit). */
  #runningEncrypted = false;
  #counterBase = { stacked: 0, rejected: 0 };
  readonly #faults = new LinkFaults();
  readonly stats = { polls: 0, repeats: 0, rejectedCommands: 0, dropped: 0, wrongKey: 0 };

  constructor(options: SlaveOptions) {
    this.channelsMajor = options.channelsMajor ?? DEFAULT_CHANNELS_MAJOR;
    const n = this.channelsMajor.length;
    if (n < 1 || n > 16 || this.channelsMajor.some((v) => !Number.isInteger(v) || v < 1)) {
      throw new RangeError('the unit has 1..16 channels, each a whole value of at least 1');
    }
    const product = options.product ?? 'NV200';
    this.identity = {
      product,
      channelsMajor: this.channelsMajor,
      countryCode: options.countryCode ?? 'EUR',
      serialNumber: options.serialNumber ?? DEFAULT_SERIAL,
      firmwareShort: '0410',
      firmwareVersion: options.firmwareVersion === undefined ? DEFAULT_FIRMWARE_VERSION : options.firmwareVersion,
      datasetVersion: options.datasetVersion === undefined ? DEFAULT_DATASET_VERSION : options.datasetVersion,
      realValueMultiplier: 100,
      maxProtocolVersion: options.maxProtocolVersion ?? 7,
      buildRevision: 20,
    };
    this.#fixedKey = parseFixedKeyHex(options.fixedKeyHex);
    this.#forced = (options.encryption ?? 'forced') === 'forced';
    this.#powerUpProtocol = options.powerUpProtocolVersion ?? 6;
    this.#protocolVersion = this.#powerUpProtocol;
    this.#initialisingMs = options.initialisingMs ?? DEFAULT_INITIALISING_MS;
    this.#now = options.now ?? Date.now;
    this.#log = options.log ?? (() => undefined);
    this.#keys = new SlaveKeyExchange(options.slaveRandom);
    this.#queue = new EventQueue(() => this.#protocolVersion, product);
    const timings = { ...DEFAULT_TIMINGS, ...options.timings };
    if (options.escrowTimeoutMs !== undefined) timings.escrowTimeoutMs = options.escrowTimeoutMs;
    this.#notes = new NotePath(timings, this.#queue);
    this.#ports = this.#makePorts();
    this.#powerUp();
  }

  // ── the wire ──────────────────────────────────────────────────────────────────────────────────────────────

  /** One received packet (CRC already checked); the reply DATA to send with the same SEQ/ID, or null for none. */
  handle(packet: SspPacket): Uint8Array | null {
    if ((packet.seqId & ADDRESS_MASK) !== 0) return null; // another slave's packet
    const now = this.#now();
    this.#tick(now);
    const flag = packet.seqId & SEQUENCE_BIT;
    const data = packet.data;
    if (data.length === 1 && data[0] === CMD.SYNC) {
      // SYNC always runs: the unit then expects the sequence flag clear on the next packet.
      this.#lastFlag = SEQUENCE_BIT;
      this.#lastReply = OK;
      return OK;
    }
    if (this.#lastFlag !== null && flag === this.#lastFlag && this.#lastReply) {
      this.stats.repeats++;
      return this.#lastReply; // a retransmission: repeated, never executed twice
    }
    const answer = this.#receive(data, now);
    if (answer === null) return null; // not accepted: the sequence memory stays as it was
    this.#lastFlag = flag;
    this.#lastReply = answer;
    if (this.#pendingKey !== null) {
      this.#key = aesKeyOf(this.#fixedKey, this.#pendingKey);
      this.#pendingKey = null;
      this.#counter.reset();
      this.#log('key exchange done: eSSP from the next packet on');
    }
    if (this.#restartPending) this.#powerUp();
    return answer;
  }

  #receive(data: Uint8Array, now: number): Uint8Array | null {
    if (this.#outOfService) {
      if (data.length === 1 && data[0] === CMD.RESET) {
        this.#restartPending = true;
        return OK;
      }
      return KEY_NOT_SET;
    }
    if (data[0] === STEX) return this.#receiveEncrypted(data, now);
    const code = data[0]!;
    if (this.#forced && !KEY_SETUP.has(code)) {
      this.stats.rejectedCommands++;
      return KEY_NOT_SET;
    }
    if (ENCRYPTION_REQUIRED.has(code)) {
      this.stats.rejectedCommands++;
      return this.#key ? Uint8Array.of(REPLY.OUT_OF_RANGE) : KEY_NOT_SET;
    }
    return this.#run(data, false, now);
  }

  #receiveEncrypted(data: Uint8Array, now: number): Uint8Array | null {
    const key = this.#key;
    if (!key) {
      this.stats.rejectedCommands++;
      return KEY_NOT_SET;
    }
    const opened = openEncrypted(key, data);
    if (opened.kind === 'malformed') {
      this.stats.dropped++;
      return null;
    }
    if (opened.kind === 'wrong-key') {
      // GA138: "the slave should go out of service until it is reset"; GA973: it answers KEY NOT SET.
      this.stats.wrongKey++;
      this.#outOfService = true;
      this.#enabled = false;
      this.#log('encrypted packet with a wrong key: out of service until RESET or power-up');
      return KEY_NOT_SET;
    }
    if (opened.data[0] === CMD.EVENT_ACK && this.#faults.swallowAck()) {
      this.#log('injected: EVENT_ACK lost on the line');
      return null;
    }
    if (!this.#counter.accept(opened.count)) {
      this.stats.dropped++;
      this.#log(`encrypted packet dropped: eCOUNT ${opened.count}, expected ${this.#counter.expected}`);
      return null;
    }
    const inner = opened.data[0] === STEX ? Uint8Array.of(REPLY.UNKNOWN) : this.#run(opened.data, true, now);
    return sealEncrypted(key, this.#counter.replyCount, inner);
  }

  #run(data: Uint8Array, encrypted: boolean, now: number): Uint8Array {
    const code = data[0]!;
    if (code !== CMD.POLL && code !== CMD.POLL_WITH_ACK) this.#notes.onOtherCommand(now);
    this.#runningEncrypted = encrypted;
    return executeCommand(this.#ports, data);
  }

  // ── what the commands see ─────────────────────────────────────────────────────────────────────────────────

  #makePorts(): UnitPorts {
    return {
      identity: this.identity,
      notes: this.#notes,
      keys: this.#keys,
      counters: () => ({
        stacked: this.#notes.stats.stacked - this.#counterBase.stacked,
        rejected: this.#notes.stats.returned - this.#counterBase.rejected,
      }),
      resetCounters: () =>
        void (this.#counterBase = { stacked: this.#notes.stats.stacked, rejected: this.#notes.stats.returned }),
      protocolVersion: () => this.#protocolVersion,
      setProtocolVersion: (version) => void (this.#protocolVersion = version),
      setEnabled: (enabled) => void (this.#enabled = enabled),
      setInhibitMask: (mask) => void (this.#inhibitMask = mask),
      setDisplay: (on) => void (this.#display = on),
      now: () => this.#now(),
      poll: (kind) => this.#poll(kind),
      acknowledgeEvents: () => this.#acknowledge(),
      installNegotiatedKey: (key) => void (this.#pendingKey = key),
      setFixedKey: (key) => {
        this.#fixedKey = key === 'default' ? parseFixedKeyHex(FACTORY_FIXED_KEY_HEX) : key;
        this.#log('fixed key changed');
      },
      restartAfterReply: () => void (this.#restartPending = true),
      channelsChanged: () => this.#channelsChanged(),
    };
  }

  get #openChannels(): number {
    return this.#inhibitMask & ((1 << this.channelsMajor.length) - 1);
  }

  #channelsChanged(): void {
    if (this.#enabled && this.#openChannels === 0) {
      if (!this.#channelDisableShown) this.#queue.add(eventOf('CHANNEL_DISABLE'));
      this.#channelDisableShown = true;
    } else this.#channelDisableShown = false;
  }

  #tick(now: number): void {
    if (this.#initialising && now >= this.#initialisingUntil) {
      this.#initialising = false;
      this.#queue.initialisingEnded();
    }
    const mayStart = this.#enabled && !this.#initialising && this.#queue.pendingAck === 0 && this.#openChannels !== 0;
    this.#notes.advance(now, mayStart, (channel) => (this.#inhibitMask & (1 << (channel - 1))) === 0);
  }

  #poll(kind: PollKind): Uint8Array {
    this.stats.polls++;
    const now = this.#now();
    this.#tick(now);
    const lasting = this.#notes.onPoll(now);
    const queued = this.#queue.take(kind, !this.#runningEncrypted);
    const state = [...lasting, ...this.#notes.faultEvents()];
    if (!this.#enabled || this.#notes.jam !== null) state.push(eventOf('DISABLED'));
    const { events, injected } = this.#faults.apply(
      queued,
      state.filter((e) => reportable(e, this.#protocolVersion, this.identity.product)),
    );
    if (injected) this.#log('injected: duplicated events');
    return encodePollReply(events);
  }

  #acknowledge(): void {
    const cleared = this.#queue.acknowledge(this.#initialising);
    if (cleared > 0) this.#log(`EVENT_ACK: ${cleared} event(s) cleared`);
  }

  /** Power-up or restart: everything volatile is lost and the unit starts up again. */
  #powerUp(): void {
    const now = this.#now();
    this.#restartPending = false;
    this.#key = null;
    this.#pendingKey = null;
    this.#counter.reset();
    this.#keys.forget();
    this.#outOfService = false;
    this.#lastFlag = null;
    this.#lastReply = null;
    this.#protocolVersion = this.#powerUpProtocol;
    this.#enabled = false;
    this.#inhibitMask = 0;
    this.#display = true;
    this.#channelDisableShown = false;
    this.#initialising = true;
    this.#initialisingUntil = now + this.#initialisingMs;
    this.#faults.reset();
    this.#queue.clear();
    this.#queue.add(eventOf('SLAVE_RESET'));
    this.#queue.add(eventOf('INITIALISING'));
    this.#notes.powerUp();
  }

  // ── controls (bill-acceptor-controls.ts maps the control lines onto these) ──────────────────────────────

  insert(channel: number): void {
    this.#checkChannel(channel);
    this.#notes.insert(channel);
    this.#tick(this.#now()); // a ready unit takes it in at once
    this.#log(`note at the bezel: channel ${channel}`);
  }

  /** A note the unit will not recognise; it is read and handed back with this reject code. */
  insertInvalid(rejectCode: number = REJECT.AVERAGE_FAIL): void {
    if (!Number.isInteger(rejectCode) || rejectCode < 1 || rejectCode > 0x1f)
      throw new RangeError('reject code must be 1..31');
    this.#notes.insert(0, rejectCode);
    this.#tick(this.#now());
  }

  jam(kind: 'safe' | 'unsafe' = 'safe'): void {
    this.#tick(this.#now());
    this.#notes.setJam(kind);
  }
  clearJam(): void {
    this.#notes.jam = null;
  }
  setStackerFull(full: boolean): void {
    this.#notes.stackerFull = full;
  }
  setCashboxOut(out: boolean): void {
    this.#requireNv200('cashbox removed / replaced');
    this.#notes.setCashboxOut(out);
  }
  setPathOpen(open: boolean): void {
    this.#requireNv200('note path open');
    this.#notes.pathOpen = open;
  }
  fraud(): void {
    this.#requireNv200('fraud attempt');
    this.#tick(this.#now());
    this.#notes.fraud();
  }
  duplicateEvents(): void {
    this.#faults.duplicateNextCredit();
  }
  /** The next EVENT_ACK (and its retransmissions) is lost on the line: the credit must repeat, not double. */
  loseAck(): void {
    this.#faults.loseNextAck();
  }
  powerCycle(): void {
    this.#tick(this.#now());
    this.#powerUp();
    this.#log('power cycle');
  }

  status(): Record<string, unknown> {
    this.#tick(this.#now());
    const notes = this.#notes;
    return {
      product: this.identity.product,
      enabled: this.#enabled,
      encrypted: this.#key !== null,
      outOfService: this.#outOfService,
      initialising: this.#initialising,
      protocolVersion: this.#protocolVersion,
      eCount: this.#counter.expected,
      inhibitMask: this.#inhibitMask,
      display: this.#display,
      note: notes.note,
      queued: notes.waiting,
      unacked: this.#queue.pendingAck,
      pending: this.#queue.peek().map((e) => e.spec.name),
      jam: notes.jam,
      stackerFull: notes.stackerFull,
      cashboxOut: notes.cashboxOut,
      pathOpen: notes.pathOpen,
      lastRejectCode: notes.lastRejectCode,
      ...notes.stats,
      ...this.stats,
    };
  }

  #checkChannel(channel: number): void {
    if (!Number.isInteger(channel) || channel < 1 || channel > this.channelsMajor.length) {
      throw new RangeError(`channel must be 1..${this.channelsMajor.length}`);
    }
  }

  #requireNv200(what: string): void {
    if (!EVENTS.CASHBOX_REMOVED.products.includes(this.identity.product)) {
      throw new RangeError(`an ${this.identity.product} does not report ${what}`);
    }
  }
}
