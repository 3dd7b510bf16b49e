/**
 * Main's switch inputs wired to the cabinet and to staff access
 * (docs/cabinet-rules.md#operator-menu-and-key-switch, docs/cabinet-rules.md#door-and-tilt):
 * - the operator key switch turns staff access on and off (off signs the session out);
 * - the door switch calls the cabinet's setDoorOpen (the door-open tilt and its meter);
 * - an input that cannot be read is reported as a device (key-switch, door-switch): a
 *   device-fault tilt that clears when the file reads again, and the key counts as off.
 * The renderer never sets either. Where no file is configured (the browser host, a bench
 * cabinet) the browser host's test controls and the development service panel set them.
 */
import type { Cabinet, DeviceStatus } from '../core/cabinet/cabinet-api.ts';
import type { StaffAccess } from '../core/staff/staff-access.ts';
import { createSwitchInput, type SwitchInput, type SwitchInputOptions } from '../devices/switches/switch-input.ts';

export interface CabinetInputs {
  readonly keyFile: string | null;
  readonly doorFile: string | null;
  /** As if the key turned (test controls and the dev service panel only; a wired key overrides at its next change). */
  setOperatorKey(on: boolean): void;
  /** As if the door opened or closed (test controls and the dev service panel only). */
  setDoor(open: boolean): void;
  stop(): void;
}

export interface InputOptions {
  readonly cabinet: Pick<Cabinet, 'setDoorOpen' | 'reportDevice' | 'snapshot'>;
  readonly staff: Pick<StaffAccess, 'setKey' | 'setDoor'>;
  readonly keyFile: string | null;
  readonly doorFile: string | null;
  readonly log: (message: string) => void;
  readonly createInput?: (options: SwitchInputOptions) => SwitchInput;
}

export function wireInputs(options: InputOptions): CabinetInputs {
  const { cabinet, staff, keyFile, doorFile, log } = options;
  const create = options.createInput ?? createSwitchInput;
  const inputs: SwitchInput[] = [];

  const setOperatorKey = (on: boolean): void => staff.setKey(on);
  const setDoor = (open: boolean): void => {
    cabinet.setDoorOpen(open);
    staff.setDoor(open);
  };
  // Without a door input the door is as the journal left it (a door-open tilt survives a restart).
  staff.setDoor(cabinet.snapshot().tilts.some((t) => t.kind === 'door-open'));

  const report = (status: DeviceStatus): void => {
    log(`${status.device}: ${status.health} (${status.detail})`);
    cabinet.reportDevice(status);
  };

  if (keyFile) {
    const key = create({ name: 'key-switch', file: keyFile });
    key.events.on('change', setOperatorKey);
    key.events.on('status', (status) => {
      if (status.health === 'fault') setOperatorKey(false); // fail closed
      report(status);
    });
    inputs.push(key);
  }
  if (doorFile) {
    const door = create({ name: 'door-switch', file: doorFile });
    door.events.on('change', setDoor);
    door.events.on('status', report);
    inputs.push(door);
  }
  for (const input of inputs) input.start();

  return {
    keyFile,
    doorFile,
    setOperatorKey,
    setDoor,
    stop() {
      for (const input of inputs.splice(0)) input.stop();
    },
  };
}
