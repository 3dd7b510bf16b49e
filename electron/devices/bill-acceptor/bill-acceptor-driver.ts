/**
 * The eSSP banknote validator driver (ITL NV9/NV200 family). It composes the pieces and keeps the state that
 * joins them; it talks to the cabinet only through its DevicePort.
 *
 * - link supervision and reconnects: ../serial/link-supervisor.ts;
 * - configuration: bill-acceptor-config.ts; handshake: handshake.ts (docs/protocols/essp.md#handshake);
 * - polling: poll-loop.ts; one reply's events: poll-events.ts;
 * - escrow and credit: escrow-policy.ts (docs/protocols/essp.md#credit-rules);
 * - tilts and faults: acceptor-conditions.ts (docs/cabinet-rules.md#door-and-tilt);
 * - identity and counters for the technician: acceptor-diagnostics.ts;
 * - shared with the ID-003 driver: the cabinet-facing half (acceptor-driver-base.ts: status report, cabinet
 *   watch, note test mode, counters, event log, what a raised condition does) and the condition
 *   bookkeeping (condition-set.ts).
 *
 * Enable policy: the acceptor is enabled only while the cabinet can take money (no tilt, round phase idle or
 * betting, not in demo mode) and the acceptor has no active condition (docs/cabinet-rules.md#bill-validator).
 * In note test mode it is enabled whenever it has no condition: every note is read and handed back, so none
 * can reach the cashbox or the credits.
 * The acceptor is polled before it is ever enabled in a session (GA973 §6.3.4: old events first), and not
 * enabled while it reports 0xB6 (initialising).
 * Status: 'connected' once the key is exchanged, 'healthy' after the first good poll, 'fault' while a condition
 * is active, 'disconnected' while the link is down (docs/protocols/essp.md#handshake).
 * A refused unit (unit-refusal.ts: wrong fixed key, protocol below 6, no POLL_WITH_ACK) raises a device fault
 * saying why and is tried again only after a growing wait (docs/protocols/essp.md#refused-units).
 */
import type { DevicePort } from '../../core/cabinet/cabinet-api.ts';
import type { SerialLinkOpener } from '../serial/serial-link.ts';
import { LinkSupervisor } from '../serial/link-supervisor.ts';
import { AcceptorConditions, CONDITION_TEXT, REFUSALS } from './acceptor-conditions.ts';
import { AcceptorDriverBase } from './acceptor-driver-base.ts';
import type { BillAcceptorDiagnostics } from './acceptor-diagnostics.ts';
import {
  acceptedChannels,
  validateConfig,
  type BillAcceptorConfig,
  type ValidatedConfig,
} from './bill-acceptor-config.ts';
import { EscrowPolicy, type EscrowMetrics } from './escrow-policy.ts';
import { configureChannels, describeSetup, openSession, setEnabled, type AcceptorIdentity } from './handshake.ts';
import { noteAfterPoll } from './note-in-acceptor.ts';
import { NoteTracker, memoryStore, type TrackerStore } from './note-tracker.ts';
import { actOnPollEvents, type PollEventHooks } from './poll-events.ts';
import { PollLoop, pollOnce } from './poll-loop.ts';
import { SspMaster } from './ssp-master.ts';
import type { SetupInfo } from './ssp-protocol.ts';
import { RefusalBackoff, UnitRefusedError, realWait, type Wait } from './unit-refusal.ts';

export { BillAcceptorConfigError, validateConfig, type BillAcceptorConfig } from './bill-acceptor-config.ts';
export type { BillAcceptorEvent } from './driver-events.ts';

export interface BillAcceptorDriverOptions {
  readonly portPath: string;
  readonly cabinet: DevicePort;
  readonly config: BillAcceptorConfig;
  readonly open: SerialLinkOpener;
  /** Where the note tracker lives; in memory when absent (then a host crash may need a technician). */
  readonly store?: TrackerStore;
  /** How the driver waits before trying a refused unit again; real time unless a test injects its own. */
  readonly wait?: Wait;
}

export interface BillAcceptorMetrics extends EscrowMetrics {
  /** POLL_WITH_ACK replies received. */
  polls: number;
}

export class BillAcceptorDriver extends AcceptorDriverBase {
  readonly #options: BillAcceptorDriverOptions;
  readonly #config: ValidatedConfig;
  readonly #supervisor: LinkSupervisor;
  readonly #store: TrackerStore;
  readonly #conditions: AcceptorConditions;
  readonly #loops = new Set<PollLoop>();
  #tracker: NoteTracker | null = null;
  #escrow: EscrowPolicy | null = null;
  #master: SspMaster | null = null;
  #setup: SetupInfo | null = null;
  #identity: AcceptorIdentity | null = null;
  #accepted: readonly number[] = [];
  #generation = 0;
  #running = false;
  #loop: Promise<void> | null = null;
  #deviceEnabled: boolean | null = null;
  /** A poll succeeded since the last handshake: only then is the acceptor 'healthy' (before: 'connected'). */
  #polledOk = false;
  /** The acceptor reset (0xF1): its inhibits and enable state are gone, set it up again. */
  #resetSeen = false;
  /** The last poll reported 0xB6: the unit is still setting itself up and must not be enabled. */
  #initialising = false;
  readonly #refusal: RefusalBackoff;
  #abort = new AbortController();
  /** Figures for the report and the tests. */
  readonly metrics: BillAcceptorMetrics = {
    credits: 0,
    duplicateCredits: 0,
    rejects: 0,
    creditLatencyMs: [],
    polls: 0,
  };

  constructor(options: BillAcceptorDriverOptions) {
    super(options, { notAccepting: 'disabled', firstPollPending: 'key exchanged, first poll pending' });
    this.#options = options;
    this.#config = validateConfig(options.config);
    this.#store = options.store ?? memoryStore();
    this.#refusal = new RefusalBackoff(this.#config.refusalBackoff);
    this.#conditions = new AcceptorConditions(
      this.conditionEffects(['safe-jam', 'unsafe-jam'], (condition) => this.#conditions.codeOf(condition)),
    );
    this.#supervisor = new LinkSupervisor({
      open: options.open,
      link: { path: options.portPath, baudRate: 9600, dataBits: 8, stopBits: 2, parity: 'none' },
      backoff: this.#config.backoff,
      onConnected: async (link) => {
        const delay = this.#refusal.delayMs;
        if (delay > 0) {
          // A refused unit: a wrong key puts it out of service until it is reset, so no tight retry loop.
          this.emit('retry', `trying the refused acceptor again in ${delay} ms`);
          await (this.#options.wait ?? realWait)(delay, this.#abort.signal);
        }
        this.#master?.close();
        const master = new SspMaster(link, {
          replyTimeoutMs: this.#config.replyTimeoutMs,
          attempts: this.#config.attempts,
          onLineError: (e) => this.emit('line-error', `${e.reason}: ${e.detail}`),
        });
        this.#master = master;
        // No 'connected' report yet: that would clear the cabinet's tilt before the acceptor has proved itself.
        try {
          await this.#handshake(master);
        } catch (error) {
          if (error instanceof UnitRefusedError) this.#refuse(error);
          // A unit that could not decrypt stays silent until it is reset: keep waiting longer between tries.
          else if (REFUSALS.some((kind) => this.#conditions.has(kind))) this.#refusal.refused();
          throw error;
        }
        this.#startLoop(master);
      },
    });
    this.#supervisor.onReport((report) => {
      if (report.state === 'disconnected') {
        this.#generation++;
        this.#master?.close();
        this.#master = null;
        this.#deviceEnabled = null;
        const refused = REFUSALS.some((kind) => this.#conditions.has(kind));
        if (refused) {
          this.statusReport.report('fault', `${this.#conditions.describe()}; ${report.reason}`, {
            ...this.#conditions.code(),
            linkDown: report.cause,
          });
        } else this.statusReport.linkDown(report);
      }
    });
  }

  setup(): SetupInfo | null {
    return this.#setup;
  }

  /** Identity, channels, counters and the test mode, for the technician's diagnostics. */
  diagnostics(): BillAcceptorDiagnostics {
    const identity = this.#identity;
    const setup = this.#setup;
    const status = this.statusReport.current;
    return {
      health: status.health,
      detail: status.detail,
      detailCode: status.detailCode,
      ...(identity && identity.acceptorId !== 'unknown' ? { serialNumber: identity.acceptorId } : {}),
      ...(identity ? { firmware: identity.firmwareVersion ?? identity.setup.firmware } : {}),
      ...(identity?.datasetVersion ? { dataset: identity.datasetVersion } : {}),
      channels: setup
        ? setup.channelValuesMinor.map((valueMinor, i) => ({
            channel: i + 1,
            valueMinor,
            enabled: this.#accepted.includes(i + 1),
            currency: setup.channelCountries[i] ?? '',
          }))
        : [],
      counters: this.counters.view(),
      testMode: this.testMode.on,
      testNotes: [...this.testMode.notes],
    };
  }

  async start(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    this.#abort = new AbortController();
    this.cabinetWatch.start(() => this.#wakeLoops());
    await this.#supervisor.start();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#generation++;
    this.#abort.abort(new Error('the bill acceptor driver stopped'));
    this.cabinetWatch.stop();
    this.#wakeLoops();
    const master = this.#master;
    if (master && this.#deviceEnabled) await setEnabled(master, false).catch(() => undefined);
    await this.#loop?.catch(() => undefined);
    master?.close();
    this.#master = null;
    await this.#supervisor.stop();
    this.statusReport.stopped();
  }

  async #handshake(master: SspMaster): Promise<void> {
    const identity = await openSession(master, this.#config.fixedKey);
    const { acceptorId, setup } = identity;
    this.#setup = setup;
    this.#identity = identity;
    if (!this.#tracker || this.#tracker.state.acceptorId !== acceptorId) {
      this.#tracker = new NoteTracker(this.#store, acceptorId);
    }
    const accepted = acceptedChannels(this.#config, setup);
    this.#accepted = accepted;
    this.#escrow = new EscrowPolicy({
      tracker: this.#tracker,
      setup,
      acceptedChannels: accepted,
      cabinet: this.#options.cabinet,
      metrics: this.metrics,
      counters: this.counters,
      testMode: () => this.testMode.on,
      testNote: (note) => this.testMode.record(note),
      canTakeMoney: () => !this.#conditions.active && this.cabinetWatch.takesMoney(),
      anomaly: (reason) => this.#conditions.raise('credit-anomaly', `${CONDITION_TEXT['credit-anomaly']} (${reason})`),
      emit: (type, detail) => this.emit(type, detail),
    });
    if (accepted.length > 0) this.#conditions.drop(['no-channels']);
    else {
      this.#conditions.raise(
        'no-channels',
        `${CONDITION_TEXT['no-channels']} (acceptor ${setup.channelCountries.join('/')}, ` +
          `venue ${this.#config.currency} channels ${this.#config.enabledChannels?.join(',') ?? 'all'})`,
      );
    }
    this.#conditions.drop(['key-mismatch', 'protocol-refused']);
    await configureChannels(master, accepted);
    this.#deviceEnabled = false;
    this.#initialising = false;
    this.emit('setup', describeSetup(identity, accepted));
    // Before the first poll of the session, which would stack a note still held in escrow.
    await this.#escrow.resumeEscrow(master);
  }

  /** A refused unit: the fault says why (once while it lasts), and the next handshake waits longer. */
  #refuse(error: UnitRefusedError): void {
    this.#refusal.refused();
    this.emit('refused', error.message);
    this.#conditions.raise(error.kind, error.message);
  }

  #startLoop(master: SspMaster): void {
    const generation = ++this.#generation;
    this.#polledOk = false;
    this.refreshHealth();
    const loop = new PollLoop({
      intervalMs: this.#config.pollIntervalMs,
      isCurrent: () => this.#running && generation === this.#generation,
      cycle: () => this.#cycle(master, generation),
      rehandshake: () => this.#rehandshake(master, generation),
      linkLost: (reason) => this.#supervisor.linkLost(reason, 'stopped-answering'),
      refused: (error) => {
        this.#refuse(error);
        this.#supervisor.linkLost(error.message, 'unit-refused');
      },
      emit: (type, detail) => this.emit(type, detail),
    });
    this.#loops.add(loop);
    const previous = this.#loop ?? Promise.resolve();
    this.#loop = previous
      .catch(() => undefined)
      .then(() => loop.run())
      .finally(() => this.#loops.delete(loop));
  }

  /** Poll first, then the enable state: every session's first poll clears old events before any ENABLE. */
  async #cycle(master: SspMaster, generation: number): Promise<void> {
    const reply = await pollOnce(master, this.metrics, (type, detail) => this.emit(type, detail));
    const escrow = this.#escrow;
    if (reply) {
      this.#refusal.accepted();
      this.#conditions.drop(['no-poll-with-ack']);
    }
    if (reply && escrow) {
      const hooks: PollEventHooks = {
        emit: (type: string, detail: string) => this.emit(type, detail),
        disabledReported: () => {
          // The acceptor says it is disabled while we believe it enabled (e.g. it reset): send ENABLE again.
          if (this.#deviceEnabled === true) this.#deviceEnabled = null;
        },
        resetReported: () => {
          this.#resetSeen = true;
        },
        initialising: (still: boolean) => {
          if (still && !this.#initialising) this.emit('initialising', 'the acceptor is initialising: not enabled yet');
          this.#initialising = still;
        },
      };
      await actOnPollEvents(master, reply.events, reply.received, escrow, this.#conditions, hooks, reply.unread);
      this.statusReport.reportNote(noteAfterPoll(this.statusReport.current.note ?? null, reply.events));
    }
    if (!this.#polledOk) {
      this.#polledOk = true;
      this.refreshHealth();
    }
    if (this.#resetSeen) {
      this.#resetSeen = false;
      await this.#rehandshake(master, generation);
      return;
    }
    await this.#syncEnable(master);
  }

  async #rehandshake(master: SspMaster, generation: number): Promise<void> {
    try {
      await this.#handshake(master);
    } catch (error) {
      if (generation !== this.#generation) return;
      if (error instanceof UnitRefusedError) this.#refuse(error);
      this.emit('error', `handshake failed: ${error instanceof Error ? error.message : String(error)}`);
      this.#supervisor.linkLost('handshake failed', 'handshake-failed');
    }
  }

  protected override wake(): void {
    this.#wakeLoops();
  }

  #wakeLoops(): void {
    for (const loop of this.#loops) loop.wake();
  }

  #wantEnabled(): boolean {
    if (this.#initialising) return false;
    return this.wantsNotes(this.#conditions.active);
  }

  async #syncEnable(master: SspMaster): Promise<void> {
    const want = this.#wantEnabled();
    if (want === this.#deviceEnabled) return;
    await setEnabled(master, want);
    this.#deviceEnabled = want;
    this.enableSent(want);
  }

  protected override refreshHealth(): void {
    this.statusReport.refresh({
      conditions: this.#conditions,
      setUp: this.#master !== null && this.#setup !== null,
      polledOk: this.#polledOk,
      enabled: this.#deviceEnabled === true,
    });
  }
}
