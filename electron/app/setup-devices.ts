/**
 * The devices (docs/venue-config.md#device-settings, cabinet-devices.ts): the RNG service first, and a real-money
 * cabinet deals only once the hardware RNG has passed its start-up test or a tilt holds play until it does
 * (docs/rng.md#start-up-test); then the bill acceptor, whose escrow refuses every note while a staff session is open.
 */
import type { CabinetCore } from '../core/cabinet/cabinet.ts';
import type { BillAcceptorConstructors } from './bill-acceptor-factory.ts';
import { CabinetDevices } from './cabinet-devices.ts';
import type { DeviceSettings, InputSettings } from './device-settings.ts';
import { gateMoneyIn } from './running-cabinet.ts';

/** How long start-up waits for the hardware RNG's start-up test before tilting play until it passes. */
const RNG_READY_MS = 5000;

export interface DevicesSetup {
  readonly devices: CabinetDevices;
  /** Stops the devices on purpose: their 'disconnected' from now on is not a fault. */
  dispose(): Promise<void>;
}

export interface DeviceWiring {
  readonly settings: DeviceSettings;
  /** Beside the journal, so a crash between a credit and its EVENT_ACK never credits twice. */
  readonly stateFile: string;
  readonly menuOpen: () => boolean;
  readonly applyInputs: (files: InputSettings) => void;
  readonly billAcceptors?: BillAcceptorConstructors;
  readonly log: (message: string) => void;
}

/**
 * Creates the devices and hands them to `started` (the cabinet's random source binds to them there) before the
 * RNG starts; resolves once a deal is safe. A failure stops whatever started and rethrows.
 */
export async function setupDevices(
  cabinet: CabinetCore,
  wiring: DeviceWiring,
  started: (devices: CabinetDevices) => void,
): Promise<DevicesSetup> {
  // An orderly shutdown stops the devices on purpose: a tilt journaled for their 'disconnected' would greet the
  // next start-up.
  let stopping = false;
  const devices = new CabinetDevices({
    settings: wiring.settings,
    report: (status) => {
      if (!stopping) cabinet.reportDevice(status);
    },
    moneyIn: () => gateMoneyIn(cabinet, wiring.menuOpen),
    stateFile: wiring.stateFile,
    applyInputs: wiring.applyInputs,
    log: wiring.log,
    ...(wiring.billAcceptors ? { billAcceptors: wiring.billAcceptors } : {}),
  });
  started(devices);
  const dispose = (): Promise<void> => {
    stopping = true;
    return devices.stop();
  };
  try {
    await devices.startRng();
    await rngReady(cabinet, devices);
    await devices.startBill();
  } catch (error) {
    await dispose().catch(() => undefined);
    throw error;
  }
  return { devices, dispose };
}

/**
 * Resolves once a deal is safe: the RNG passed its start-up test (SP 800-90B §4.3) or a tilt stops play until it
 * does. Without this, a deal in the first moments after start-up met a source still in its start-up test, and the
 * round was voided under a spurious rng-fault.
 */
function rngReady(cabinet: CabinetCore, devices: CabinetDevices): Promise<void> {
  const reader = devices.rng().reader;
  if (!reader) return Promise.resolve();
  const safe = (): boolean =>
    reader.status().health === 'healthy' || cabinet.snapshot().tilts.some((t) => t.kind === 'rng-fault');
  return new Promise((resolve) => {
    let off = (): void => undefined;
    const timer = setTimeout(() => {
      off();
      if (!safe()) {
        const { health, detailCode } = reader.status();
        cabinet.raiseFault('rng-fault', 'rng', {
          code: 'rng-not-ready',
          waitedMs: RNG_READY_MS,
          health,
          deviceDetail: detailCode,
        });
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
