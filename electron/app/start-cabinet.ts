/**
 * The composition root shared by the Electron main process and the browser test host: a list of setup steps, each
 * returning what it made and its disposer, disposed in reverse. The order (docs/cabinet-rules.md#power-loss):
 *  1. the venue config (venue-file.ts): a bad venue file stops start-up before any device or the journal is touched;
 *  2. the journal (setup-journal.ts), opened once: the stored config read from it, critical memory checked and an
 *     interrupted round voided and refunded before anything else starts, so no shell can show credits before recovery;
 *  3. the embedded emulators the devices need, where the shell brings them (development and the browser host; never
 *     bundled into the packaged main), from the config now in force;
 *  4. staff access and the switch inputs (setup-staff.ts);
 *  5. the devices (setup-devices.ts): a real-money cabinet deals only once the hardware RNG passed its start-up test,
 *     or OS entropy the venue approved (docs/rng.md#approved-entropy-source);
 *  6. the stadium link (setup-stadium.ts), only for a cabinet the config, the environment or the host's flags make a
 *     terminal of a table (docs/stadium.md#joining-a-table); a cabinet that plays alone never reaches for a broker;
 *  7. the cabinet the shells see (shell-cabinet.ts) and the router's services; the paytable's exact analysis is
 *     counted on a worker 30 s after start, off the start path (paytable-analysis.ts).
 * Devices (docs/venue-config.md#device-settings): a flag of the browser host, else the environment (the packaged
 * kiosk's systemd unit), else the venue config. A test shell's hooks come in through StartSeams, never the options.
 */
import { hostname } from 'node:os';
import { configHash } from '../core/config/config-hash.ts';
import { EXIT_JOURNAL_DAMAGED } from './crash-policy.ts';
import type { VenueConfig } from '../core/config/venue-config.ts';
import type { EmbeddedEmulators } from '../emulators/emulator-controls.ts';
import { ramClearAfterQuarantine } from '../storage/open-cabinet.ts';
import type { BillAcceptorConstructors } from './bill-acceptor-factory.ts';
import { emulatorsNeeded, resolveDeviceSettings, type DeviceFlags, type DeviceSettings } from './device-settings.ts';
import { journalDamageService } from './journal-damage-service.ts';
import { lateRandom } from './late-random.ts';
import { describeDevices, liveApplyConfig } from './live-devices.ts';
import { paytableOnWorker } from './paytable.ts';
import { paytableAnalyses } from './paytable-analysis.ts';
import { recordCrash } from './process-crash-record.ts';
import type { RunningCabinet } from './running-cabinet.ts';
import { setupDevices } from './setup-devices.ts';
import { setupJournal } from './setup-journal.ts';
import { setupStadium, stadiumOverrideOf, stadiumTerminal } from './setup-stadium.ts';
import { setupStaff } from './setup-staff.ts';
import type { StadiumFlags } from './stadium-flags.ts';
import { shellCabinet } from './shell-cabinet.ts';
import { PRODUCTION_SEAMS, type StartSeams } from './start-seams.ts';
import { describeStart, lastRunCrash } from './start-summary.ts';
import { loadConfig } from './venue-file.ts';

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
  /** The browser host's stadium flags (`--stadium`, `--table`, `--table-public-key`): they win over the environment and the config. */
  readonly stadiumFlags?: StadiumFlags;
  /** The bill acceptor drivers (default: this build's, bill-acceptor-factory.ts); tests inject stubs. */
  readonly billAcceptors?: BillAcceptorConstructors;
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly log: (message: string) => void;
  /**
   * The whole-file check found the running journal damaged (docs/cabinet-rules.md#damaged-journal): play is stopped
   * and the marker written. Default: everything is closed and the process exits with EXIT_JOURNAL_DAMAGED, which
   * systemd restarts; the next start moves the file aside. Tests pass their own.
   */
  readonly restartAfterJournalDamage?: () => void;
  /** When the whole-file check of the journal starts after start-up (default FILE_CHECK_AFTER_MS); tests pass 0. */
  readonly journalFileCheckAfterMs?: number;
}

/** Disposers run in reverse order of setup; one that throws is logged and the rest still run. */
function disposerStack(log: (message: string) => void) {
  const disposers: Array<() => Promise<void> | void> = [];
  let disposed: Promise<void> | null = null;
  return {
    push: (dispose: () => Promise<void> | void): void => void disposers.push(dispose),
    get disposed(): boolean {
      return disposed !== null;
    },
    disposeAll(): Promise<void> {
      disposed ??= (async () => {
        for (const dispose of disposers.splice(0).reverse()) {
          try {
            await dispose();
          } catch (error) {
            log(`shutdown: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
      })();
      return disposed;
    },
  };
}

export async function startCabinet(
  options: StartCabinetOptions,
  seams: StartSeams = PRODUCTION_SEAMS,
): Promise<RunningCabinet> {
  const env = options.env ?? process.env;
  const flags = options.deviceFlags ?? {};
  const { log, journalPath } = options;
  // A given config, the stadium flags laid over it, is checked before the journal opens: a terminal that cannot be
  // one stops start-up untouched.
  const loaded = loadConfig({ ...options, env, stadiumOverride: stadiumOverrideOf(options.stadiumFlags ?? {}, env) });
  const stack = disposerStack(log);
  try {
    const random = lateRandom();
    const restart =
      options.restartAfterJournalDamage ??
      (() => void stack.disposeAll().finally(() => process.exit(EXIT_JOURNAL_DAMAGED)));
    const { journal, cabinet, quarantined, dispose, fileWatch } = await setupJournal(
      journalPath,
      loaded,
      seams.random(random.source),
      log,
      seams.clock,
      {
        restart,
        ...(options.journalFileCheckAfterMs === undefined ? {} : { afterMs: options.journalFileCheckAfterMs }),
      },
    );
    stack.push(dispose);
    const terminal = stadiumTerminal(cabinet); // before any device starts
    const wanted = emulatorsNeeded(cabinet.venueConfig(), flags, env);
    const emulators =
      options.startEmulators && (wanted.rng || wanted.bill) ? await options.startEmulators(log, wanted) : null;
    if (emulators) stack.push(() => emulators.stop());
    const settingsFor = (config: VenueConfig): DeviceSettings =>
      resolveDeviceSettings(config, { flags, env, emulators });
    const settings = settingsFor(cabinet.venueConfig());
    log(describeDevices(settings));
    const staffSetup = setupStaff(cabinet, journal, settings.inputs, env, log);
    stack.push(() => staffSetup.dispose());
    const { staff, inputs } = staffSetup;
    const recovery = describeStart(cabinet, quarantined, lastRunCrash(cabinet, journal, journalPath, log));
    seams.opened(cabinet);
    const { devices, dispose: stopDevices } = await setupDevices(
      cabinet,
      {
        settings,
        stateFile: `${journalPath}.bill-acceptor.json`,
        menuOpen: () => staff.session() !== null,
        applyInputs: (files) => staffSetup.rewire(files),
        log,
        ...(options.billAcceptors ? { billAcceptors: options.billAcceptors } : {}),
      },
      (made) => random.bind(made),
    );
    stack.push(stopDevices);
    const stadium = setupStadium(cabinet, terminal, { env, log });
    stack.push(() => stadium.dispose());
    // The note test mode ends with the staff session (sign-out, idle sign-out, key off): the acceptor takes money again.
    staff.subscribe((status) => {
      if (status.session === null) devices.bill()?.setTestMode(false);
    });
    const analyses = paytableAnalyses();
    stack.push(() => analyses.dispose());
    void analyses.warm(() => cabinet.snapshot().profile);
    const cabinetId = env.BACCARAT_CABINET_ID?.trim() || hostname();
    const shown = shellCabinet(cabinet, {
      applyConfig: liveApplyConfig(cabinet, devices, settingsFor, log),
      ramClear: () => ramClearAfterQuarantine(cabinet, journalPath),
    });
    return {
      cabinet: shown,
      staff,
      inputs,
      recovery,
      journalFileCheck: fileWatch.done,
      controls: emulators?.controls ?? { rng: null, billAcceptor: null },
      services: {
        staff,
        paytable: (snapshot) => paytableOnWorker(analyses, snapshot),
        journalDamage: journalDamageService(journalPath),
        identity: () => {
          const config = cabinet.venueConfig();
          return { cabinetId, configHash: configHash(config), currency: config.currency };
        },
        diagnostics: {
          billAcceptor: () => devices.bill()?.diagnostics() ?? null,
          rng: () => devices.rngDiagnostics(),
          setBillTestMode: (on) => {
            const bill = devices.bill();
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
      recordCrash: (report) => void recordCrash(stack.disposed ? null : journal, journalPath, report),
      dispose: () => stack.disposeAll(),
    };
  } catch (error) {
    await stack.disposeAll();
    throw error;
  }
}
