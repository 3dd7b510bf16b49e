/**
 * The eSSP banknote validator driver (ITL NV9/NV200 family): link supervision, handshake, polling, escrow
 * decisions, crediting, tilts. It talks to the cabinet only through the narrow {@link CabinetPort}.
 *
 * Rules implemented (domain-notes §3 "Bill validator", "Door and tilt", "Power loss"; §4):
 * - handshake: SYNC, eSSP key exchange, GET_SERIAL_NUMBER, SETUP_REQUEST, SET_INHIBITS (venue-enabled
 *   channels), DISABLE; then POLL_WITH_ACK every pollIntervalMs (≥ 200 ms).
 * - escrow (READ_NOTE ch > 0): written down first (note-tracker.ts), then HOLD while deciding; REJECT when the
 *   channel is disabled by the venue, unknown, or cabinet.canAcceptBill refuses (credit limit, tilt, …).
 * - credit only on CREDIT_NOTE that follows an escrow of the same channel; EVENT_ACK only after
 *   cabinet.creditBill returned (committed). A note cleared into the cashbox at power-up (0xE2) after a recorded
 *   escrow is credited the same way (it is in the cashbox: "either credited or returned"); without a recorded
 *   escrow it is not credited and a fault asks a technician to settle it.
 * - jams, stacker full, cashbox removed and fraud raise a device-fault tilt; the acceptor is reported healthy
 *   (clearing the tilt) when the condition clears: jam and stacker-full events stop, the cashbox is replaced;
 *   a fraud attempt stays latched until the acceptor resets (0xF1, a technician power-cycles it).
 * - the acceptor is enabled only while the cabinet can take money: no tilt, round phase idle or betting, not in
 *   demo mode, and no acceptor fault.
 */
import type { Cabinet, CabinetSnapshot, DeviceHealth, DeviceStatus } from '../../core/cabinet/cabinet-api.ts';
import type { SerialLinkOpener } from '../serial/serial-link.ts';
import { LinkSupervisor, type BackoffOptions } from '../serial/link-supervisor.ts';
import {
  DhParty,
  EncryptionError,
  EsspSession,
  aesKey,
  generateDhParameters,
  parseFixedKey,
  readU64le,
  u64le,
} from './essp-crypto.ts';
import { SspMaster, SspReplyError, SspTimeoutError } from './ssp-master.ts';
import {
  Command,
  Event,
  Reply,
  describeReply,
  encodeInhibits,
  eventName,
  parsePollReply,
  parseSetupReply,
  type PollEvent,
  type SetupInfo,
} from './ssp-protocol.ts';
import { NoteTracker, memoryStore, type TrackerStore } from './note-tracker.ts';

export type CabinetPort = Pick<
  Cabinet,
  'snapshot' | 'subscribe' | 'canAcceptBill' | 'creditBill' | 'reportDevice' | 'raiseFault'
>;

export interface BillAcceptorConfig {
  /** The venue's 64-bit eSSP fixed key, 16 hex digits (validated). */
  readonly fixedKeyHex: string;
  /** Channels the venue accepts (1-based). Default: every channel the acceptor reports. */
  readonly enabledChannels?: readonly number[];
  /** ≥ 200 ms (domain-notes §4). Default 250. */
  readonly pollIntervalMs?: number;
  /** Currency the cabinet counts in; channels of another currency stay inhibited. Default "EUR". */
  readonly currency?: string;
  readonly replyTimeoutMs?: number;
  readonly attempts?: number;
  readonly backoff?: Partial<BackoffOptions>;
}

export interface BillAcceptorEvent {
  readonly at: string;
  readonly type: string;
  readonly detail: string;
}

export class BillAcceptorConfigError extends Error {
  override readonly name = 'BillAcceptorConfigError';
}

export function validateConfig(config: BillAcceptorConfig): Required<
  Omit<BillAcceptorConfig, 'backoff' | 'enabledChannels'>
> & {
  fixedKey: bigint;
  enabledChannels: readonly number[] | null;
  backoff: Partial<BackoffOptions>;
} {
  let fixedKey: bigint;
  try {
    fixedKey = parseFixedKey(config.fixedKeyHex);
  } catch (error) {
    throw new BillAcceptorConfigError((error as Error).message);
  }
  const pollIntervalMs = config.pollIntervalMs ?? 250;
  if (!Number.isInteger(pollIntervalMs) || pollIntervalMs < 200 || pollIntervalMs > 5_000) {
    throw new BillAcceptorConfigError(`pollIntervalMs must be a whole number from 200 to 5000, got ${pollIntervalMs}`);
  }
  const enabled = config.enabledChannels ?? null;
  if (enabled && (enabled.length === 0 || enabled.some((c) => !Number.isInteger(c) || c < 1 || c > 16))) {
    throw new BillAcceptorConfigError('enabledChannels must list channel numbers from 1 to 16 (at least one)');
  }
  const currency = config.currency ?? 'EUR';
  if (!/^[A-Z]{3}$/.test(currency))
    throw new BillAcceptorConfigError(`currency must be a 3-letter code, got ${currency}`);
  return {
    fixedKeyHex: config.fixedKeyHex,
    fixedKey,
    enabledChannels: enabled,
    pollIntervalMs,
    currency,
    replyTimeoutMs: config.replyTimeoutMs ?? 500,
    attempts: config.attempts ?? 3,
    backoff: config.backoff ?? {},
  };
}

export interface BillAcceptorDriverOptions {
  readonly portPath: string;
  readonly cabinet: CabinetPort;
  readonly config: BillAcceptorConfig;
  readonly open: SerialLinkOpener;
  /** Where the note tracker lives; in memory when absent (then a host crash may need a technician). */
  readonly store?: TrackerStore;
  /** Test hook: runs just before EVENT_ACK is sent; throwing simulates a host crash there. */
  readonly beforeEventAck?: () => void;
}

type Condition =
  'safe-jam' | 'unsafe-jam' | 'stacker-full' | 'cashbox-removed' | 'fraud' | 'credit-anomaly' | 'no-channels';

const CONDITION_TEXT: Record<Condition, string> = {
  'safe-jam': 'note jammed in the acceptor (safe jam): clear the note path',
  'unsafe-jam': 'note jammed where it may be reachable (unsafe jam): clear the note path',
  'stacker-full': 'stacker full: empty the cashbox',
  'cashbox-removed': 'cashbox removed',
  fraud: 'fraud attempt detected at the bill acceptor',
  'credit-anomaly': 'bill acceptor reported a stacked note without a matching escrow: count the cashbox',
  'no-channels': 'bill acceptor accepts no note: its channels do not match the venue configuration or currency',
};

/** Conditions that stay until the acceptor resets or is set up again, not until their events stop. */
const LATCHED = new Set<Condition>(['fraud', 'credit-anomaly', 'no-channels']);

export class BillAcceptorDriver {
  readonly #options: BillAcceptorDriverOptions;
  readonly #config: ReturnType<typeof validateConfig>;
  readonly #supervisor: LinkSupervisor;
  readonly #store: TrackerStore;
  readonly #listeners = new Set<(event: BillAcceptorEvent) => void>();
  #status: DeviceStatus;
  #tracker: NoteTracker | null = null;
  #master: SspMaster | null = null;
  #setup: SetupInfo | null = null;
  #generation = 0;
  #running = false;
  #loop: Promise<void> | null = null;
  #wake: (() => void) | null = null;
  #deviceEnabled: boolean | null = null;
  #conditions = new Set<Condition>();
  #unsubscribeCabinet: (() => void) | null = null;
  #latestSnapshot: CabinetSnapshot | null = null;
  /** A poll succeeded since the last handshake: only then is the acceptor 'healthy' (before: 'connected'). */
  #polledOk = false;
  /** The acceptor reset (0xF1): its inhibits and enable state are gone, set it up again. */
  #resetSeen = false;
  /** Figures for the report: time from receiving a CREDIT_NOTE reply to creditBill returning. */
  readonly metrics = { credits: 0, duplicateCredits: 0, rejects: 0, creditLatencyMs: [] as number[], polls: 0 };

  constructor(options: BillAcceptorDriverOptions) {
    this.#options = options;
    this.#config = validateConfig(options.config);
    this.#store = options.store ?? memoryStore();
    this.#status = { device: 'bill-acceptor', health: 'disconnected', detail: `not started (${options.portPath})` };
    this.#supervisor = new LinkSupervisor({
      open: options.open,
      link: { path: options.portPath, baudRate: 9600, dataBits: 8, stopBits: 2, parity: 'none' },
      backoff: this.#config.backoff,
      onConnected: async (link) => {
        this.#master?.close();
        const master = new SspMaster(link, {
          replyTimeoutMs: this.#config.replyTimeoutMs,
          attempts: this.#config.attempts,
          onLineError: (e) => this.#emit('line-error', `${e.reason}: ${e.detail}`),
        });
        this.#master = master;
        // No 'connected' report yet: that would clear the cabinet's tilt before the acceptor has proved itself.
        await this.#handshake(master);
        this.#startLoop(master);
      },
    });
    this.#supervisor.onReport((report) => {
      if (report.state === 'disconnected') {
        this.#generation++;
        this.#master?.close();
        this.#master = null;
        this.#deviceEnabled = null;
        this.#report('disconnected', `${report.reason}; retrying in ${report.retryInMs} ms`);
      }
    });
  }

  status(): DeviceStatus {
    return this.#status;
  }

  setup(): SetupInfo | null {
    return this.#setup;
  }

  /**
   * Tests only (parser fuzz test): sets the state a handshake would, so {@link handleEvents} can be driven
   * without a line.
   */
  primeForTest(setup: SetupInfo, acceptorId: string): void {
    this.#setup = setup;
    this.#tracker = new NoteTracker(this.#store, acceptorId);
    this.#latestSnapshot = this.#options.cabinet.snapshot();
  }

  onEvent(listener: (event: BillAcceptorEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async start(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    this.#latestSnapshot = this.#options.cabinet.snapshot();
    this.#unsubscribeCabinet = this.#options.cabinet.subscribe((event) => {
      if (event.type === 'state') this.#latestSnapshot = event.snapshot;
      else if (event.type === 'tilt' || event.type === 'round-settled' || event.type === 'round-voided') {
        this.#latestSnapshot = this.#options.cabinet.snapshot();
      } else return;
      this.#wake?.();
    });
    await this.#supervisor.start();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#generation++;
    this.#unsubscribeCabinet?.();
    this.#unsubscribeCabinet = null;
    this.#wake?.();
    const master = this.#master;
    if (master && this.#deviceEnabled) await master.command(Uint8Array.of(Command.DISABLE)).catch(() => undefined);
    await this.#loop?.catch(() => undefined);
    master?.close();
    this.#master = null;
    await this.#supervisor.stop();
    // A deliberate stop (shutdown) is not a fault: the cabinet is not told, so no tilt outlives the shutdown.
    this.#status = { device: 'bill-acceptor', health: 'disconnected', detail: 'stopped' };
  }

  // ── handshake ────────────────────────────────────────────────────────────────────────────────────────────

  async #handshake(master: SspMaster): Promise<void> {
    master.session = null;
    await master.command(Uint8Array.of(Command.SYNC));
    await master.command(Uint8Array.of(Command.HOST_PROTOCOL_VERSION, 7)).catch((error: unknown) => {
      if (!(error instanceof SspReplyError)) throw error; // older firmware: stays on its own protocol level
    });
    const params = generateDhParameters();
    await master.command(Uint8Array.from([Command.SET_GENERATOR, ...u64le(params.generator)]));
    await master.command(Uint8Array.from([Command.SET_MODULUS, ...u64le(params.modulus)]));
    const host = new DhParty(params);
    const reply = await master.command(Uint8Array.from([Command.REQUEST_KEY_EXCHANGE, ...u64le(host.intermediate)]));
    if (reply.length !== 8) throw new EncryptionError(`key exchange reply has ${reply.length} bytes, expected 8`);
    master.session = new EsspSession(aesKey(this.#config.fixedKey, host.negotiated(readU64le(reply))));
    const serial = await master.command(Uint8Array.of(Command.GET_SERIAL_NUMBER)).catch((error: unknown) => {
      if (error instanceof SspTimeoutError) {
        // The acceptor answered in clear but not to the first encrypted command: it could not decrypt it.
        throw new EncryptionError(
          'the acceptor does not answer encrypted commands: check that the eSSP fixed key matches the one set on the acceptor',
        );
      }
      throw error;
    });
    const acceptorId =
      serial.length >= 4 ? String(new DataView(serial.buffer, serial.byteOffset).getUint32(0, false)) : 'unknown';
    const setup = parseSetupReply(
      Uint8Array.from([Reply.OK, ...(await master.command(Uint8Array.of(Command.SETUP_REQUEST)))]),
    );
    if (!setup.ok) throw new Error(`SETUP_REQUEST: ${setup.error}`);
    this.#setup = setup.value;
    if (!this.#tracker || this.#tracker.state.acceptorId !== acceptorId) {
      this.#tracker = new NoteTracker(this.#store, acceptorId);
    }
    if (this.#acceptedChannels().length > 0) this.#conditions.delete('no-channels');
    else {
      this.#raise(
        'no-channels',
        `${CONDITION_TEXT['no-channels']} (acceptor ${setup.value.channelCountries.join('/')}, ` +
          `venue ${this.#config.currency} channels ${this.#config.enabledChannels?.join(',') ?? 'all'})`,
      );
    }
    await master.command(encodeInhibits(this.#acceptedChannels()));
    await master.command(Uint8Array.of(Command.DISABLE));
    this.#deviceEnabled = false;
    this.#emit(
      'setup',
      `acceptor ${acceptorId}, firmware ${setup.value.firmware}, protocol ${setup.value.protocolVersion}, ` +
        `channels ${setup.value.channelValuesMinor.map((v, i) => `${i + 1}=${v} ${setup.value.channelCountries[i]}`).join(' ')}; ` +
        `accepting ${this.#acceptedChannels().join(',') || 'none'}`,
    );
  }

  /** Venue-enabled channels the acceptor has, in the cabinet's currency. */
  #acceptedChannels(): number[] {
    const setup = this.#setup;
    if (!setup) return [];
    const wanted = this.#config.enabledChannels ?? setup.channelValuesMinor.map((_, i) => i + 1);
    return wanted.filter(
      (c) =>
        c <= setup.channelCount &&
        setup.channelCountries[c - 1] === this.#config.currency &&
        (setup.channelValuesMinor[c - 1] ?? 0) > 0,
    );
  }

  // ── polling ─────────────────────────────────────────────────────────────────────────────────────────────

  #startLoop(master: SspMaster): void {
    const generation = ++this.#generation;
    this.#polledOk = false;
    this.#refreshHealth();
    const previous = this.#loop ?? Promise.resolve();
    this.#loop = previous.catch(() => undefined).then(() => this.#run(master, generation));
  }

  async #run(master: SspMaster, generation: number): Promise<void> {
    let timeouts = 0;
    while (this.#running && generation === this.#generation) {
      const started = Date.now();
      try {
        await this.#syncEnable(master);
        await this.#pollOnce(master);
        timeouts = 0;
        if (!this.#polledOk) {
          this.#polledOk = true;
          this.#refreshHealth();
        }
        if (this.#resetSeen) {
          this.#resetSeen = false;
          await this.#rehandshake(master, generation);
        }
      } catch (error) {
        if (generation !== this.#generation || !this.#running) return;
        if (error instanceof SspTimeoutError) {
          timeouts++;
          this.#emit('timeout', error.message);
          if (timeouts >= 2) {
            this.#supervisor.linkLost('the acceptor stopped answering');
            return;
          }
          // One lost exchange: the counters may differ now; start the session again.
          await this.#rehandshake(master, generation);
        } else if (
          error instanceof EncryptionError ||
          (error instanceof SspReplyError && error.code === Reply.KEY_NOT_SET)
        ) {
          this.#emit('encryption', `${error.message}: renegotiating the key`);
          await this.#rehandshake(master, generation);
        } else if (error instanceof CrashForTest) {
          return;
        } else {
          this.#emit('error', error instanceof Error ? error.message : String(error));
        }
      }
      const wait = Math.max(0, this.#config.pollIntervalMs - (Date.now() - started));
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(wait, 200 - (Date.now() - started)));
        this.#wake = () => {
          // An enable change is urgent, but never poll faster than every 200 ms.
          clearTimeout(timer);
          setTimeout(resolve, Math.max(0, 200 - (Date.now() - started)));
        };
      });
      this.#wake = null;
    }
  }

  async #rehandshake(master: SspMaster, generation: number): Promise<void> {
    try {
      await this.#handshake(master);
    } catch (error) {
      if (generation !== this.#generation) return;
      this.#emit('error', `handshake failed: ${error instanceof Error ? error.message : String(error)}`);
      this.#supervisor.linkLost('handshake failed');
    }
  }

  #wantEnabled(): boolean {
    const snapshot = this.#latestSnapshot;
    if (!snapshot || this.#conditions.size > 0) return false;
    return snapshot.tilts.length === 0 && !snapshot.demo && (snapshot.phase === 'idle' || snapshot.phase === 'betting');
  }

  async #syncEnable(master: SspMaster): Promise<void> {
    const want = this.#wantEnabled();
    if (want === this.#deviceEnabled) return;
    await master.command(Uint8Array.of(want ? Command.ENABLE : Command.DISABLE));
    this.#deviceEnabled = want;
    this.#emit(want ? 'enabled' : 'disabled', want ? 'accepting notes' : 'not accepting notes');
    this.#refreshHealth();
  }

  async #pollOnce(master: SspMaster): Promise<void> {
    const reply = await master.transact(Uint8Array.of(Command.POLL_WITH_ACK));
    const received = performance.now();
    this.metrics.polls++;
    if (reply[0] === Reply.KEY_NOT_SET) throw new SspReplyError(Command.POLL_WITH_ACK, Reply.KEY_NOT_SET);
    const parsed = parsePollReply(reply);
    if (!parsed.ok) {
      // Nothing from a reply we cannot fully read is acted on; the events repeat on the next poll.
      this.#emit('bad-poll', parsed.error);
      return;
    }
    await this.handleEvents(master, parsed.value, received);
  }

  /** Acts on one poll reply's events, then ACKs if any event asked for it. Exposed for the parser fuzz test. */
  async handleEvents(
    master: Pick<SspMaster, 'command'>,
    events: readonly PollEvent[],
    received = performance.now(),
  ): Promise<void> {
    const tracker = this.#tracker;
    if (!tracker) return;
    let ackNeeded = false;
    const seen = new Set<Condition>();
    for (const event of events) {
      switch (event.code) {
        case Event.READ_NOTE:
          if (event.channel && event.channel > 0) await this.#escrow(master, tracker, event.channel);
          break;
        case Event.NOTE_STACKING:
          tracker.stacking();
          break;
        case Event.CREDIT_NOTE:
        case Event.NOTE_CLEARED_INTO_CASHBOX:
          ackNeeded = true;
          this.#credit(tracker, event, received);
          break;
        case Event.NOTE_REJECTED:
          tracker.returned();
          this.#emit('returned', 'note returned to the player');
          break;
        case Event.NOTE_CLEARED_FROM_FRONT:
          ackNeeded = true; // some firmware asks for an ACK of the power-up events too; an extra ACK is harmless
          tracker.returned();
          this.#emit('returned', `power-up: note channel ${event.channel} returned from the front`);
          break;
        case Event.SAFE_JAM:
          seen.add('safe-jam');
          break;
        case Event.UNSAFE_JAM:
          seen.add('unsafe-jam');
          break;
        case Event.STACKER_FULL:
          seen.add('stacker-full');
          break;
        case Event.CASHBOX_REMOVED:
          seen.add('cashbox-removed');
          break;
        case Event.CASHBOX_REPLACED:
          this.#emit('cashbox', 'cashbox replaced');
          break;
        case Event.FRAUD_ATTEMPT:
          seen.add('fraud');
          this.#emit('fraud', `fraud attempt reported (channel ${event.channel})`);
          break;
        case Event.DISABLED:
          // The acceptor says it is disabled while we believe it enabled (e.g. it reset): send ENABLE again.
          if (this.#deviceEnabled === true) this.#deviceEnabled = null;
          break;
        case Event.SLAVE_RESET:
          this.#resetSeen = true;
          this.#emit('reset', 'the acceptor reset (power-up)');
          this.#conditions.delete('fraud');
          this.#conditions.delete('credit-anomaly');
          break;
        default:
          break;
      }
    }
    this.#updateConditions(seen);
    if (ackNeeded) {
      // Only now, after creditBill returned (committed to the journal), may the acceptor forget the event.
      this.#options.beforeEventAck?.();
      try {
        await master.command(Uint8Array.of(Command.EVENT_ACK));
      } catch (error) {
        // 0xF5 etc.: the acceptor had nothing waiting for an ACK. A timeout propagates (the event will repeat).
        if (!(error instanceof SspReplyError)) throw error;
      }
      tracker.acked();
    }
  }

  async #escrow(master: Pick<SspMaster, 'command'>, tracker: NoteTracker, channel: number): Promise<void> {
    const valueMinor = this.#setup?.channelValuesMinor[channel - 1] ?? 0;
    // Written down before the acceptor hears from us: a stacked note after a crash still finds its escrow.
    let fresh: boolean;
    try {
      fresh = tracker.escrow(channel, valueMinor);
    } catch (error) {
      // Cannot record the note (disk full, read-only…): never let it be stacked without a record.
      this.#emit('error', `cannot record the escrow: ${error instanceof Error ? error.message : String(error)}`);
      await master.command(Uint8Array.of(Command.REJECT)).catch(() => undefined);
      this.metrics.rejects++;
      return;
    }
    if (!fresh) return; // the same escrow reported again: already decided
    await master.command(Uint8Array.of(Command.HOLD)).catch((error: unknown) => {
      if (!(error instanceof SspReplyError)) throw error; // the note moved on meanwhile: the next poll tells
    });
    let reason: string | null = null;
    if (!this.#acceptedChannels().includes(channel))
      reason = `channel ${channel} is not accepted by the venue configuration`;
    else if (!this.#wantEnabled()) reason = 'the cabinet cannot take money now';
    else {
      const decision = this.#options.cabinet.canAcceptBill(valueMinor);
      if (!decision.accept) reason = decision.reason;
    }
    if (reason) {
      this.metrics.rejects++;
      this.#emit('reject', `note channel ${channel} (${valueMinor}) rejected: ${reason}`);
      await master.command(Uint8Array.of(Command.REJECT)).catch((error: unknown) => {
        if (!(error instanceof SspReplyError)) throw error;
      });
    } else {
      this.#emit('escrow', `note channel ${channel} (${valueMinor}) accepted, stacking`);
    }
  }

  #credit(tracker: NoteTracker, event: PollEvent, received: number): void {
    const channel = event.channel ?? 0;
    const decision = tracker.credit(channel);
    if (!decision.credit) {
      if (decision.duplicate) {
        this.metrics.duplicateCredits++;
        this.#emit('duplicate', decision.reason);
        return;
      }
      this.#emit('credit-refused', `${eventName(event.code)}: ${decision.reason}`);
      this.#raise('credit-anomaly', `${CONDITION_TEXT['credit-anomaly']} (${decision.reason})`);
      return;
    }
    const credited = this.#options.cabinet.creditBill({
      valueMinor: decision.valueMinor,
      channel,
      eventKey: decision.key,
    });
    if (credited) {
      this.metrics.credits++;
      this.metrics.creditLatencyMs.push(performance.now() - received);
      this.#emit('credit', `${decision.key}: channel ${channel}, ${decision.valueMinor} credited`);
    } else {
      this.metrics.duplicateCredits++;
      this.#emit('duplicate', `${decision.key} was already credited (repeated ${eventName(event.code)})`);
    }
  }

  #updateConditions(seen: Set<Condition>): void {
    for (const condition of seen)
      if (!this.#conditions.has(condition)) this.#raise(condition, CONDITION_TEXT[condition]);
    for (const condition of [...this.#conditions]) {
      if (!LATCHED.has(condition) && !seen.has(condition)) {
        this.#conditions.delete(condition);
        this.#emit('cleared', `${condition} cleared`);
      }
    }
    this.#refreshHealth();
  }

  #raise(condition: Condition, reason: string): void {
    const fresh = !this.#conditions.has(condition);
    this.#conditions.add(condition);
    if (fresh) {
      this.#emit('fault', reason);
      this.#options.cabinet.raiseFault('device-fault', 'bill-acceptor', reason);
    }
    this.#refreshHealth();
  }

  #refreshHealth(): void {
    if (this.#conditions.size > 0) {
      this.#report('fault', [...this.#conditions].map((c) => CONDITION_TEXT[c]).join('; '));
    } else if (this.#master && this.#polledOk) {
      this.#report('healthy', `${this.#deviceEnabled ? 'enabled' : 'disabled'} on ${this.#options.portPath}`);
    } else if (this.#master && this.#setup) {
      this.#report('connected', `key exchanged, first poll pending on ${this.#options.portPath}`);
    }
  }

  #report(health: DeviceHealth, detail: string): void {
    if (this.#status.health === health && this.#status.detail === detail) return;
    this.#status = { device: 'bill-acceptor', health, detail };
    try {
      this.#options.cabinet.reportDevice(this.#status);
    } catch (error) {
      this.#emit('error', `reportDevice failed: ${(error as Error).message}`);
    }
    this.#emit('status', `${health}: ${detail}`);
  }

  #emit(type: string, detail: string): void {
    const event = { at: new Date().toISOString(), type, detail };
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch {
        // a listener's bug must not stop the driver
      }
    }
  }
}

/** Thrown by the beforeEventAck test hook to stop the loop the way a crash would. */
export class CrashForTest extends Error {
  override readonly name = 'CrashForTest';
}

export { describeReply };
