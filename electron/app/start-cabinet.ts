/**
 * The composition root shared by the Electron main process and the browser test host.
 * Order (docs/cabinet-rules.md#power-loss):
 *  1. the RNG service is created (its DRBG is the cabinet's RandomSource);
 *  2. openCabinet opens the journal, checks critical memory and RECOVERS an interrupted
 *     round (void + refund) — all before this function returns, so no shell can show
 *     credits before recovery;
 *  3. device status flows into the cabinet, the devices start (cabinet-devices.ts); a real-money
 *     cabinet deals only once the hardware RNG has passed its start-up test, or OS entropy the
 *     venue approved (docs/rng.md#approved-entropy-source);
 *  4. dispose() stops the devices, then closes the journal.
 * Devices (docs/venue-config.md#device-settings, device-settings.ts): a flag of the browser host, else
 * the environment (the packaged kiosk's systemd unit), else the venue config; in development and in
 * the browser host an embedded emulator stands in for each device none of them names (passed in by
 * the shell; never bundled into the packaged main). A technician's change of the device settings
 * restarts the affected device between rounds (live-devices.ts wraps the cabinet's applyConfig).
 *
 * Over 400 lines: the whole start order is one function, so the order above reads top to bottom in one
 * place; splitting it into small setup modules is the next restructure (docs/architecture.md).
 */
import { existsSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { Journal } from '../storage/journal.ts';
import { ramClearAfterQuarantine, startCabinetOn, startOnJournalOrLocked } from '../storage/open-cabinet.ts';
import { startWhenReadable } from '../storage/start-when-readable.ts';
import { retryTransient } from '../storage/journal-read-retry.ts';
import { journalDamageService } from './journal-damage-service.ts';
import type { CrashReport } from './process-crash-handler.ts';
import { describeLastCrash, recordCrash, takeLastCrash } from './process-crash-record.ts';
import { describeQuarantine, type QuarantinedJournal } from '../storage/journal-quarantine.ts';
import type { CabinetCore } from '../core/cabinet/cabinet.ts';
import type { DeviceStatus } from '../core/cabinet/cabinet-api.ts';
import { storedVenueConfig } from '../core/cabinet/config-change.ts';
import { parseVenueFileText } from '../core/config/config-file.ts';
import { ConfigError, DEFAULT_VENUE_CONFIG, parseVenueConfig, type VenueConfig } from '../core/config/venue-config.ts';
import { configHash } from '../core/config/config-hash.ts';
import type { Currency } from '../core/cabinet/meters-report.ts';
import type { RandomSource } from '../core/random/random-source.ts';
import { RngUnavailableError } from '../core/random/drbg-random-source.ts';
import { createStaffAccess, type StaffAccess } from '../core/staff/staff-access.ts';
import { createPinHasher } from '../core/staff/pin-hash.ts';
import { installedPins } from '../core/staff/installed-pins.ts';
import { wireInputs, type CabinetInputs } from './cabinet-inputs.ts';
import { paytableFor } from './paytable.ts';
import { gateMoneyIn, type RunningCabinet } from './running-cabinet.ts';
import type { EmbeddedEmulators } from '../emulators/emulator-controls.ts';
import type { BillAcceptorConstructors } from './bill-acceptor-factory.ts';
import { CabinetDevices } from './cabinet-devices.ts';
import { describeDevices, withLiveDevices } from './live-devices.ts';
import {
  emulatorsNeeded,
  resolveDeviceSettings,
  type DeviceFlags,
  type DeviceSettings,
  type InputSettings,
} from './device-settings.ts';

export interface StartCabinetOptions {
  readonly journalPath: string;
  /**
   * Venue config (validated by the cabinet). Default: the BACCARAT_CONFIG file; with neither,
   * the config stored in the journal (the last one applied at the cabinet), else the built-in default.
   */
  readonly config?: unknown;
  /** A venue file (`npm run host -- --config FILE`); wins over BACCARAT_CONFIG. */
  readonly configFile?: string;
  /** Starts the embedded emulators asked for (the devices nothing else names); null on a real cabinet. */
  readonly startEmulators?:
    | ((
        log: (message: string) => void,
        which: { rng: boolean; bill: boolean; currency?: string },
      ) => Promise<EmbeddedEmulators>)
    | null;
  /** The browser host's device flags (`--rng-port`, `--bill-port`, …): they win over the environment and the config. */
  readonly deviceFlags?: DeviceFlags;
  /** The bill acceptor drivers (default: this build's, bill-acceptor-factory.ts); tests inject stubs. */
  readonly billAcceptors?: BillAcceptorConstructors;
  /** Test hooks of the browser host only: wraps the RNG's random source. */
  readonly wrapRandom?: (random: RandomSource) => RandomSource;
  /** Called with the cabinet right after recovery, before devices start (test hooks in the browser host). */
  readonly afterOpen?: (cabinet: CabinetCore) => void;
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly log: (message: string) => void;
}

/**
 * Reads and validates a venue file (docs/venue-config.md#starting-with-a-file). Throws ConfigError
 * with one problem per bad field (an unreadable or malformed file is one problem too).
 */
export function readVenueFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new ConfigError([`(file): cannot read ${file} (${why})`], [{ path: '', rule: 'required', other: 'file' }]);
  }
  const input = parseVenueFileText(text);
  parseVenueConfig(input);
  return input;
}

/** One stderr line per bad field of a venue file. */
export function venueFileLines(file: string, error: ConfigError): string[] {
  return error.problems.map((problem) => `venue config ${file}: ${problem}`);
}

interface LoadedConfig {
  /** What the cabinet is opened with. */
  readonly input: unknown;
  readonly source: 'given' | 'stored-first';
  /** The config as far as start-up can tell before the journal is open (device ports). */
  readonly preview: VenueConfig;
}

/**
 * The stored config, read without changing the journal (null for a new or unreadable journal); a transient
 * read error is tried again (journal-read-retry.ts), so one bad read does not pick the wrong devices.
 */
function peekStoredConfig(journalPath: string): VenueConfig | null {
  if (!existsSync(journalPath)) return null;
  try {
    return retryTransient(() => {
      const journal = Journal.open(journalPath, { readOnly: true });
      try {
        return storedVenueConfig({ journal });
      } finally {
        journal.close();
      }
    });
  } catch {
    return null;
  }
}

function loadConfig(options: StartCabinetOptions): LoadedConfig {
  if (options.config !== undefined) {
    return { input: options.config, source: 'given', preview: parseVenueConfig(options.config) };
  }
  const file = options.configFile ?? (options.env ?? process.env).BACCARAT_CONFIG;
  if (file) {
    const input = readVenueFile(file);
    return { input, source: 'given', preview: parseVenueConfig(input) };
  }
  const stored = peekStoredConfig(options.journalPath);
  return { input: DEFAULT_VENUE_CONFIG, source: 'stored-first', preview: stored ?? DEFAULT_VENUE_CONFIG };
}

/** The venue's currency (docs/venue-config.md#fields). */
function currencyOf(config: VenueConfig): Currency {
  return config.currency;
}

/**
 * The crash the run before this one ended in, journaled first if only its marker had it; a journal that refuses
 * the row leaves the marker for the next start, and start-up goes on (docs/cabinet-rules.md#damaged-journal).
 */
function lastRunCrash(journal: Journal, journalPath: string, log: (message: string) => void): CrashReport | null {
  try {
    return takeLastCrash(journal, journalPath);
  } catch (error) {
    log(
      `the last run's crash could not be read or journaled: ${error instanceof Error ? error.message : String(error)}`,
    );
    return null;
  }
}

/** How long start-up waits for the hardware RNG's start-up test before tilting play until it passes. */
const RNG_READY_MS = 5000;

export async function startCabinet(options: StartCabinetOptions): Promise<RunningCabinet> {
  const env = options.env ?? process.env;
  const flags = options.deviceFlags ?? {};
  const { log } = options;
  // A bad venue file stops start-up before any device or the journal is touched.
  const loaded = loadConfig(options);
  const wanted = emulatorsNeeded(loaded.preview, flags, env);
  const emulators =
    options.startEmulators && (wanted.rng || wanted.bill) ? await options.startEmulators(log, wanted) : null;
  const settingsFor = (config: VenueConfig): DeviceSettings => resolveDeviceSettings(config, { flags, env, emulators });

  // Device status that arrives before the cabinet exists is replayed to it once it does.
  let cabinet: CabinetCore | null = null;
  const early: DeviceStatus[] = [];
  // An orderly shutdown stops the devices on purpose: their 'disconnected' is not a fault, and a
  // tilt journaled for it would greet the next start-up.
  let stopping = false;
  const report = (status: DeviceStatus): void => {
    if (stopping) return;
    if (cabinet) cabinet.reportDevice(status);
    else early.push(status);
  };

  // The cabinet's one random source for its whole life: the current RNG service's DRBG (cabinet-devices.ts).
  let devices: CabinetDevices | null = null;
  const certified: RandomSource = {
    nextInt: (bound) => {
      if (!devices) throw new RngUnavailableError('RNG unavailable: the RNG has not started yet');
      return devices.random.nextInt(bound);
    },
    beforeShuffle: () => {
      if (!devices) throw new RngUnavailableError('RNG unavailable: the RNG has not started yet');
      devices.random.beforeShuffle?.();
    },
  };
  const stopAll: Array<() => Promise<void> | void> = [];
  let journal: Journal | null = null;
  let quarantined: QuarantinedJournal | null = null;
  try {
    // A damaged journal is moved aside and the cabinet starts locked on a fresh one
    // (docs/cabinet-rules.md#damaged-journal); startCabinetOn closes the journal when start-up fails.
    // A journal the disk will not read stays in place: start-up waits for it, never exits (start-when-readable.ts).
    const started = await startWhenReadable(
      () =>
        startOnJournalOrLocked(
          options.journalPath,
          (opened) =>
            startCabinetOn(opened, {
              config: loaded.input,
              configSource: loaded.source,
              random: options.wrapRandom ? options.wrapRandom(certified) : certified,
            }),
          undefined,
          loaded.preview.journal.criticalCopyPath,
        ),
      log,
    );
    ({ journal, cabinet, quarantined } = started);
  } catch (error) {
    await emulators?.stop().catch(() => undefined);
    throw error;
  }
  const opened = cabinet;
  const openJournal = journal;
  stopAll.push(() => opened.close());
  const settings = settingsFor(opened.venueConfig());
  log(describeDevices(settings));
  // Staff access and the switch inputs (docs/cabinet-rules.md#operator-menu-and-key-switch): stopped before the
  // journal closes. The venue config names the GPIO value files; BACCARAT_OPERATOR_KEY_FILE overrides the key's.
  const installed = installedPins(env);
  for (const problem of installed.problems) log(problem);
  const staff: StaffAccess = createStaffAccess({
    store: journal.staff,
    installedPins: installed.pins,
    hasher: createPinHasher(),
    clock: () => new Date(),
    schedule: (delayMs, fn) => {
      const timer = setTimeout(fn, delayMs);
      timer.unref();
      return () => clearTimeout(timer);
    },
    idleSignOutMs: opened.venueConfig().staff.idleSignOutS * 1000,
  });
  const wire = (files: InputSettings): CabinetInputs =>
    wireInputs({ cabinet: opened, staff, keyFile: files.operatorKeyFile, doorFile: files.doorFile, log });
  let wired: CabinetInputs = wire(settings.inputs);
  // The shells hold this one object; a change of the GPIO files rewires what is behind it.
  const inputs: CabinetInputs = {
    get keyFile() {
      return wired.keyFile;
    },
    get doorFile() {
      return wired.doorFile;
    },
    setOperatorKey: (on) => wired.setOperatorKey(on),
    setDoor: (open) => wired.setDoor(open),
    stop: () => wired.stop(),
  };
  stopAll.push(() => {
    inputs.stop();
    staff.close();
  });
  const menuOpen = (): boolean => staff.session() !== null;
  const last = opened.snapshot().lastRound;
  const lastCrash = lastRunCrash(journal, options.journalPath, log);
  // A crash kept only in its marker has just written its program-fault tilt: the lock screen shows it now.
  if (lastCrash) opened.tiltsWrittenAtStart();
  const unreadable = opened
    .snapshot()
    .tilts.some((t) => t.reasonCode?.code === 'storage-error' && t.reasonCode.stage === 'start-up');
  const recovery =
    (quarantined
      ? `RAM error: ${describeQuarantine(quarantined)}; locked until a technician RAM clear`
      : unreadable
        ? 'storage fault: the journal could not be read at start-up; it stays in place, tilted until a technician clears it after a test write'
        : last && last.status === 'voided' && last.voidReason?.includes('power-up')
          ? `recovered: round ${last.roundId} voided, ${last.refundedMinor} minor units refunded (${last.voidReason})`
          : 'clean start: no round was interrupted') + (lastCrash ? `; ${describeLastCrash(lastCrash)}` : '');
  options.afterOpen?.(opened);
  for (const status of early.splice(0)) opened.reportDevice(status);

  const stopEverything = async (): Promise<void> => {
    stopping = true;
    // Devices first (no more notes or entropy), the journal last.
    for (const stop of stopAll.splice(0).reverse()) {
      try {
        await stop();
      } catch (error) {
        log(`shutdown: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };

  if (emulators) stopAll.push(() => emulators.stop());
  const running = new CabinetDevices({
    settings,
    report,
    // Escrow refuses every note while a staff session is open.
    moneyIn: () => gateMoneyIn(opened, menuOpen),
    // Beside the journal, so a crash between a credit and its EVENT_ACK never credits twice.
    stateFile: `${options.journalPath}.bill-acceptor.json`,
    applyInputs: (files) => {
      wired.stop();
      wired = wire(files);
    },
    log,
    ...(options.billAcceptors ? { billAcceptors: options.billAcceptors } : {}),
  });
  devices = running;
  stopAll.push(() => running.stop());
  try {
    await running.startRng();
    await rngReady();
    await running.startBill();
  } catch (error) {
    await stopEverything();
    throw error;
  }

  /**
   * Resolves once a deal is safe: the RNG passed its start-up test (SP 800-90B §4.3, docs/rng.md#start-up-test) or a
   * tilt stops play until it does. Without this, a deal in the first moments after start-up met a source
   * still in its start-up test, and the round was voided under a spurious rng-fault.
   */
  function rngReady(): Promise<void> {
    const reader = running.rng().reader;
    if (!reader) return Promise.resolve();
    const safe = (): boolean =>
      reader.status().health === 'healthy' || opened.snapshot().tilts.some((t) => t.kind === 'rng-fault');
    return new Promise((resolve) => {
      let off = (): void => undefined;
      const timer = setTimeout(() => {
        off();
        if (!safe()) {
          const { health, detail } = reader.status();
          opened.raiseFault('rng-fault', 'rng', `not healthy ${RNG_READY_MS} ms after start-up (${health}: ${detail})`);
        }
        resolve();
      }, RNG_READY_MS);
      const check = (): void => {
        if (!safe()) return;
        clearTimeout(timer);
        off();
        resolve();
      };
      off = reader.events.on('status', check);
      check();
    });
  }

  const live = withLiveDevices(opened, running, settingsFor, log);
  // After a damaged journal, its marker goes once the RAM clear has committed (docs/cabinet-rules.md#damaged-journal).
  const cabinetView: typeof live = new Proxy(live, {
    get(target, property) {
      if (property === 'ramClear') return () => ramClearAfterQuarantine(target, options.journalPath);
      return Reflect.get(target, property, target) as unknown;
    },
  });

  // The note test mode ends with the staff session (sign-out, idle sign-out, key off): the acceptor takes money again.
  staff.subscribe((status) => {
    if (status.session === null) running.bill()?.setTestMode(false);
  });
  const cabinetId = env.BACCARAT_CABINET_ID?.trim() || hostname();
  let disposed: Promise<void> | null = null;
  return {
    cabinet: cabinetView,
    staff,
    inputs,
    recovery,
    controls: emulators?.controls ?? { rng: null, billAcceptor: null },
    services: {
      staff,
      paytable: paytableFor,
      journalDamage: journalDamageService(options.journalPath),
      identity: () => {
        const config = opened.venueConfig();
        return { cabinetId, configHash: configHash(config), currency: currencyOf(config) };
      },
      diagnostics: {
        billAcceptor: () => running.bill()?.diagnostics() ?? null,
        rng: () => running.rngDiagnostics(),
        setBillTestMode: (on) => {
          const bill = running.bill();
          if (!bill) return false;
          bill.setTestMode(on);
          return true;
        },
      },
      inputs: () => ({
        keyOn: staff.keyOn(),
        doorOpen: staff.doorOpen(),
        keyFile: inputs.keyFile,
        doorFile: inputs.doorFile,
      }),
      onRefused: (entry) => {
        if (entry.code === 'internal') log(`ipc ${entry.channel}: internal error: ${String(entry.cause)}`);
      },
    },
    recordCrash: (report) => void recordCrash(disposed ? null : openJournal, options.journalPath, report),
    dispose() {
      disposed ??= stopEverything();
      return disposed;
    },
  };
}
