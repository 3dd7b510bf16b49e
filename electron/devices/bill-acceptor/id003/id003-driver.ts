/**
 * The JCM ID-003 bill acceptor driver (UBA, iVIZION…): the same duties and the same DevicePort as the eSSP
 * driver (../bill-acceptor-driver.ts), over ID-003 (docs/protocols/id003.md).
 *
 * - link: 9600 baud 8E1, supervised and reopened with backoff (../../serial/link-supervisor.ts);
 * - set-up: status, VERSION_REQUEST, CURRENCY_ASSIGNMENT_REQUEST (channels: id003-denominations.ts), the
 *   power-up handling and RESET, then the settings while the unit is idle, inhibited
 *   (docs/protocols/id003.md#set-up);
 * - polling: one STATUS_REQUEST per poll interval; each status goes to the money flow (id003-escrow.ts) and
 *   the condition set (id003-conditions.ts);
 * - enable policy: INHIBIT lifted only while the cabinet can take money (no tilt, phase idle or betting, not
 *   demo) and the unit has no condition; in note test mode whenever it has no condition
 *   (docs/cabinet-rules.md#bill-validator).
 * Status: 'connected' once set up, 'healthy' after the first good poll, 'fault' while a condition is active,
 * 'disconnected' while the link is down.
 *
 * Shared with the eSSP driver (one folder up): the cabinet-facing half (../acceptor-driver-base.ts: status
 * report, cabinet watch, note test mode, counters, event log, condition effects), the condition bookkeeping
 * (../condition-set.ts) and the note tracker.
 */
import type { DevicePort } from '../../../core/cabinet/cabinet-api.ts';
import type { SerialLinkOpener } from '../../serial/serial-link.ts';
import { LinkSupervisor } from '../../serial/link-supervisor.ts';
import { AcceptorDriverBase } from '../acceptor-driver-base.ts';
import type { BillAcceptorDiagnostics } from '../acceptor-diagnostics.ts';
import type { BillAcceptorEvent } from '../driver-events.ts';
import { NoteTracker, memoryStore, type TrackerStore } from '../note-tracker.ts';
import type { SetupInfo } from '../ssp-protocol.ts';
import { validateId003Config, type Id003BillAcceptorConfig, type ValidatedId003Config } from './id003-config.ts';
import { ID003_CONDITION_TEXT, Id003Conditions } from './id003-conditions.ts';
import { actOnStatus } from './id003-status.ts';
import { diagnosticsView, setupView } from './id003-views.ts';
import {
  DEFAULT_ASSIGNMENTS,
  acceptedChannels,
  channelsOf,
  denominationMask,
  type Id003Channel,
} from './id003-denominations.ts';
import { Id003Escrow, type Id003Metrics } from './id003-escrow.ts';
import { noteOfStatus } from './id003-note.ts';
import type { Id003Frame } from './id003-framing.ts';
import { Id003Master, Id003ReplyError, Id003TimeoutError } from './id003-master.ts';
import { Command, Status, parseCurrencyAssignment, parseVersion, type Denomination } from './id003-protocol.ts';

/** The same event shape as the eSSP driver's (../driver-events.ts). */
export type Id003DriverEvent = BillAcceptorEvent;

export interface Id003DriverOptions {
  readonly portPath: string;
  readonly cabinet: DevicePort;
  readonly config: Id003BillAcceptorConfig;
  readonly open: SerialLinkOpener;
  /** Where the note tracker lives; in memory when absent. */
  readonly store?: TrackerStore;
}

/** ID-003 units report no serial number in the basic command set: the tracker's identity is the protocol. */
export const ID003_ACCEPTOR_ID = 'id003';
/** Never two status requests closer than this, even when the enable policy wakes the loop. */
const MIN_POLL_SPACING_MS = 100;
/** Statuses in which the unit takes settings (no note in its path). */
const SETTLED = new Set<number>([Status.INITIALIZE, Status.DISABLED, Status.IDLING]);

export class Id003BillAcceptorDriver extends AcceptorDriverBase {
  readonly #options: Id003DriverOptions;
  readonly #config: ValidatedId003Config;
  readonly #supervisor: LinkSupervisor;
  readonly #store: TrackerStore;
  readonly #conditions: Id003Conditions;
  #tracker: NoteTracker | null = null;
  #escrow: Id003Escrow | null = null;
  #master: Id003Master | null = null;
  #version: string | null = null;
  #channels: readonly Id003Channel[] = [];
  #accepted: readonly number[] = [];
  #generation = 0;
  #running = false;
  #loop: Promise<void> | null = null;
  #wake: (() => void) | null = null;
  /** What we last told the unit: true enabled, false inhibited, null unknown (send again). */
  #deviceEnabled: boolean | null = null;
  /** The settings went through since the last power-up / connect. */
  #configured = false;
  #polledOk = false;
  readonly metrics: Id003Metrics = { credits: 0, duplicateCredits: 0, rejects: 0, creditLatencyMs: [], polls: 0 };

  constructor(options: Id003DriverOptions) {
    super(options, { notAccepting: 'inhibited', firstPollPending: 'set up, first poll pending' });
    this.#options = options;
    this.#config = validateId003Config(options.config);
    this.#store = options.store ?? memoryStore();
    this.#conditions = new Id003Conditions(
      this.conditionEffects(['acceptor-jam', 'stacker-jam'], (condition) => this.#conditions.codeOf(condition)),
    );
    this.#supervisor = new LinkSupervisor({
      open: options.open,
      link: { path: options.portPath, baudRate: 9600, dataBits: 8, stopBits: 1, parity: 'even' },
      backoff: this.#config.backoff,
      onConnected: async (link) => {
        this.#master?.close();
        const master = new Id003Master(link, {
          replyTimeoutMs: this.#config.replyTimeoutMs,
          attempts: this.#config.attempts,
          onLineError: (e) => this.emit('line-error', `${e.reason}: ${e.detail}`),
        });
        this.#master = master;
        await this.#setUp(master);
        this.#startLoop(master);
      },
    });
    this.#supervisor.onReport((report) => {
      if (report.state !== 'disconnected') return;
      this.#generation++;
      this.#wake?.();
      this.#master?.close();
      this.#master = null;
      this.#deviceEnabled = null;
      this.#configured = false;
      this.statusReport.linkDown(report);
    });
  }

  /** The unit's denominations in the shape the service panel knows (channel n = n-th denomination). */
  setup(): SetupInfo | null {
    return setupView(this.#version, this.#channels);
  }

  diagnostics(): BillAcceptorDiagnostics {
    return diagnosticsView({
      status: this.statusReport.current,
      version: this.#version,
      channels: this.#channels,
      accepted: this.#accepted,
      counters: this.counters.view(),
      testMode: this.testMode.on,
      testNotes: this.testMode.notes,
    });
  }

  protected override wake(): void {
    this.#wake?.();
  }

  async start(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    this.cabinetWatch.start(() => this.#wake?.());
    await this.#supervisor.start();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#generation++;
    this.cabinetWatch.stop();
    this.#wake?.();
    await this.#loop?.catch(() => undefined);
    const master = this.#master;
    if (master && this.#deviceEnabled !== false) {
      await master.setting(Command.SET_INHIBIT, Uint8Array.of(1)).catch(() => undefined);
    }
    master?.close();
    this.#master = null;
    await this.#supervisor.stop();
    this.statusReport.stopped();
  }

  async #setUp(master: Id003Master): Promise<void> {
    this.#configured = false;
    this.#deviceEnabled = null;
    const first = await master.status();
    this.metrics.polls++;
    const received = performance.now();
    this.#version = await master
      .request(Command.VERSION_REQUEST)
      .then(parseVersion)
      .catch((error: unknown) => {
        if (error instanceof Id003ReplyError) return 'unknown';
        throw error;
      });
    const denominations = await this.#denominations(master);
    this.#channels = channelsOf(denominations);
    this.#accepted = acceptedChannels(this.#channels, this.#config.enabledChannels, this.#config.currency);
    this.#tracker ??= new NoteTracker(this.#store, ID003_ACCEPTOR_ID);
    this.#escrow = new Id003Escrow({
      tracker: this.#tracker,
      channels: this.#channels,
      acceptedChannels: this.#accepted,
      cabinet: this.#options.cabinet,
      metrics: this.metrics,
      counters: this.counters,
      testMode: () => this.testMode.on,
      testNote: (note) => this.testMode.record(note),
      canTakeMoney: () => !this.#conditions.active && this.cabinetWatch.takesMoney(),
      anomaly: (condition, reason) =>
        this.#conditions.raise(condition, `${ID003_CONDITION_TEXT[condition]} (${reason})`),
      emit: (type, detail) => this.emit(type, detail),
    });
    if (this.#accepted.length > 0) this.#conditions.drop(['no-channels']);
    else {
      this.#conditions.raise(
        'no-channels',
        `${ID003_CONDITION_TEXT['no-channels']} (unit ${[...new Set(this.#channels.map((c) => c.currency || '?'))].join('/')}, ` +
          `venue ${this.#config.currency} channels ${this.#config.enabledChannels?.join(',') ?? 'all'})`,
      );
    }
    this.emit(
      'setup',
      `${this.#version}; channels ${this.#channels.map((c) => `${c.channel}=${c.valueMinor}${c.currency}`).join(' ')}; ` +
        `accepted ${this.#accepted.join(',') || 'none'}`,
    );
    await this.#act(master, first, received);
  }

  async #denominations(master: Id003Master): Promise<readonly Denomination[]> {
    try {
      const parsed = parseCurrencyAssignment(await master.request(Command.CURRENCY_ASSIGNMENT_REQUEST));
      if (parsed.ok) return parsed.value;
      this.emit('setup', `unreadable currency assignment (${parsed.error}); using the default table`);
    } catch (error) {
      if (!(error instanceof Id003ReplyError)) throw error;
      this.emit('setup', 'the unit refused the currency assignment request; using the default table');
    }
    return DEFAULT_ASSIGNMENTS[this.#config.currency] ?? [];
  }

  #startLoop(master: Id003Master): void {
    const generation = ++this.#generation;
    this.#polledOk = false;
    this.refreshHealth();
    const previous = this.#loop ?? Promise.resolve();
    this.#loop = previous.catch(() => undefined).then(() => this.#run(master, generation));
  }

  async #run(master: Id003Master, generation: number): Promise<void> {
    const current = () => this.#running && generation === this.#generation;
    let timeouts = 0;
    while (current()) {
      const started = Date.now();
      try {
        await this.#cycle(master);
        timeouts = 0;
      } catch (error) {
        if (!current()) return;
        if (error instanceof Id003TimeoutError) {
          timeouts++;
          this.emit('timeout', error.message);
          if (timeouts >= 2) {
            this.#supervisor.linkLost('the bill acceptor stopped answering', 'stopped-answering');
            return;
          }
        } else {
          this.emit('error', error instanceof Error ? error.message : String(error));
        }
      }
      await this.#pause(started);
    }
  }

  #pause(started: number): Promise<void> {
    const elapsed = () => Date.now() - started;
    return new Promise<void>((resolve) => {
      let timer = setTimeout(resolve, Math.max(0, this.#config.pollIntervalMs - elapsed()));
      this.#wake = () => {
        clearTimeout(timer);
        timer = setTimeout(resolve, Math.max(0, MIN_POLL_SPACING_MS - elapsed()));
      };
    }).finally(() => {
      this.#wake = null;
    });
  }

  async #cycle(master: Id003Master): Promise<void> {
    if (this.#configured) await this.#syncEnable(master);
    const frame = await master.status();
    this.metrics.polls++;
    await this.#act(master, frame, performance.now());
    if (!this.#polledOk) {
      this.#polledOk = true;
      this.refreshHealth();
    }
  }

  /** One status (id003-status.ts), then the settings when the unit is idle. */
  async #act(master: Id003Master, frame: Id003Frame, received: number): Promise<void> {
    await actOnStatus(master, frame, received, this.#escrow!, this.#conditions, {
      emit: (type, detail) => this.emit(type, detail),
      enableReported: (enabled) => {
        // The unit lost our INHIBIT setting (or never had it): send it again.
        if (this.#deviceEnabled !== null && this.#deviceEnabled !== enabled) this.#deviceEnabled = null;
      },
      poweredUp: () => {
        this.#configured = false;
        this.#deviceEnabled = null;
      },
    });
    this.statusReport.reportNote(noteOfStatus(frame.cmd));
    if (!this.#configured && SETTLED.has(frame.cmd)) await this.#configure(master);
  }

  async #configure(master: Id003Master): Promise<void> {
    try {
      await master.setting(Command.SET_INHIBIT, Uint8Array.of(1));
      await master.setting(Command.SET_DENOMINATIONS, denominationMask(this.#channels, this.#accepted));
      await master.setting(Command.SET_SECURITY, Uint8Array.of(0, 0));
      await master.setting(Command.SET_COMMUNICATION_MODE, Uint8Array.of(0)); // polled
      await master.setting(Command.SET_DIRECTION, Uint8Array.of(0)); // every direction
      await master.setting(Command.SET_OPTIONAL_FUNCTION, Uint8Array.of(0, 0));
    } catch (error) {
      if (!(error instanceof Id003ReplyError)) throw error;
      this.emit('setup', `settings refused, tried again when the unit is idle: ${error.message}`);
      return;
    }
    this.#configured = true;
    this.#deviceEnabled = false;
    this.refreshHealth();
  }

  #wantEnabled(): boolean {
    return this.wantsNotes(this.#conditions.active);
  }

  async #syncEnable(master: Id003Master): Promise<void> {
    const want = this.#wantEnabled();
    if (want === this.#deviceEnabled) return;
    try {
      await master.setting(Command.SET_INHIBIT, Uint8Array.of(want ? 0 : 1));
    } catch (error) {
      if (!(error instanceof Id003ReplyError)) throw error;
      return; // busy with a note: the next cycle tries again
    }
    this.#deviceEnabled = want;
    this.enableSent(want);
  }

  protected override refreshHealth(): void {
    this.statusReport.refresh({
      conditions: this.#conditions,
      setUp: this.#master !== null && this.#version !== null,
      polledOk: this.#polledOk,
      enabled: this.#deviceEnabled === true,
    });
  }
}
