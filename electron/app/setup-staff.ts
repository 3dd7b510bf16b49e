/**
 * Staff access and the switch inputs (docs/cabinet-rules.md#operator-menu-and-key-switch): main's staff sessions on
 * the journal's staff store, with the PINs installed through the environment, and the operator key and door wired
 * to them. The venue config names the GPIO value files; BACCARAT_OPERATOR_KEY_FILE overrides the key's. Stopped
 * before the journal closes.
 */
import type { CabinetCore } from '../core/cabinet/cabinet.ts';
import { installedPins } from '../core/staff/installed-pins.ts';
import { createPinHasher } from '../core/staff/pin-hash.ts';
import { createStaffAccess, type StaffAccess } from '../core/staff/staff-access.ts';
import type { Journal } from '../storage/journal.ts';
import { wireInputs, type CabinetInputs } from './cabinet-inputs.ts';
import type { InputSettings } from './device-settings.ts';

export interface StaffSetup {
  readonly staff: StaffAccess;
  /** The one inputs object the shells hold; `rewire` changes what is behind it. */
  readonly inputs: CabinetInputs;
  /** A change of the GPIO files (a technician's config): the switches are read from the new files. */
  rewire(files: InputSettings): void;
  dispose(): void;
}

export function setupStaff(
  cabinet: CabinetCore,
  journal: Journal,
  files: InputSettings,
  env: Readonly<Record<string, string | undefined>>,
  log: (message: string) => void,
): StaffSetup {
  const installed = installedPins(env);
  for (const problem of installed.problems) log(problem);
  const staff = createStaffAccess({
    store: journal.staff,
    installedPins: installed.pins,
    hasher: createPinHasher(),
    clock: () => new Date(),
    schedule: (delayMs, fn) => {
      const timer = setTimeout(fn, delayMs);
      timer.unref();
      return () => clearTimeout(timer);
    },
    idleSignOutMs: cabinet.venueConfig().staff.idleSignOutS * 1000,
  });
  const wire = (next: InputSettings): CabinetInputs =>
    wireInputs({ cabinet, staff, keyFile: next.operatorKeyFile, doorFile: next.doorFile, log });
  let wired = wire(files);
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
  return {
    staff,
    inputs,
    rewire: (next) => {
      wired.stop();
      wired = wire(next);
    },
    dispose: () => {
      inputs.stop();
      staff.close();
    },
  };
}
