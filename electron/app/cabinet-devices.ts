/**
 * The cabinet's two serial devices, the RNG and the bill acceptor, as the composition root runs
 * them, with their settings changeable while the cabinet runs (docs/venue-config.md#device-settings):
 * - one RandomSource for the cabinet's whole life that draws from whichever RNG service is current,
 *   so the RNG can be restarted on a new port without reopening the cabinet;
 * - a configured path that can never be a serial port (a directory, a FIFO, a regular file) is a
 *   device fault in words and no driver is started; a path that does not exist yet, or that the kiosk
 *   may not open yet, starts the driver, which says why it cannot open it and keeps retrying;
 * - a change restarts only the devices whose settings changed: the old service is stopped (its
 *   "stopped" status is not a fault), the new one starts and its statuses flow to the cabinet. An RNG
 *   restart reports a fault first, so play waits for the new source's start-up test;
 * - a change to the bill acceptor is refused while it holds a note in escrow or a credit is pending
 *   (its note tracker says so), so no note is lost between two drivers.
 */
import type { DevicePort, DeviceStatus } from '../core/cabinet/cabinet-api.ts';
import { CabinetError } from '../core/cabinet/cabinet-error.ts';
import type { DeviceDetail } from '../core/model/device-detail.ts';
import type { RefusalReason } from '../core/model/refusal-reason.ts';
import type { RandomSource } from '../core/random/random-source.ts';
import type { BillAcceptorService } from '../devices/bill-acceptor/acceptor-service.ts';
import { fileStore } from '../devices/bill-acceptor/note-tracker.ts';
import { osErrorCode } from '../devices/serial/link-supervisor.ts';
import {
  createRngService,
  type RngService,
  type RngServiceDiagnostics,
  type RngServiceOptions,
} from '../devices/rng/rng-service.ts';
import { BUILT_IN_BILL_ACCEPTORS, chooseBillAcceptor, type BillAcceptorConstructors } from './bill-acceptor-factory.ts';
import { serialPathProblem, type PathProblem } from './device-path.ts';
import type { BillSettings, DeviceSettings, InputSettings, RngSettings } from './device-settings.ts';

export type NoteInFlight = Extract<RefusalReason['code'], 'note-in-escrow' | 'credit-pending'>;

/**
 * A device change refused because the bill acceptor holds money that is not yet credited and acknowledged.
 * `reason` says which, as a code with its parameters, so the staff screen words it (IpcError.reason).
 */
export class DeviceBusyError extends CabinetError {
  constructor(inFlight: NoteInFlight) {
    super(
      'not-permitted',
      inFlight === 'note-in-escrow'
        ? 'the bill acceptor holds a note in escrow: its settings can change once the note is stacked or returned'
        : 'the bill acceptor has a credit pending: its settings can change once the credit is acknowledged',
      undefined,
      undefined,
      { code: inFlight, device: 'bill-acceptor' },
    );
  }
}

export interface DevicePlan {
  readonly rng: boolean;
  readonly bill: boolean;
  readonly inputs: boolean;
}

export interface CabinetDevicesOptions {
  readonly settings: DeviceSettings;
  /** Where statuses go (the cabinet, or a buffer before it is open). */
  readonly report: (status: DeviceStatus) => void;
  /** The cabinet as the bill acceptor sees it (asked only when the acceptor starts, after the cabinet is open). */
  readonly moneyIn: () => DevicePort;
  /** The bill acceptor's note tracker, beside the journal. */
  readonly stateFile: string;
  /** The switch inputs, rewired when their files change. */
  readonly applyInputs?: (inputs: InputSettings) => void;
  readonly log: (message: string) => void;
  // Seams for tests; the defaults are the real ones.
  readonly createRng?: (options: RngServiceOptions) => RngService;
  readonly billAcceptors?: BillAcceptorConstructors;
  readonly checkPath?: (path: string) => PathProblem | null;
  readonly noteInFlight?: () => NoteInFlight | null;
}

/** The bill acceptor's note tracker file: a note in escrow, or credited and not yet acknowledged. */
export function noteInFlightFrom(stateFile: string, log: (message: string) => void): () => NoteInFlight | null {
  return () => {
    try {
      const stage = fileStore(stateFile).load()?.note?.stage;
      if (stage === 'escrow') return 'note-in-escrow';
      if (stage === 'credited') return 'credit-pending';
      return null;
    } catch (error) {
      log(`bill acceptor state ${stateFile}: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  };
}

/**
 * A path that can never become a serial port: no driver is started for it. A missing node (a USB device
 * not plugged in yet) or one the kiosk may not open yet (a udev rule not applied) starts the driver, which
 * reports why it cannot open the port and keeps retrying.
 */
function neverSerial(problem: PathProblem): boolean {
  return problem.kind === 'not-a-serial-device' || problem.kind === 'not-absolute';
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

export class CabinetDevices {
  readonly random: RandomSource;
  readonly #options: CabinetDevicesOptions;
  readonly #createRng: (options: RngServiceOptions) => RngService;
  readonly #checkPath: (path: string) => PathProblem | null;
  readonly #noteInFlight: () => NoteInFlight | null;
  #settings: DeviceSettings;
  #rng: RngService;
  /** Statuses of a service count only while it is the current one. */
  #rngToken: object = {};
  #bill: BillAcceptorService | null = null;
  #billToken: object = {};
  #stopped = false;
  #queue: Promise<void> = Promise.resolve();

  constructor(options: CabinetDevicesOptions) {
    this.#options = options;
    this.#createRng = options.createRng ?? createRngService;
    this.#checkPath = options.checkPath ?? serialPathProblem;
    this.#noteInFlight = options.noteInFlight ?? noteInFlightFrom(options.stateFile, options.log);
    this.#settings = options.settings;
    this.#rng = this.#makeRng(options.settings.rng);
    this.random = {
      nextInt: (bound) => this.#rng.random.nextInt(bound),
      beforeShuffle: () => this.#rng.random.beforeShuffle?.(),
    };
  }

  get settings(): DeviceSettings {
    return this.#settings;
  }

  rng(): RngService {
    return this.#rng;
  }

  rngDiagnostics(): RngServiceDiagnostics {
    return this.#rng.diagnostics();
  }

  bill(): BillAcceptorService | null {
    return this.#bill;
  }

  startRng(): Promise<void> {
    return this.#rng.start();
  }

  startBill(): Promise<void> {
    return this.#startBill(this.#settings.bill);
  }

  /**
   * Which devices a change of settings restarts: what stands in without a port matters only without one
   * (demo mode on or off leaves a hardware RNG running), and the bill settings only with a port.
   */
  plan(next: DeviceSettings): DevicePlan {
    const now = this.#settings;
    const rng = (s: RngSettings) => ({ ...s, noPort: s.port === null ? s.noPort : null });
    const billChanged = !same(now.bill, next.bill) && (now.bill.port !== null || next.bill.port !== null);
    return { rng: !same(rng(now.rng), rng(next.rng)), bill: billChanged, inputs: !same(now.inputs, next.inputs) };
  }

  /** Throws DeviceBusyError when the plan restarts a bill acceptor that holds money in flight. */
  assertCanApply(plan: DevicePlan): void {
    if (!plan.bill || this.#bill === null) return;
    const inFlight = this.#noteInFlight();
    if (inFlight) throw new DeviceBusyError(inFlight);
  }

  /**
   * Restarts the devices whose settings changed; changes run one after another, in order. Before it returns,
   * the new settings are in force for the next change's plan, the inputs are rewired and, when the RNG restarts,
   * its fault is reported, so no round is dealt on the old source once the change is committed.
   */
  apply(next: DeviceSettings): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    const plan = this.plan(next);
    this.#settings = next;
    if (plan.inputs) this.#options.applyInputs?.(next.inputs);
    if (plan.rng) {
      this.#rngToken = {}; // the old source's statuses no longer count
      this.#options.report({
        device: 'rng',
        health: 'fault',
        detail: 'restarting with new settings',
        detailCode: { code: 'rng-restarting' },
      });
    }
    const run = async (): Promise<void> => {
      if (this.#stopped) return;
      if (plan.rng) await this.#restartRng(next.rng);
      if (plan.bill) await this.#restartBill(next.bill);
    };
    this.#queue = this.#queue.then(run, run);
    return this.#queue;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#queue.catch(() => undefined);
    this.#billToken = {};
    this.#rngToken = {};
    const bill = this.#bill;
    this.#bill = null;
    await Promise.allSettled([bill?.stop(), this.#rng.stop()]);
  }

  #report(token: object, current: () => object): (status: DeviceStatus) => void {
    return (status) => {
      if (!this.#stopped && token === current()) this.#options.report(status);
    };
  }

  #makeRng(settings: RngSettings): RngService {
    const token = {};
    this.#rngToken = token;
    const onStatus = this.#report(token, () => this.#rngToken);
    const common = { onStatus, minEntropyBitsPerByte: settings.minEntropyBitsPerByte };
    if (settings.port === null) return this.#createRng({ ...common, portPath: null, noPort: settings.noPort });
    const problem = this.#checkPath(settings.port);
    if (problem && neverSerial(problem)) {
      return this.#createRng({
        ...common,
        portPath: null,
        noPort: 'refuse',
        refuseReason: `RNG: ${problem.message}`,
        refuseCode: { code: 'port-unusable', device: 'rng', port: settings.port, ...problem.code },
      });
    }
    // A OneRNG streams only after "cmdO" (docs/protocols/serial-rng.md#what-the-reader-does).
    const oneRng = settings.protocol === 'onerng' ? { startCommand: 'cmdO', stopCommand: 'cmdo' } : {};
    return this.#createRng({ ...common, ...oneRng, portPath: settings.port });
  }

  async #restartRng(settings: RngSettings): Promise<void> {
    // Play waits for the new source: apply() reported a fault that tilts until the new one reports healthy.
    const old = this.#rng;
    await old.stop().catch((error: unknown) => this.#options.log(`rng stop: ${String(error)}`));
    this.#rng = this.#makeRng(settings);
    await this.#rng.start();
    this.#options.log(`rng restarted (${settings.port ?? settings.noPort})`);
  }

  async #startBill(settings: BillSettings): Promise<void> {
    const { report, log } = this.#options;
    const token = {};
    this.#billToken = token;
    const port = settings.port;
    if (port === null) {
      report({
        device: 'bill-acceptor',
        health: 'not-configured',
        detail: 'no bill acceptor configured',
        detailCode: { code: 'acceptor-not-configured' },
      });
      return;
    }
    const problem = this.#checkPath(port);
    if (problem && neverSerial(problem)) {
      report({
        device: 'bill-acceptor',
        health: 'fault',
        detail: `bill acceptor: ${problem.message}`,
        detailCode: { code: 'port-unusable', device: 'bill-acceptor', port, ...problem.code },
      });
      return;
    }
    const choice = chooseBillAcceptor(
      { ...settings, port },
      { cabinet: this.#statusGated(this.#options.moneyIn(), token), stateFile: this.#options.stateFile },
      this.#options.billAcceptors ?? BUILT_IN_BILL_ACCEPTORS,
    );
    if (choice.kind === 'fault') {
      report(choice.status);
      return;
    }
    const service = choice.service;
    this.#bill = service;
    // The driver reports its own statuses to the cabinet through moneyIn(); these are the start failures.
    try {
      await service.start();
      if (token === this.#billToken) log(`bill acceptor (${settings.protocol}) on ${port}`);
    } catch (error) {
      const detail = `bill acceptor on ${port} cannot start: ${error instanceof Error ? error.message : String(error)}`;
      const detailCode: DeviceDetail = { code: 'acceptor-start-failed', port, osCode: osErrorCode(error) ?? null };
      if (token === this.#billToken) report({ device: 'bill-acceptor', health: 'fault', detail, detailCode });
    }
  }

  /** The cabinet for one driver: its statuses stop counting once it is replaced or stopped; credits always count. */
  #statusGated(cabinet: DevicePort, token: object): DevicePort {
    const report = this.#report(token, () => this.#billToken);
    return {
      snapshot: () => cabinet.snapshot(),
      subscribe: (listener) => cabinet.subscribe(listener),
      canAcceptBill: (valueMinor) => cabinet.canAcceptBill(valueMinor),
      creditBill: (credit) => cabinet.creditBill(credit),
      reportDevice: (status) => report(status),
      raiseFault: (kind, source, reason) => cabinet.raiseFault(kind, source, reason),
    };
  }

  async #restartBill(settings: BillSettings): Promise<void> {
    const old = this.#bill;
    this.#bill = null;
    this.#billToken = {};
    await old?.stop().catch((error: unknown) => this.#options.log(`bill acceptor stop: ${String(error)}`));
    await this.#startBill(settings);
  }
}
