/**
 * What the composition root hands to a shell (the Electron main process or the
 * browser test host): the recovered cabinet, staff access, the switch inputs, the
 * router's services and, when the embedded emulators are running, their controls.
 */
import type { Cabinet, DevicePort } from '../core/cabinet/cabinet-api.ts';
import type { StaffAccess } from '../core/staff/staff-access.ts';
import type { RouterServices } from '../ipc/router.ts';
import type { FileCheckOutcome } from './journal-file-watch.ts';
import type { DeviceControls } from '../emulators/emulator-controls.ts';
import type { CabinetInputs } from './cabinet-inputs.ts';
import type { CrashReport } from './process-crash-handler.ts';

export interface RunningCabinet {
  readonly cabinet: Cabinet;
  readonly services: RouterServices;
  readonly controls: DeviceControls;
  /** Main's staff sessions (docs/cabinet-rules.md#operator-menu-and-key-switch). */
  readonly staff: StaffAccess;
  /** The operator key and door switches. */
  readonly inputs: CabinetInputs;
  /** Plain-words summary of what start-up recovery did (voided round, refund), for the log. */
  readonly recovery: string;
  /**
   * The whole-file check of the journal, running beside the cabinet from start-up on
   * (docs/cabinet-rules.md#damaged-journal): what it found, or 'stopped' when the cabinet closed first.
   */
  readonly journalFileCheck?: Promise<FileCheckOutcome>;
  /**
   * Records an unhandled error's crash (process-crash-handler.ts): the journal's row, else the marker beside the
   * journal. Throws only when neither can be written.
   */
  recordCrash(report: CrashReport): void;
  /** Stops the devices and closes the journal. Idempotent. */
  dispose(): Promise<void>;
}

/**
 * The cabinet as the bill acceptor sees it, with money-in refused at escrow while a staff
 * session is open (docs/cabinet-rules.md#operator-menu-and-key-switch).
 */
export function gateMoneyIn(cabinet: DevicePort, menuOpen: () => boolean): DevicePort {
  return {
    snapshot: () => cabinet.snapshot(),
    subscribe: (listener) => cabinet.subscribe(listener),
    canAcceptBill: (valueMinor) =>
      menuOpen()
        ? { accept: false, reason: 'money-in is paused while the staff menu is open' }
        : cabinet.canAcceptBill(valueMinor),
    creditBill: (credit) => cabinet.creditBill(credit),
    reportDevice: (status) => cabinet.reportDevice(status),
    raiseFault: (kind, source, reason) => cabinet.raiseFault(kind, source, reason),
  };
}
